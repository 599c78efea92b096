/**
 * Upload bodies: a request whose `content-type` is `multipart/form-data` is never read as JSON.
 * Its body (a `Uint8Array`, or a string taken as UTF-8 text) is kept as bytes for the route that
 * reads it (documents, bulk customer CSV), bounded by `UPLOAD_LIMITS.bodyBytesMax` instead of the
 * JSON limit `REQUEST_LIMITS.bodyBytesMax`: the reference allows 10 MB files, far past 256 KiB.
 * Each upload route then applies its own, tighter limit to what it reads (docs/identity.md).
 * Pure: no I/O; hashing uses @noble/hashes.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';

/** The bounds of an upload body (multipart/form-data). */
export const UPLOAD_LIMITS = {
  /** The whole multipart body, framing included (413 PAYLOAD_TOO_LARGE past it). */
  bodyBytesMax: 10_485_760 + 1_048_576,
} as const;

/** A body kept as bytes, with the content type it came with. */
export type RawBody = { readonly contentType: string; readonly bytes: Uint8Array };

/** True when a request with this `content-type` carries an upload body (kept as bytes). Pure. */
export function isUploadContentType(contentType: string | undefined): contentType is string {
  return contentType !== undefined && /^\s*multipart\/form-data\s*(;|$)/i.test(contentType);
}

/**
 * The body's bytes: a `Uint8Array` as given (a Node `Buffer` is one), a string as UTF-8, nothing
 * as zero bytes; anything else is 400 INVALID_REQUEST_FORMAT and past the limit 413. Pure.
 */
export function readUploadBody(body: unknown): Result<Uint8Array, ApiError> {
  let bytes: Uint8Array;
  if (body === undefined) bytes = new Uint8Array(0);
  else if (body instanceof Uint8Array) bytes = body;
  else if (typeof body === 'string') {
    // A UTF-8 character is at most 3 bytes per UTF-16 unit: refuse before encoding a huge string.
    if (body.length > UPLOAD_LIMITS.bodyBytesMax) return err(uploadTooLarge());
    bytes = new TextEncoder().encode(body);
  } else return err(apiError('INVALID_REQUEST_FORMAT', 'A multipart/form-data body must be bytes or text'));
  if (bytes.length > UPLOAD_LIMITS.bodyBytesMax) return err(uploadTooLarge());
  return ok(bytes);
}

/** What idempotency compares for an upload: the content type and a hash of the bytes. Pure. */
export function uploadBodyText(raw: RawBody): string {
  return `${raw.contentType}\n${bytesToHex(sha256(raw.bytes))}`;
}

function uploadTooLarge(): ApiError {
  return apiError('PAYLOAD_TOO_LARGE', `An upload body is larger than ${UPLOAD_LIMITS.bodyBytesMax} bytes`);
}
