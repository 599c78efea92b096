/**
 * The places where the spec copy wins over the reference, so a body that follows the spec copy
 * is not a violation. Each entry names the operation(s), the validator message it excuses and
 * why. Keep it small: anything else is a bug to fix (docs/wire-contract.md).
 */

/** One excused difference. */
export type Allowed = { readonly operation: RegExp; readonly error: RegExp; readonly why: string };

/** Every excused difference. */
export const ALLOWED: readonly Allowed[] = [
  {
    operation: /^GET \/(customers|agents\/me)\/internal-accounts$/,
    error: /^\/data\/\d+\/type must be equal to one of the allowed values \["INTERNAL_FIAT","INTERNAL_CRYPTO","EMBEDDED_WALLET"\]$/,
    why: 'DECISIONS.md (Internal accounts) adds the types RULE_BASED and BULK_SETTLEMENT, made by POST /internal-accounts, an operation the reference lacks',
  },
  {
    operation: /^(GET|PATCH|POST) \/agents/,
    error: /\/policy\/spendingLimits( must be object|\/perTransactionLimit must be integer)$/,
    why: 'DECISIONS.md (Agents): a policy may have no spending limits ("null means none"); the reference requires spendingLimits and perTransactionLimit and has no way to say "no limit"',
  },
  {
    operation: /^(GET|PATCH|POST) \/cards/,
    error: /\/form must be equal to one of the allowed values \["VIRTUAL"\]$/,
    why: 'DECISIONS.md (Cards) names form VIRTUAL | PHYSICAL; physical cards stay readable (existing logs hold them) where the reference lists VIRTUAL only',
  },
  {
    operation: /external-accounts/,
    error: /\/accountInfo\/(iban|accountNumber|clabeNumber) must match pattern/,
    why: 'DECISIONS.md (External accounts): identifiers are masked but their last four characters; a masked IBAN, account number or CLABE (****...) cannot match the reference\'s digit patterns',
  },
  {
    operation: /^POST \/sandbox\/cards\/\{id\}\/simulate\/balance_inquiry$/,
    error: /^\(body\) must have required property 'issuerTransactionToken'$/,
    why: 'DECISIONS.md (Cards): each simulate call answers the card transaction it made; a balance inquiry makes none (it writes no event), so it has no transaction to name as issuerTransactionToken',
  },
  {
    operation: /^GET \/transactions(\/\{transactionId\})?$/,
    error: /^(\/data\/\d+)?\/failureReason must be equal to one of the allowed values \["LNURLP_FAILED",/,
    why: 'spec copy (IncomingTransactionFailureReason values) adds SWEEP_AMOUNT_OUT_OF_RANGE and SWEEP_QUOTE_FAILED for rule-based sweeps, which the reference lacks (the only incoming reasons the engine writes beyond the reference\'s enum)',
  },
  {
    operation: /^GET \/transactions(\/\{transactionId\})?$/,
    error: /^(\/data\/\d+|\(body\)) must have required property 'receivedAmount'$/,
    why: 'spec copy (Transaction fields): receivedAmount is "absent only for rule-based sweeps that could not be quoted"; every other incoming row answers it',
  },
  {
    operation: /^GET \/transactions$/,
    error: /^\/data\/\d+\/status must be equal to one of the allowed values \["AUTHORIZED","PARTIALLY_SETTLED","SETTLED","REFUNDED","EXCEPTION"\]$/,
    why: 'DECISIONS.md (Cards): card transaction statuses include DECLINED and VOIDED (an expired authorization), which the reference\'s CardTransaction lacks',
  },
];

/**
 * A status the spec copy (or DECISIONS.md) gives where the reference gives another: the body is
 * checked against the reference's schema of `checkedAs`. `when`, if given, narrows the alias to the
 * bodies the decision speaks of.
 */
export type StatusAlias = {
  readonly operation: string;
  readonly status: number;
  readonly checkedAs: number;
  readonly why: string;
  readonly when?: (body: unknown) => boolean;
};

const ANSWER_200 = 'spec copy, Versioning 2: "POST /quotes, POST /transfer-in, POST /transfer-out answer 200 for a new quote or transfer (not 201)"';

const DECLINED_200 = 'DECISIONS.md (Cards): "A declined authorization answers 200 with a DECLINED card transaction" (the reference: 202); every other simulation answers the reference\'s 202, a status DECISIONS.md does not replace';

/** The simulations that authorize, so can decline (DECISIONS.md's "authorization" family). */
const AUTHORIZATIONS = ['authorization', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization'] as const;

function isDeclined(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'DECLINED';
}

/** Every status alias. */
export const STATUS_ALIASES: readonly StatusAlias[] = [
  { operation: 'POST /quotes', status: 200, checkedAs: 201, why: ANSWER_200 },
  { operation: 'POST /transfer-in', status: 200, checkedAs: 201, why: ANSWER_200 },
  { operation: 'POST /transfer-out', status: 200, checkedAs: 201, why: ANSWER_200 },
  ...AUTHORIZATIONS.map((name) => ({ operation: `POST /sandbox/cards/{id}/simulate/${name}`, status: 200, checkedAs: 202, why: DECLINED_200, when: isDeclined })),
];
