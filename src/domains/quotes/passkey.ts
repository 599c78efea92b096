/**
 * Authorizing a quote's SCA challenge with the customer's enrolled passkey instead of a code:
 * a WebAuthn assertion over the quote's `scaChallenge.passkeyAssertionOptions.challenge`
 * (base64url of the challenge id's text), from the enrolled passkey's origin. Pure.
 */
import { encodeBase64UrlText } from '../../core/base64.js';
import { verifyAssertionOver } from '../auth/webauthn.js';
import type { DomainState } from '../state.js';
import type { AssertionJson } from '../sca/decide.js';

/** True when `request` carries a passkey assertion that verifies for `customerId` over challenge `challengeId`. */
export function quotePasskeyAccepted(state: DomainState, customerId: string, challengeId: string, request: { readonly passkeyAssertion?: AssertionJson | undefined; readonly origin?: string | undefined }): boolean {
  const passkey = state.sca.byCustomer.get(customerId)?.passkey;
  const assertion = request.passkeyAssertion;
  if (passkey === undefined || assertion === undefined || request.origin !== passkey.origin) return false;
  const input = { credentialId: assertion.id, clientDataJson: assertion.response.clientDataJSON, authenticatorData: assertion.response.authenticatorData, signature: assertion.response.signature };
  // The counter is not advanced here: each challenge id is new, so an assertion cannot be replayed on another quote.
  return verifyAssertionOver({ ...passkey, signCount: 0 }, input, encodeBase64UrlText(challengeId)).ok;
}
