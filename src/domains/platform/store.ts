/**
 * Platform settings derived from the log: identity, the `regulated` flag (an engine option, never
 * changed by request), `skipVerificationPaperwork`, and the settlement cut-off that gates
 * balance-change windows (NOT_YET_AVAILABLE).
 */

/** Mutable platform settings, owned by the engine. */
export type PlatformState = {
  initialized: boolean;
  platformId: string;
  regulated: boolean;
  skipVerificationPaperwork: boolean;
  /** Money movements before this instant are settled; undefined means nothing has settled yet. */
  settlementCutoffMs: number | undefined;
  /** Seq of the latest signed checkpoint (`LogCheckpointSigned`); absent before the first. */
  lastCheckpointSeq?: number;
};

/** Settings before the genesis event. */
export function emptyPlatformState(platformId: string, regulated: boolean): PlatformState {
  return { initialized: false, platformId, regulated, skipVerificationPaperwork: false, settlementCutoffMs: undefined };
}
