/**
 * Assertions that stay on in production. A failed assertion is a bug in this library, never a
 * user error: user errors are returned as `ApiError` data.
 */

/** Thrown only when an internal invariant is broken. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}

/**
 * A logged event that replay cannot apply: a gap, a broken link, or an event the state refuses.
 * `seq` names the event; the message is the underlying InvariantError's.
 */
export class ReplayError extends InvariantError {
  constructor(
    readonly seq: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Throws `InvariantError` unless `condition` holds.
 * @example assert(amountMinor > 0n, 'transfer amount must be positive');
 */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}
