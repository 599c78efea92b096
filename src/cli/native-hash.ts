/** The host's native SHA-256 for the CLI: same digest as the library's default, several times faster. */
import { createHash } from 'node:crypto';
import type { Sha256Hex } from '../log/index.js';

/** SHA-256 hex of the UTF-8 bytes of `text`, by node:crypto. */
export const nativeSha256: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
