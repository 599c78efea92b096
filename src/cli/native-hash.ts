/** The host's native SHA-256, for the CLI and the benchmarks (it lives with the Node edges in server/). */
export { nativeSha256, nativeSha256Bytes } from '../server/native-hash.js';
