/**
 * The platform configuration in state: one frozen record, replaced whole by each
 * `PlatformConfigUpdated`. Written only by `configEvolvers`.
 */
import { EMPTY_PLATFORM_CONFIG, type PlatformConfig } from './types.js';

/** Holder of the current configuration (the record is frozen and replaced, never edited). */
export type ConfigStore = { current: PlatformConfig };

/** The store of a new platform. */
export function emptyConfigStore(): ConfigStore {
  return { current: EMPTY_PLATFORM_CONFIG };
}
