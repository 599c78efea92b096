/**
 * Identifier validators for external accounts: ABA routing numbers, IBANs, CLABEs, UK sort codes
 * and account numbers, and the wallet address formats we accept. Each is a pure predicate (or a
 * normaliser) with no knowledge of requests or state, so schemas, deciders and tests share one
 * definition. docs/external-accounts.md lists the rules and what is deliberately not checked.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// ---------------------------------------------------------------------------------------------
// US bank accounts
// ---------------------------------------------------------------------------------------------

/** Shortest and longest US bank account number, in digits (no national standard; banks use 4..17). */
export const US_ACCOUNT_NUMBER_DIGITS_MIN = 4;
export const US_ACCOUNT_NUMBER_DIGITS_MAX = 17;

/**
 * True when `routingNumber` is a valid ABA routing transit number: nine digits, a Federal Reserve
 * prefix (00-12 banks, 21-32 thrifts, 61-72 electronic, 80 traveller's cheques) and the ABA check
 * digit: 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. Pure.
 */
export function isAbaRoutingNumber(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const prefix = Number(routingNumber.slice(0, 2));
  const prefixOk = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!prefixOk) return false;
  const d = [...routingNumber].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += (d[i] ?? 0) * (weights[i] ?? 0);
  return sum % 10 === 0;
}

/** True when `accountNumber` is 4 to 17 digits. Pure. */
export function isUsAccountNumber(accountNumber: string): boolean {
  return new RegExp(`^\\d{${US_ACCOUNT_NUMBER_DIGITS_MIN},${US_ACCOUNT_NUMBER_DIGITS_MAX}}$`).test(accountNumber);
}

// ---------------------------------------------------------------------------------------------
// IBAN (ISO 13616) and BIC (ISO 9362)
// ---------------------------------------------------------------------------------------------

/** IBAN length by country, from the SWIFT IBAN registry (the countries we accept). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze({
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27,
  GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26,
  IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24,
  ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29,
  RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24,
  TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
});

/**
 * Countries whose IBANs can receive SEPA euro payments (EU, EEA, and the non-EEA SEPA members
 * that issue their own IBANs). A EUR_ACCOUNT must hold one of these, since its rails are SEPA.
 */
export const SEPA_IBAN_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' + // EU
    'IS LI NO ' + // EEA
    'CH GB MC SM VA AD GI' // other SEPA members
  ).split(' '),
);

/** The electronic form of an IBAN: spaces removed, letters upper-cased. Pure. */
export function normalizeIban(iban: string): string {
  return iban.replace(/ /g, '').toUpperCase();
}

/**
 * True when `iban` (electronic form, see `normalizeIban`) has a known country, that country's
 * length, alphanumerics only, and passes the ISO 7064 mod-97 check (remainder 1). Pure.
 */
export function isIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  return ibanRemainder(iban) === 1;
}

/** The mod-97 remainder of an IBAN after moving its first four characters to the end. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : char.charCodeAt(0) - 48;
    // Letters are two digits (A=10 .. Z=35); fold them in one decimal digit at a time.
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * The two check digits that make `country + '00' + bban` a valid IBAN. Pure; used by the sandbox
 * tooling and tests to build IBANs that end in a chosen suffix.
 */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = ibanRemainder(`${country}00${bban}`);
  return String(98 - remainder).padStart(2, '0');
}

/** True when `bic` has the BIC shape: 4-letter institution, 2-letter country, 2 location, optional 3 branch. Pure. */
export function isBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
}

// ---------------------------------------------------------------------------------------------
// Mexico: CLABE
// ---------------------------------------------------------------------------------------------

/** The CLABE check digit of the first 17 digits: weights 3,7,1 repeating, each product mod 10. Pure. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10;
}

/** True when `clabe` is 18 digits whose last digit is the CLABE check digit of the first 17. Pure. */
export function isClabe(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

// ---------------------------------------------------------------------------------------------
// United Kingdom
// ---------------------------------------------------------------------------------------------

/** True when `accountNumber` is a UK account number: exactly 8 digits. Pure. */
export function isUkAccountNumber(accountNumber: string): boolean {
  return /^\d{8}$/.test(accountNumber);
}

/** True when `sortCode` is a UK sort code: exactly 6 digits, no dashes. Pure. */
export function isUkSortCode(sortCode: string): boolean {
  return /^\d{6}$/.test(sortCode);
}

// ---------------------------------------------------------------------------------------------
// Wallet addresses
// ---------------------------------------------------------------------------------------------

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Longest base58 text we decode (a 32-byte key is at most 44 characters). */
const BASE58_LENGTH_MAX = 64;

/**
 * Decodes base58 (Bitcoin alphabet: no 0, O, I, l) to bytes; undefined when a character is
 * outside the alphabet or the text is longer than 64 characters. Pure.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > BASE58_LENGTH_MAX) return undefined;
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.push(Number(value % 256n));
    value /= 256n;
  }
  // Each leading '1' stands for one leading zero byte.
  for (const char of text) {
    if (char !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** Encodes bytes as base58 (Bitcoin alphabet). Pure; the inverse of `decodeBase58`. */
export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = (BASE58_ALPHABET[Number(value % 58n)] as string) + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** True when `address` is a Solana address: base58 text that decodes to exactly 32 bytes (an ed25519 key). Pure. */
export function isSolanaAddress(address: string): boolean {
  return address.length >= 32 && address.length <= 44 && decodeBase58(address)?.length === 32;
}

/**
 * True when `address` is an EVM address: `0x` and 40 hex digits. All-lower or all-upper case
 * carries no checksum; mixed case must match its EIP-55 checksum (a typo in a checksummed address
 * is caught instead of sending funds to a wrong address). Pure.
 */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toEip55(hex.toLowerCase()) === hex;
}

