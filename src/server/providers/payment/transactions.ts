/**
 * What a provider says moved through it on a day: its transactions listing, which reconciliation
 * matches to our postings and payouts. `in` is a collection (the borrower paid us), `out` a payout
 * (a disbursal or a refund we sent). Amounts in centavos.
 */
export interface ProviderTransaction {
  /** The provider's own id of the transaction. */
  id: string;
  /** Our reference: the pay request's or the payout's. */
  reference: string;
  direction: 'in' | 'out';
  amount: number;
  /** `reversed`: money that went through and came back (a chargeback, a returned payout). */
  status: 'pending' | 'succeeded' | 'failed' | 'reversed';
  /** When it was made, as the provider reports it (ISO 8601). */
  at: string;
  /** The provider's reason for a failure or reversal, when it gives one. */
  reason?: string | undefined;
}

/** The instants a day's listing covers: from `from` (included) to `to` (excluded). */
export interface TransactionWindow {
  from: Date;
  to: Date;
}

/** A row of the provider's listing that could not be read (a missing reference, an amount that is not one). */
export interface UnreadableRow {
  /** The provider's id of the row, when it has one. */
  id: string | null;
  /** Our reference, when the row has one. */
  reference: string | null;
  /** What could not be read, for finance. */
  problem: string;
  at: string | null;
}

/** A window's listing: the transactions read, and the rows that could not be (each a finding of its own). */
export interface TransactionListing {
  transactions: ProviderTransaction[];
  unreadable: UnreadableRow[];
}

/** A provider that can list its transactions (the sandbox, Xendit). */
export interface TransactionLister {
  listTransactions(window: TransactionWindow): Promise<TransactionListing>;
}

/**
 * The sandbox's own record of what it did (payments it took, payouts it sent), held in memory
 * for as long as the process runs: its transactions listing. Tests add transactions to it to
 * play a provider whose callback never arrived.
 */
export interface SandboxLedger extends TransactionLister {
  record(transaction: ProviderTransaction): void;
  /** Changes a transaction's status (a payout returned, a payment charged back). */
  update(
    reference: string,
    direction: ProviderTransaction['direction'],
    change: Partial<Omit<ProviderTransaction, 'reference' | 'direction'>>,
  ): void;
  all(): readonly ProviderTransaction[];
}

export function sandboxLedger(): SandboxLedger {
  const held: ProviderTransaction[] = [];
  return {
    record(transaction) {
      const same = held.findIndex(
        (t) => t.reference === transaction.reference && t.direction === transaction.direction,
      );
      if (same >= 0) held[same] = transaction;
      else held.push(transaction);
    },
    update(reference, direction, change) {
      const found = held.find((t) => t.reference === reference && t.direction === direction);
      if (found) Object.assign(found, change);
    },
    all: () => held,
    async listTransactions({ from, to }) {
      const transactions = held.filter((t) => {
        const at = Date.parse(t.at);
        return at >= from.getTime() && at < to.getTime();
      });
      return { transactions, unreadable: [] };
    },
  };
}
