/**
 * Base64 for the few places the API speaks it (HTTP Basic credentials, list cursors, the SCA
 * challenge, card payloads), through @scure/base so that the library runs wherever there is no
 * Node `Buffer` (browsers, Deno, workers). Decoders return undefined for malformed text instead
 * of throwing: their input comes from callers.
 */
import { base64, base64urlnopad } from '@scure/base';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** Standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Bytes of standard base64; missing padding is tolerated, anything else malformed is undefined. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  try {
    return base64.decode(text.padEnd(text.length + ((4 - (text.length % 4)) % 4), '='));
  } catch {
    return undefined;
  }
}

/** URL-safe base64 of UTF-8 text, without padding (what Node calls base64url). */
export function encodeBase64UrlText(text: string): string {
  return base64urlnopad.encode(utf8Encoder.encode(text));
}

/** UTF-8 text of unpadded URL-safe base64, or undefined when malformed. */
export function decodeBase64UrlText(text: string): string | undefined {
  try {
    return utf8Decoder.decode(base64urlnopad.decode(text));
  } catch {
    return undefined;
  }
}

/** Standard base64 of UTF-8 text. */
export function encodeBase64Text(text: string): string {
  return encodeBase64(utf8Encoder.encode(text));
}

/** UTF-8 text of standard base64 (invalid UTF-8 becomes U+FFFD), or undefined when malformed. */
export function decodeBase64Text(text: string): string | undefined {
  const bytes = decodeBase64(text);
  return bytes === undefined ? undefined : utf8Decoder.decode(bytes);
}
