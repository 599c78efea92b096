/**
 * Recognises an uploaded file by its content (magic bytes), never by its name or declared type:
 * JPEG (`FF D8 FF`), PNG (the 8-byte signature) and PDF (`%PDF-`) are accepted (spec: any JPEG,
 * PNG or PDF in sandbox). A recognised file that stops before its format's end marker (JPEG `FF
 * D9`, PNG `IEND` chunk, PDF `%%EOF`) is incomplete. Pure.
 */
import type { DocumentMediaType } from './types.js';

/** What the bytes are: an accepted kind, complete or cut short, or something else. */
export type FileKind =
  | { readonly kind: 'accepted'; readonly mediaType: DocumentMediaType }
  | { readonly kind: 'truncated'; readonly mediaType: DocumentMediaType }
  | { readonly kind: 'empty' }
  | { readonly kind: 'unsupported' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PDF_END = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44]; // IEND
/** PDF allows trailing bytes after %%EOF (line ends, incremental-update padding); look this far back. */
const PDF_END_WINDOW_BYTES = 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (at < 0 || bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function containsFrom(bytes: Uint8Array, needle: readonly number[], from: number): boolean {
  for (let i = Math.max(0, from); i + needle.length <= bytes.length; i += 1) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

/** The kind of `bytes`. Pure. */
export function recogniseFile(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) return { kind: 'empty' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const complete = bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
    return { kind: complete ? 'accepted' : 'truncated', mediaType: 'image/jpeg' };
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    // The IEND chunk is length (4 zero bytes), "IEND", CRC (4 bytes): its type sits 8 bytes from the end.
    const complete = bytes.length >= PNG_SIGNATURE.length + 12 && startsWith(bytes, PNG_IEND, bytes.length - 8);
    return { kind: complete ? 'accepted' : 'truncated', mediaType: 'image/png' };
  }
  if (startsWith(bytes, PDF_SIGNATURE)) {
    const complete = containsFrom(bytes, PDF_END, bytes.length - PDF_END_WINDOW_BYTES);
    return { kind: complete ? 'accepted' : 'truncated', mediaType: 'application/pdf' };
  }
  return { kind: 'unsupported' };
}
