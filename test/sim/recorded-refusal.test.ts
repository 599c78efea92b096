/**
 * The recorded refusals (a wrong quote SCA code, a failed SCA login: one event each, on purpose)
 * are recognised by the path as the router matches it. Found by the wire fuzzer (seed 40839647):
 * `POST /quotes/{id}/authorize/?limit=` reached the route through its trailing `/` and recorded
 * the failed attempt, which the check then took for a refusal that wrote an event.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import { recordedRefusal } from '../../src/testing/simulate.js';

const failedAttempt = [{ type: 'QuoteScaAttemptFailed' } as EventEnvelope];

describe('recordedRefusal', () => {
  it('matches a recorded refusal whatever trailing or doubled slashes its path has, as the router routes it', () => {
    for (const path of ['/quotes/Quote:1/authorize', '/quotes/Quote:1/authorize/', '//quotes//Quote:1/authorize/?limit=', '/quotes/Quote:1/authorize?x=1']) {
      expect(recordedRefusal('POST', path, 400, failedAttempt)).toBe(true);
    }
  });

  it('refuses another route, method, status, event type or event count', () => {
    expect(recordedRefusal('POST', '/quotes/Quote:1/execute', 400, failedAttempt)).toBe(false);
    expect(recordedRefusal('GET', '/quotes/Quote:1/authorize', 400, failedAttempt)).toBe(false);
    expect(recordedRefusal('POST', '/quotes/Quote:1/authorize', 404, failedAttempt)).toBe(false);
    expect(recordedRefusal('POST', '/quotes/Quote:1/authorize', 400, [{ type: 'QuoteExecuted' } as EventEnvelope])).toBe(false);
    expect(recordedRefusal('POST', '/quotes/Quote:1/authorize', 400, [...failedAttempt, ...failedAttempt])).toBe(false);
  });
});
