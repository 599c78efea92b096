/**
 * Upcasting: readers turn an old version of an event's data into the current one, step by step,
 * after verification (the stored hash is never recomputed). Writers only ever write current
 * versions, so old shapes live on only here.
 */
import { assert } from '../core/assert.js';
import { err, ok, type Result } from '../core/result.js';
import type { EventEnvelope } from './envelope.js';

/**
 * One step for one event type: turns data of `fromVersion` into data of `toVersion`
 * (toVersion > fromVersion). `upcast` must be pure and must not mutate its argument.
 */
export type Upcaster = {
  type: string;
  fromVersion: number;
  toVersion: number;
  upcast: (data: unknown) => unknown;
};

/**
 * Why an event could not be brought to its current version: its type is not in the table of
 * current versions, its version is newer than this reader knows, or a step is missing.
 */
export type UpcastFault = {
  kind: 'unknown_type' | 'future_version' | 'missing_step';
  seq: number;
  type: string;
  version: number;
  reason: string;
};

/** An upcaster built by createUpcaster. */
export type Upcast = (env: EventEnvelope) => Result<EventEnvelope, UpcastFault>;

/**
 * Builds an upcaster for `currentVersions` (every event type the reader knows, with its current
 * version). Pure: the result returns the input itself when it is already current, otherwise a new
 * envelope with the same seq, id, at, prevHash and stored hash and the upcast data and version;
 * it never mutates the input. Throws only on a bug in the table: a step for an unknown type, a
 * step that does not move forward or goes past the current version, or two steps from one version.
 */
export function createUpcaster(
  upcasters: readonly Upcaster[],
  currentVersions: Readonly<Record<string, number>>,
): Upcast {
  const current = new Map<string, number>();
  for (const [type, version] of Object.entries(currentVersions)) {
    assert(Number.isSafeInteger(version) && version >= 1, `current version of ${type} must be an integer >= 1`);
    current.set(type, version);
  }
  const steps = new Map<string, Map<number, Upcaster>>();
  for (const step of upcasters) {
    const latest = current.get(step.type);
    const name = `upcaster ${step.type} v${step.fromVersion}->v${step.toVersion}`;
    assert(latest !== undefined, `${name}: type has no current version`);
    assert(Number.isSafeInteger(step.fromVersion) && step.fromVersion >= 1, `${name}: fromVersion must be >= 1`);
    // Moving strictly forward and never past current bounds every chain by the current version.
    assert(Number.isSafeInteger(step.toVersion) && step.toVersion > step.fromVersion, `${name}: must move forward`);
    assert(step.toVersion <= latest, `${name}: goes past current version ${latest}`);
    const byFrom = steps.get(step.type) ?? new Map<number, Upcaster>();
    assert(!byFrom.has(step.fromVersion), `${name}: a step from v${step.fromVersion} already exists`);
    byFrom.set(step.fromVersion, step);
    steps.set(step.type, byFrom);
  }

  return (env) => {
    const latest = current.get(env.type);
    const fault = (kind: UpcastFault['kind'], reason: string): Result<EventEnvelope, UpcastFault> =>
      err({ kind, seq: env.seq, type: env.type, version: env.version, reason });
    if (latest === undefined) return fault('unknown_type', `event type ${JSON.stringify(env.type)} is unknown`);
    if (env.version === latest) return ok(env);
    if (env.version > latest) {
      return fault('future_version', `${env.type} v${env.version} is newer than current v${latest}`);
    }
    const byFrom = steps.get(env.type);
    let version = env.version;
    let data = env.data;
    while (version < latest) {
      const step = byFrom?.get(version);
      if (step === undefined) return fault('missing_step', `no upcaster for ${env.type} from v${version}`);
      data = step.upcast(data);
      version = step.toVersion;
    }
    return ok({ ...env, version, data });
  };
}