/** The EIP-55 mixed-case form of 40 lowercase hex digits. Pure. */
export function toEip55(lowerHex: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(lowerHex)));
  let out = '';
  for (let i = 0; i < lowerHex.length; i += 1) {
    const char = lowerHex[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** Spark network prefixes (bech32m human-readable parts), current and legacy short forms. */
export const SPARK_ADDRESS_PREFIXES = ['spark', 'sparkrt', 'sparkt', 'sparks', 'sparkl', 'sp', 'sprt', 'spt', 'sps', 'spl'] as const;
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** Length bounds of a Spark address's data part (after the `1` separator). */
const SPARK_DATA_LENGTH_MIN = 20;
const SPARK_DATA_LENGTH_MAX = 120;

/**
 * True when `address` has the shape of a Spark address: a Spark network prefix, the bech32
 * separator `1`, then 20..120 lowercase bech32 characters (no 1, b, i, o). The bech32m checksum
 * is not verified: the sandbox's suffix tables sit in the checksum's characters, so a checked
 * address could not be chosen by hand (docs/external-accounts.md). Pure.
 */
export function isSparkAddress(address: string): boolean {
  const separator = address.lastIndexOf('1');
  if (separator <= 0) return false;
  const prefix = address.slice(0, separator);
  const data = address.slice(separator + 1);
  if (!(SPARK_ADDRESS_PREFIXES as readonly string[]).includes(prefix)) return false;
  if (data.length < SPARK_DATA_LENGTH_MIN || data.length > SPARK_DATA_LENGTH_MAX) return false;
  for (const char of data) if (!BECH32_CHARSET.includes(char)) return false;
  return true;
}

/** Longest Lightning address username (LUD-16) and domain we accept. */
const LIGHTNING_USERNAME_LENGTH_MAX = 64;
const LIGHTNING_DOMAIN_LENGTH_MAX = 253;

/**
 * True when `address` is a Lightning address (LUD-16): `username@domain`, the username of
 * lowercase letters, digits, `-`, `_` and `.`, the domain a lowercase host name with a dot. Pure.
 */
export function isLightningAddress(address: string): boolean {
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@')) return false;
  const username = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (username.length > LIGHTNING_USERNAME_LENGTH_MAX || domain.length > LIGHTNING_DOMAIN_LENGTH_MAX) return false;
  return /^[a-z0-9._-]+$/.test(username) && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(domain);
}

/** Length of a decoded Tron address: 0x41, 20 bytes of account, 4 bytes of checksum. */
const TRON_ADDRESS_BYTES = 25;
/** The version byte of a Tron main-net address (the one that makes its text start with T). */
const TRON_ADDRESS_VERSION = 0x41;

/**
 * True when `address` is a Tron address: `T` and 33 base58 characters that decode to 25 bytes,
 * the version byte 0x41, 20 bytes of account and the first 4 bytes of the double SHA-256 of
 * those 21 (Base58Check), so a typo is caught. Pure.
 */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = decodeBase58(address);
  if (bytes?.length !== TRON_ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_VERSION) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21)));
  return bytes.subarray(21).every((byte, i) => byte === checksum[i]);
}

/**
 * True when `invoice` has the shape of a BOLT11 invoice: `ln`, a network prefix (bc, tb, bcrt,
 * tbs) with an optional amount, the bech32 separator `1` and bech32 characters; any case, not
 * mixed (bech32). The signature and checksum are not verified. Pure.
 */
export function isBolt11Invoice(invoice: string): boolean {
  const lower = invoice.toLowerCase();
  if (invoice !== lower && invoice !== invoice.toUpperCase()) return false;
  return /^ln(bc|tb|bcrt|tbs)[0-9]*[munp]?1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/.test(lower);
}

/** True when `offer` has the shape of a BOLT12 offer: `lno1` and bech32 characters (any case, not mixed). Pure. */
export function isBolt12Offer(offer: string): boolean {
  const lower = offer.toLowerCase();
  if (offer !== lower && offer !== offer.toUpperCase()) return false;
  return /^lno1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/.test(lower);
}
