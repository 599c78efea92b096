/**
 * A small seeded pseudo-random generator (sfc32 seeded through splitmix32) for the simulator.
 * Pure and portable: the same seed gives the same numbers on every platform and Node version,
 * which `Math.random` and fast-check's internal generator do not promise across versions.
 */

/** A seeded source of 32-bit unsigned integers. */
export type Random = {
  /** The next unsigned 32-bit integer. */
  readonly next: () => number;
  /** An integer in `[0, bound)`; `bound` must be a positive safe integer. */
  readonly below: (bound: number) => number;
};

/**
 * Creates a generator from `seed` (any safe integer; negative seeds are fine).
 * @example const random = createRandom(42); random.below(6); // 0..5, the same every run
 */
export function createRandom(seed: number): Random {
  let s = (Math.trunc(seed) ^ Math.trunc(seed / 2 ** 32)) >>> 0;
  // splitmix32 spreads a small seed over the four words of the state.
  const split = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i += 1) next();
  return {
    next,
    below(bound) {
      // Two draws give 53 random bits, enough for any safe bound without visible bias.
      const high = next() >>> 11;
      const low = next();
      return Math.floor(((high * 2 ** 32 + low) / 2 ** 53) * bound);
    },
  };
}
