// The payouts file for the bank: one row per approved statement of the month with a payable balance.
import type { StatementSummary } from '../../../lib/api/statements';
import type { ExportColumn, ExportTable } from '../../export/table';

const COLUMNS: ExportColumn[] = [
  { key: 'payee', header: 'Payee', type: 'text' },
  { key: 'email', header: 'E-mail', type: 'text' },
  { key: 'amount', header: 'Amount', type: 'text' },
  { key: 'currency', header: 'Currency', type: 'text' },
  { key: 'reference', header: 'Reference', type: 'text' },
  { key: 'balance_micros', header: 'Balance (micro-USD)', type: 'integer' },
];

/**
 * Banks pay cents: the amount is the balance rounded DOWN to the cent (never more than is owed); the
 * fraction of a cent stays on the balance and carries over with it. Reference: VD-<network>-<month>-<id>.
 * @example csvResponse(payoutsTable(network, '2026-10', payables.statements, '2026-11-27'))
 */
export function payoutsTable(
  network: { slug: string; name: string },
  month: string,
  rows: readonly StatementSummary[],
  today: string,
): ExportTable {
  // A balance under a cent has nothing a bank can send: it stays owed and carries over.
  const payable = rows.filter(
    (s) => s.id !== null && (s.status === 'approved' || s.status === 'partly_paid') && s.payable && s.balance_micros >= 10_000,
  );
  return {
    title: `Payouts ${month}`,
    filters: [
      { label: 'Network', value: network.name },
      { label: 'Month', value: month },
      { label: 'Made on', value: today },
    ],
    columns: COLUMNS,
    rows: payable.map((s) => {
      const cents = Math.floor(s.balance_micros / 10_000);
      return {
        payee: s.user.user_name || s.user.email,
        email: s.user.email,
        amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        currency: 'USD',
        reference: `VD-${network.slug}-${month}-${s.id}`,
        balance_micros: s.balance_micros,
      };
    }),
    totals: null,
    fileName: `viewdeck-payouts-${network.slug}-${month}`,
  };
}
