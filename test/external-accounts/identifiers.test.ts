/**
 * Identifier validators: ABA routing numbers, IBANs of several countries (mod-97 and lengths),
 * CLABEs, UK numbers, and wallet addresses (Solana base58, EVM with EIP-55, Spark, Lightning).
 */
import { describe, expect, it } from 'vitest';
import {
  clabeCheckDigit,
  decodeBase58,
  encodeBase58,
  ibanCheckDigits,
  isAbaRoutingNumber,
  isBic,
  isClabe,
  isEvmAddress,
  isIban,
  isLightningAddress,
  isSolanaAddress,
  isSparkAddress,
  isUkAccountNumber,
  isUkSortCode,
  isUsAccountNumber,
  normalizeIban,
  toEip55,
} from '../../src/domains/external-accounts/identifiers.js';

describe('ABA routing numbers', () => {
  it.each(['021000021', '011000015', '121000358', '026009593', '322271627'])('accepts %s', (routing) => {
    expect(isAbaRoutingNumber(routing)).toBe(true);
  });

  it.each([
    ['021000022', 'wrong check digit'],
    ['123456789', 'wrong check digit'],
    ['500000005', 'check digit passes but 50 is no Federal Reserve prefix'],
    ['02100002', 'eight digits'],
    ['0210000210', 'ten digits'],
    ['02100002A', 'a letter'],
    ['', 'empty'],
  ])('rejects %s (%s)', (routing) => {
    expect(isAbaRoutingNumber(routing)).toBe(false);
  });

  it('accepts US account numbers of 4 to 17 digits only', () => {
    expect(isUsAccountNumber('1234')).toBe(true);
    expect(isUsAccountNumber('12345678901234567')).toBe(true);
    expect(isUsAccountNumber('123')).toBe(false);
    expect(isUsAccountNumber('123456789012345678')).toBe(false);
    expect(isUsAccountNumber('12 34')).toBe(false);
  });
});

describe('IBANs', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'CH9300762011623852957',
    'NO9386011117947',
    'AT611904300234573201',
    'PL61109010140000071219812874',
    'SA0380000000608010167519',
  ])('accepts %s', (iban) => {
    expect(isIban(iban)).toBe(true);
  });

  it.each([
    ['DE89370400440532013001', 'mod-97 fails'],
    ['DE88370400440532013000', 'wrong check digits'],
    ['DE8937040044053201300', 'one character short for DE'],
    ['DE893704004405320130000', 'one character long for DE'],
    ['XX89370400440532013000', 'unknown country'],
    ['de89370400440532013000', 'not in electronic form (lower case)'],
    ['DE89 3704 0044 0532 0130 00', 'not in electronic form (spaces)'],
    ['GB82WEST1234569876543!', 'a symbol'],
  ])('rejects %s (%s)', (iban) => {
    expect(isIban(iban)).toBe(false);
  });

  it('normalises the print form to the electronic form', () => {
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(isIban(normalizeIban('gb82 west 1234 5698 7654 32'))).toBe(true);
  });

  it('computes the check digits that make an IBAN valid', () => {
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
    const bban = '370400440532013102';
    expect(isIban(`DE${ibanCheckDigits('DE', bban)}${bban}`)).toBe(true);
  });

  it('accepts BICs of 8 and 11 characters only', () => {
    expect(isBic('COBADEFF')).toBe(true);
    expect(isBic('COBADEFFXXX')).toBe(true);
    expect(isBic('COBADEF')).toBe(false);
    expect(isBic('COBADEFFXX')).toBe(false);
    expect(isBic('cobadeff')).toBe(false);
    expect(isBic('C0BADEFF')).toBe(false);
  });
});

describe('CLABEs', () => {
  it('accepts a CLABE whose 18th digit is the weighted check digit', () => {
    expect(isClabe('032180000118359719')).toBe(true);
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
  });

  it.each([
    ['032180000118359718', 'wrong check digit'],
    ['03218000011835971', '17 digits'],
    ['0321800001183597190', '19 digits'],
    ['03218000011835971X', 'a letter'],
  ])('rejects %s (%s)', (clabe) => {
    expect(isClabe(clabe)).toBe(false);
  });

  it('has exactly one valid check digit for any 17 digits', () => {
    const valid = [...'0123456789'].filter((d) => isClabe(`01234567890123456${d}`));
    expect(valid).toHaveLength(1);
  });
});

describe('UK sort codes and account numbers', () => {
  it('accepts exactly 6 and 8 digits', () => {
    expect(isUkSortCode('200000')).toBe(true);
    expect(isUkSortCode('20-00-00')).toBe(false);
    expect(isUkSortCode('20000')).toBe(false);
    expect(isUkAccountNumber('12345678')).toBe(true);
    expect(isUkAccountNumber('1234567')).toBe(false);
    expect(isUkAccountNumber('123456789')).toBe(false);
  });
});

describe('wallet addresses', () => {
  it.each(['So11111111111111111111111111111111111111112', '11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'])(
    'accepts the Solana address %s (32 bytes)',
    (address) => {
      expect(isSolanaAddress(address)).toBe(true);
    },
  );

  it.each([
    ['So1111111111111111111111111111111111111111O', 'O is not base58'],
    ['So11111111111111111111111111111111111111110', '0 is not base58'],
    ['1111111111111111111111111111111', '31 bytes'],
    ['zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 'more than 32 bytes'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', 'an EVM address'],
  ])('rejects the Solana address %s (%s)', (address) => {
    expect(isSolanaAddress(address)).toBe(false);
  });

  it('round-trips base58', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 3, 255, 128]);
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    expect(decodeBase58('0')).toBeUndefined();
  });

  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
  ])('accepts the EVM address %s (EIP-55 or single case)', (address) => {
    expect(isEvmAddress(address)).toBe(true);
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'one letter of the checksum case flipped'],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', '39 hex digits'],
    ['5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'no 0x'],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', 'not hex'],
  ])('rejects the EVM address %s (%s)', (address) => {
    expect(isEvmAddress(address)).toBe(false);
  });

  it('computes the EIP-55 form', () => {
    expect(toEip55('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });

  it.each([
    'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu',
    'sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu',
    'sprt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu',
  ])('accepts the Spark address %s', (address) => {
    expect(isSparkAddress(address)).toBe(true);
  });

  it.each([
    ['bc1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu', 'a Bitcoin prefix'],
    ['spark1PGSSYUUUHNRRDJSWAL5C3S3RAFW9W3Y5DD4CJY3DUXLF7HJZKP0RQX6DJ6MRHU', 'upper case'],
    ['spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhb', 'b is not bech32'],
    ['spark1pgssyuuuhn', 'too short'],
    ['sparkpgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu', 'no separator'],
  ])('rejects the Spark address %s (%s)', (address) => {
    expect(isSparkAddress(address)).toBe(false);
  });

  it.each(['alice@example.com', 'alice.b_c-102@pay.example.co.uk'])('accepts the Lightning address %s', (address) => {
    expect(isLightningAddress(address)).toBe(true);
  });

  it.each([
    ['Alice@example.com', 'upper case username'],
    ['alice@localhost', 'a domain without a dot'],
    ['alice@@example.com', 'two @'],
    ['@example.com', 'no username'],
    ['alice', 'no domain'],
    ['al ice@example.com', 'a space'],
  ])('rejects the Lightning address %s (%s)', (address) => {
    expect(isLightningAddress(address)).toBe(false);
  });
});
