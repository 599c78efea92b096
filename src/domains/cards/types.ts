/**
 * The card record, the card program (platform-wide limits) and their value sets. Records are
 * JSON-safe (amounts as decimal strings of minor units, absent fields omitted), stored frozen and
 * replaced on change. The wire form is `view.ts`.
 */

/** Card statuses (spec: Card status). */
export const CARD_STATUSES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;
/** One of `CARD_STATUSES`. */
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Card forms (DECISIONS.md "Cards"). */
export const CARD_FORMS = ['VIRTUAL', 'PHYSICAL'] as const;
/** One of `CARD_FORMS`. */
export type CardForm = (typeof CARD_FORMS)[number];

/** The network brand every sandbox card carries (decided: one debit program). */
export const SANDBOX_CARD_BRAND = 'VISA';

/** Years a new card is valid for, counted from its issue month (decided). */
export const CARD_VALIDITY_YEARS = 3;

/**
 * A card's own spending limits, minor units of its funding account's currency as decimal strings;
 * an absent limit means the card sets none (the program's cap may still apply).
 */
export type CardLimits = {
  readonly maxSpendPerTransactionMinor?: string;
  readonly maxSpendPerDayMinor?: string;
  readonly maxTransactionsPerDay?: number;
};

/** A card record. */
export type Card = CardLimits & {
  /** `Card:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  /** The InternalAccount the card spends from. */
  readonly fundingSource: string;
  readonly form: CardForm;
  readonly status: CardStatus;
  readonly platformCardId?: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly brand: string;
  readonly cardCapabilities: { readonly supportsDigitalWalletTokenization: boolean };
  /**
   * Seed-derived id (minted at issue) from which the card's provisioning key is derived; never on
   * the wire. Kept in the record so replay re-derives the same key without a secret store.
   */
  readonly provisioningKeyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/**
 * The platform's card program: the live-card maximum, whether a cardholder may hold only one
 * live card ("limited platform"), and caps that apply to every card (the lower of the cap and a
 * card's own value applies). JSON-safe.
 */
export type CardProgram = CardLimits & {
  readonly maxLiveCards: number;
  readonly oneCardPerCardholder: boolean;
  /** When the program last changed; absent before the first change. */
  readonly updatedAt?: string;
};

/** The program of a new platform: up to 1,000 live cards, several per cardholder, no caps. */
export const DEFAULT_CARD_PROGRAM: CardProgram = Object.freeze({ maxLiveCards: 1_000, oneCardPerCardholder: false });

/** Largest `maxLiveCards` a program may set (a bound on every count). */
export const MAX_LIVE_CARDS_MAX = 10_000_000;
