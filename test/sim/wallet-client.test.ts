/**
 * The simulator's synchronous wallet client (src/testing/wallet-client.ts) against the libraries
 * real embedded-wallet clients use: its stamp has the shape `@turnkey/api-key-stamper` gives and
 * verifies like one, its OTP seal opens with `@turnkey/crypto`'s `hpkeDecrypt`, it refuses a
 * target bundle the enclave did not sign, and it opens what `hpkeEncrypt` seals to it.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { hpkeDecrypt, hpkeEncrypt } from '@turnkey/crypto';
import { describe, expect, it } from 'vitest';
import { derivePrivateKey, fromBase64url, parseStamp, stampVerifies } from '../../src/domains/auth/crypto.js';
import { enclavePublicKey, newOtpIssue } from '../../src/domains/auth/otp.js';
import { clientKey, openSealed, sealOtpCode, stamp } from '../../src/testing/wallet-client.js';

const digestOf = (secret: string) => (message: string) => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(message)));
const decode = (header: string) => JSON.parse(new TextDecoder().decode(fromBase64url(header)));

describe('the simulator wallet client interoperates with the Turnkey client libraries', () => {
  it('stamps as ApiKeyStamper does: same fields, same key and scheme, both verify over the exact payload only', async () => {
    const key = clientKey('interop');
    const payload = '{"organizationId":"org_1","parameters":{},"timestampMs":"1","type":"ACTIVITY_TYPE_X"}';
    const mine = stamp(key, payload);
    const theirs = (await new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(payload)).stampHeaderValue;
    expect(Object.keys(decode(mine))).toEqual(Object.keys(decode(theirs)));
    expect({ ...decode(mine), signature: '' }).toEqual({ ...decode(theirs), signature: '' });
    for (const header of [mine, theirs]) {
      const parsed = parseStamp(header);
      expect(parsed && stampVerifies(parsed, payload)).toBe(true);
      expect(parsed && stampVerifies(parsed, `${payload} `)).toBe(false);
    }
    expect(stamp(key, payload)).toBe(mine);
  });

  it('seals the OTP code so that hpkeDecrypt with the target key opens {otp_code, public_key}', () => {
    const digest = digestOf('a host secret of 16+ chars');
    const issue = newOtpIssue(digest, 'OtpIssue:1', Date.UTC(2026, 0, 5));
    const key = clientKey('otp-client');
    const sealed = JSON.parse(sealOtpCode(issue.bundle, enclavePublicKey(digest), '000000', key, 'e1'));
    const opened = hpkeDecrypt({ ciphertextBuf: hexToBytes(sealed.ciphertext), encappedKeyBuf: hexToBytes(sealed.encappedPublic), receiverPriv: bytesToHex(derivePrivateKey(digest, 'otp-target|OtpIssue:1')) });
    expect(JSON.parse(new TextDecoder().decode(opened))).toEqual({ otp_code: '000000', public_key: key.publicKey });
  });

  it('refuses to seal to a bundle not signed by the enclave key it was given', () => {
    const issue = newOtpIssue(digestOf('one host secret, long'), 'OtpIssue:2', 0);
    const other = enclavePublicKey(digestOf('another host secret!!'));
    expect(() => sealOtpCode(issue.bundle, other, '000000', clientKey('c'), 'e2')).toThrow(/not signed by the enclave key/);
  });

  it('opens what hpkeEncrypt seals to its uncompressed key (an export, a legacy session key)', () => {
    const key = clientKey('receiver');
    const sealed = hpkeEncrypt({ plainTextBuf: utf8ToBytes('wallet secret'), targetKeyBuf: hexToBytes(key.publicKeyUncompressed) });
    // hpkeEncrypt answers the compressed encapsulated key, then the ciphertext.
    const encapped = bytesToHex(sealed.slice(0, 33));
    const ciphertext = bytesToHex(sealed.slice(33));
    expect(openSealed(key, JSON.stringify({ encappedPublic: encapped, ciphertext }))).toBe('wallet secret');
    expect(openSealed(clientKey('someone else'), JSON.stringify({ encappedPublic: encapped, ciphertext }))).toBeUndefined();
  });
});
