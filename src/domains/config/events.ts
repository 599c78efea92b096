/** Config events: one `PlatformConfigUpdated` per accepted `PATCH /config` that changes something. */
import type { PlatformConfig } from './types.js';

/** The whole configuration after the change (JSON-safe), with the setting kept in `state.platform`. */
export type PlatformConfigUpdated = {
  readonly skipVerificationPaperwork: boolean;
  readonly config: PlatformConfig;
};

/** Event type names of this domain. */
export const CONFIG_EVENTS = { updated: 'PlatformConfigUpdated' } as const;
