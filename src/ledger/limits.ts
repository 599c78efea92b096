/**
 * The ledger's named bounds: the int64 range every counter lives in, the largest linked batch
 * and the largest page of rows. Every loop over caller input is bounded by one of these.
 */
import { INT64_MAX } from '../core/money.js';

/** Largest value any counter or amount may take: amounts are int64 on the wire. */
export const LEDGER_AMOUNT_MAX: bigint = INT64_MAX;

/**
 * Most transfers in one linked batch. TigerBeetle's limit (8,189 transfers fill its 1 MiB
 * message); a payment needs a handful, so a larger batch is a caller bug and is asserted.
 */
export const LEDGER_BATCH_MAX = 8_189;

/** Most rows one `rows()` call materialises; pages are how callers read long histories. */
export const LEDGER_ROWS_PAGE_MAX = 10_000;
