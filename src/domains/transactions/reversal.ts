/**
 * The reversal of a payment's funding: the transfers that give back what its funding moved.
 * (Whether a batch would be accepted is `checkTransfers` in ../movement.ts, the ledger's dry run.)
 */
import { assert } from '../../core/assert.js';
import type { Ledger } from '../../ledger/index.js';
import type { TransferRecord } from '../movement.js';

/**
 * The transfers that undo `fundingTransferIds`: each posted movement is moved back by a new
 * transfer the other way, each open hold is voided; resolved holds need nothing (their `post` is
 * listed on its own). New ids come from `newId`. Pure apart from minting ids.
 */
export function reversalTransfers(
  ledger: Ledger,
  fundingTransferIds: readonly string[],
  transactionId: string,
  newId: (type: string) => string,
): TransferRecord[] {
  const out: TransferRecord[] = [];
  for (const id of fundingTransferIds) {
    const view = ledger.transfer(id);
    assert(view !== undefined, `funding transfer ${id} of ${transactionId} is unknown`);
    if (view.kind === 'posted' || view.kind === 'post') {
      out.push({
        id: newId('Transfer'),
        debitAccountId: view.creditAccountId,
        creditAccountId: view.debitAccountId,
        amountMinor: view.amountMinor.toString(),
        transactionId,
      });
    } else if (view.kind === 'pending' && view.status === 'open') {
      out.push({ id: newId('Transfer'), pendingId: id, action: 'void', transactionId });
    }
  }
  return out;
}
