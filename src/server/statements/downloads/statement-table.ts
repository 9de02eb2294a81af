// A statement as an export table (xlsx and CSV through src/server/export): one row per line, with the
// ledger above it. Money twice: dollars to read (cents) and the exact integer micro-dollars, so a partner's
// spreadsheet adds up to the statement to the micro.
import { REVENUE_KIND_LABELS, type Statement } from '../../../lib/api/statements';
import { exactUsd } from '../../../lib/statements/money-text';
import { STATUS_HINTS, STATUS_LABELS } from '../../../lib/statements/status-text';
import type { ExportColumn, ExportRow, ExportTable } from '../../export/table';
import { microsToDollars } from '../../stats/metrics';

const COLUMNS: ExportColumn[] = [
  { key: 'channel', header: 'Channel', type: 'text' },
  { key: 'youtube_id', header: 'YouTube channel id', type: 'text' },
  { key: 'kind', header: 'Revenue', type: 'text' },
  { key: 'source_month', header: 'Of month', type: 'text' },
  { key: 'gross', header: 'YouTube gross (USD)', type: 'money' },
  { key: 'share', header: 'Share (%)', type: 'percent' },
  { key: 'amount', header: 'Amount (USD)', type: 'money' },
  { key: 'gross_micros', header: 'YouTube gross (micro-USD)', type: 'integer' },
  { key: 'amount_micros', header: 'Amount (micro-USD)', type: 'integer' },
];

/**
 * The statement's table: its lines, the totals row (sums of the lines' integers), the ledger as filters.
 * @example xlsxResponse(statementTable(statement))
 */
export function statementTable(s: Statement): ExportTable {
  const rows: ExportRow[] = s.lines.map((l) => ({
    channel: l.channel_title,
    youtube_id: l.youtube_id ?? '',
    kind: REVENUE_KIND_LABELS[l.kind],
    source_month: l.source_month === s.month ? l.source_month : `${l.source_month} (correction)`,
    gross: microsToDollars(l.gross_micros),
    share: l.share_bps / 100,
    amount: microsToDollars(l.partner_micros),
    gross_micros: l.gross_micros,
    amount_micros: l.partner_micros,
  }));
  const gross = s.lines.reduce((sum, l) => sum + l.gross_micros, 0);
  const amount = s.lines.reduce((sum, l) => sum + l.partner_micros, 0);
  return {
    title: `Statement ${s.month}`,
    filters: [
      { label: 'Network', value: s.network.name },
      { label: 'Partner', value: s.user.user_name ? `${s.user.user_name} <${s.user.email}>` : s.user.email },
      { label: 'Month', value: s.month },
      { label: 'Status', value: `${STATUS_LABELS[s.status]}: ${STATUS_HINTS[s.status]}` },
      { label: 'Carried over', value: exactUsd(s.opening_micros) },
      { label: 'Your share this month', value: exactUsd(s.partner_micros) },
      { label: 'Owed', value: exactUsd(s.owed_micros) },
      { label: 'Paid', value: exactUsd(s.paid_micros) },
      { label: 'Balance', value: exactUsd(s.balance_micros) },
      { label: 'Rounding', value: "Each line's amount is gross × share rounded down to the micro-dollar; the network keeps the rest." },
    ],
    columns: COLUMNS,
    rows,
    totals: {
      channel: 'Total',
      youtube_id: '',
      kind: '',
      source_month: '',
      gross: microsToDollars(gross),
      share: null,
      amount: microsToDollars(amount),
      gross_micros: gross,
      amount_micros: amount,
    },
    fileName: `viewdeck-statement-${s.network.slug}-${s.month}`,
  };
}
