/**
 * A parsed multipart form as plain data. The API layer parses it (api/multipart.ts); deciders
 * read uploads from it, and domains may not import the API layer, so the shape lives here.
 */

/** One uploaded file part. */
export type FormFile = { readonly fileName: string; readonly bytes: Uint8Array };

/** A parsed form: text fields and files by part name, and names sent more than once. */
export type Form = {
  readonly fields: ReadonlyMap<string, string>;
  readonly files: ReadonlyMap<string, FormFile>;
  readonly repeated: readonly string[];
};
