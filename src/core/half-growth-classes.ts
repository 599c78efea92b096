/**
 * Block size classes of an arena whose blocks grow by half (core/position-arena.ts grown by half,
 * listing/offset-arena.ts): class k holds `sizes[k]` words, each size half again the last (rounded
 * up) from two given first sizes, up to past 2^30. A list then leaves about a sixth of its block
 * spare on average, where doubling leaves about a quarter.
 */

// Sizes below this many words find their class by one table read (an append's common case).
const LOOKUP = 4096;

/** The sizes in words by class, and each size's class below `LOOKUP` words (one read). */
export type HalfGrowthClasses = { readonly sizes: readonly number[]; readonly classBySize: Uint8Array };

/**
 * The classes whose first two sizes are `first` and `second`.
 *
 * @example
 * halfGrowthClasses(2, 3).sizes.slice(0, 6); // [2, 3, 5, 8, 12, 18]
 */
export function halfGrowthClasses(first: number, second: number): HalfGrowthClasses {
  const sizes = [first, second];
  while (sizes[sizes.length - 1]! < 2 ** 30) sizes.push(Math.ceil(sizes[sizes.length - 1]! * 1.5));
  const classBySize = new Uint8Array(LOOKUP);
  let cls = 0;
  for (let size = 0; size < LOOKUP; size += 1) {
    while (sizes[cls]! < size) cls += 1;
    classBySize[size] = cls;
  }
  return { sizes, classBySize };
}

/** The class of the smallest block of `classes` that holds `words` words. */
export function halfGrowthClassHolding(classes: HalfGrowthClasses, words: number): number {
  if (words < LOOKUP) return classes.classBySize[words]!;
  let cls = classes.classBySize[LOOKUP - 1]!;
  while (classes.sizes[cls]! < words) cls += 1;
  return cls;
}
