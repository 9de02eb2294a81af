// Who is paid for a channel in a month, and on which terms: the contract rows in effect then.
import type { RevenueKind } from '../api/statements';

/** One contract row as the engine reads it (revenue_contracts). */
export interface ContractTerms {
  userId: number;
  /** null: the account's terms, for the channels it is granted one by one. */
  channelId: number | null;
  effectiveFrom: string;
  shares: Record<RevenueKind, number>;
  minPayoutMicros: number;
}

/** A channel's payee in a month, or why it has none (the network then keeps the channel's revenue). */
export type ChannelPayee =
  { userId: number; shares: Record<RevenueKind, number> } | { userId: null; reason: 'no_contract' | 'several_accounts' };

/** The row in effect in `month`: the latest effective_from not after it. */
function inEffect(rows: readonly ContractTerms[] | undefined, month: string): ContractTerms | null {
  let found: ContractTerms | null = null;
  for (const row of rows ?? []) if (row.effectiveFrom <= month && (!found || row.effectiveFrom > found.effectiveFrom)) found = row;
  return found;
}

function grouped<K>(rows: readonly ContractTerms[], key: (row: ContractTerms) => K | null): Map<K, ContractTerms[]> {
  const map = new Map<K, ContractTerms[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) map.set(k, [...(map.get(k) ?? []), row]);
  }
  return map;
}

/**
 * A network's contracts, indexed once for the statements of many channels and months.
 * @example new ContractBook(rows).payeeOf(channelId, '2026-09', grantees)
 */
export class ContractBook {
  private readonly byChannel: Map<number, ContractTerms[]>;
  private readonly byAccount: Map<number, ContractTerms[]>;

  constructor(rows: readonly ContractTerms[]) {
    this.byChannel = grouped(rows, (row) => row.channelId);
    this.byAccount = grouped(rows, (row) => (row.channelId === null ? row.userId : null));
  }

  /** The account's own terms in effect in `month` (its minimum payout), or null. */
  accountTerms(userId: number, month: string): ContractTerms | null {
    return inEffect(this.byAccount.get(userId), month);
  }

  /**
   * The channel's terms row in effect names its payee; else the one account granted the channel (one by
   * one) whose own terms are in effect. Two such accounts: nobody is paid until a channel row says who.
   */
  payeeOf(channelId: number, month: string, grantees: readonly number[]): ChannelPayee {
    const own = inEffect(this.byChannel.get(channelId), month);
    if (own) return { userId: own.userId, shares: own.shares };
    const covered = grantees.flatMap((userId) => {
      const terms = this.accountTerms(userId, month);
      return terms ? [terms] : [];
    });
    const [only] = covered;
    if (!only) return { userId: null, reason: 'no_contract' };
    if (covered.length > 1) return { userId: null, reason: 'several_accounts' };
    return { userId: only.userId, shares: only.shares };
  }
}
