/** A value or an error, as data. Domain rejections travel as `Err`, never as exceptions. */
export type Ok<T> = { readonly ok: true; readonly value: T };
/** The failing side of a `Result`. */
export type Err<E> = { readonly ok: false; readonly error: E };
/** Either `Ok<T>` or `Err<E>`; switch on `ok`. */
export type Result<T, E> = Ok<T> | Err<E>;

/** Wraps a success value. */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** Wraps an error value. */
export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
