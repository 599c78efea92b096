/**
 * Reads a multipart/form-data body (kept as bytes by `parseRequest`, src/api/raw-body.ts) into
 * its text fields and files with @remix-run/multipart-parser, a maintained parser that runs on a
 * `Uint8Array` with no I/O. Every problem is an `ApiError`, never a throw: a missing boundary or
 * broken framing is 400 INVALID_REQUEST_FORMAT, a part past the route's limit 400 INVALID_INPUT.
 */
import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MultipartParseError,
  parseMultipart,
} from '@remix-run/multipart-parser';
import { type ApiError, apiError, invalidInput } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { ParsedRequest } from './request.js';
import type { Form, FormFile } from '../core/form.js';

export type { Form, FormFile } from '../core/form.js';

/** The bounds a route puts on its form. */
export type FormLimits = {
  /** Largest part (file or field) in bytes. */
  readonly partBytesMax: number;
  /** Most parts. */
  readonly partsMax: number;
};

/** Longest text field value kept (a longer one is an INVALID_INPUT error on that field). */
const FIELD_CHARS_MAX = 4_096;

/**
 * The request's multipart form. A request that is not multipart/form-data is 400 INVALID_INPUT
 * on `body` (the route takes uploads only). Pure.
 */
export function readForm(request: ParsedRequest, limits: FormLimits): Result<Form, ApiError> {
  const raw = request.raw;
  if (raw === undefined) {
    const message = 'The body must be multipart/form-data (Content-Type: multipart/form-data; boundary=...)';
    return err(invalidInput([{ field: 'body', message }], message));
  }
  const boundary = getMultipartBoundary(raw.contentType);
  if (boundary === null || boundary === '') return err(apiError('INVALID_REQUEST_FORMAT', 'The multipart Content-Type names no boundary'));
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  const repeated: string[] = [];
  try {
    const parts = parseMultipart(raw.bytes, {
      boundary,
      maxFileSize: limits.partBytesMax,
      maxParts: limits.partsMax,
      maxTotalSize: limits.partBytesMax + limits.partsMax * FIELD_CHARS_MAX,
    });
    for (const part of parts) {
      const name = part.name;
      if (name === undefined || name === '') continue;
      if (fields.has(name) || files.has(name)) {
        if (!repeated.includes(name)) repeated.push(name);
        continue;
      }
      if (part.filename !== undefined) files.set(name, { fileName: part.filename, bytes: part.bytes });
      else {
        const text = part.text;
        if (text.length > FIELD_CHARS_MAX) {
          const message = `${name} must be at most ${FIELD_CHARS_MAX} characters`;
          return err(invalidInput([{ field: name, constraint: { maxLength: FIELD_CHARS_MAX }, message }], message));
        }
        fields.set(name, text);
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      const message = `An uploaded part is larger than ${limits.partBytesMax} bytes`;
      return err(invalidInput([{ field: 'file', message }], message));
    }
    if (error instanceof MaxPartsExceededError) return err(apiError('INVALID_REQUEST_FORMAT', `A form may have at most ${limits.partsMax} parts`));
    if (error instanceof MultipartParseError) return err(apiError('INVALID_REQUEST_FORMAT', 'The multipart body is malformed'));
    // Anything else the parser throws is still bad input, never a defect of the engine.
    return err(apiError('INVALID_REQUEST_FORMAT', 'The multipart body could not be read'));
  }
  return ok({ fields, files, repeated });
}

/**
 * Builds a multipart/form-data body (for tests, the demo and clients): text fields, then files.
 * Returns the content type (with its boundary) and the bytes. Pure.
 */
export function encodeForm(
  fields: Readonly<Record<string, string>>,
  files: Readonly<Record<string, { readonly fileName: string; readonly bytes: Uint8Array; readonly mediaType?: string }>> = {},
  boundary = '----payments-engine-form-boundary',
): { contentType: string; body: Uint8Array } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    const type = file.mediaType ?? 'application/octet-stream';
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.fileName}"\r\nContent-Type: ${type}\r\n\r\n`));
    chunks.push(file.bytes, encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}
