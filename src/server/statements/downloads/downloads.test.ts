// The statement's downloads: totals that are the lines' integers, hostile titles defused in CSV and kept as
// text in xlsx, a PDF that paginates, never throws on a title and draws titles in any script its font has,
// and the bank file's payable rows.
import { PDFDocument } from 'pdf-lib';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { Statement, StatementLine, StatementSummary } from '../../../lib/api/statements';
import { exactUsd } from '../../../lib/statements/money-text';
import { csvStream } from '../../export/csv';
import { xlsxFile } from '../../export/xlsx';
import { payoutsTable } from './payouts-table';
import { pdfText } from './pdf-text';
import { statementPdf } from './statement-pdf';
import { statementTable } from './statement-table';
import { pdfPageTexts } from './test-support/pdf-read';

const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '+SUM(1)',
  '@x',
  '-1+1',
  'tab\there\r\nline',
  '<script>alert(1)</script>',
  '\u202Eevil',
  'Emoji 🎬 東京 Кино',
  'x'.repeat(500),
];

const line = (i: number, title: string): StatementLine => ({
  channel_id: i + 1,
  channel_title: title,
  youtube_id: `UC${String(i).padStart(22, '0')}`,
  kind: (['ads', 'shorts', 'claims', 'adjustments'] as const)[i % 4]!,
  source_month: i % 7 === 0 ? '2026-08' : '2026-09',
  gross_micros: 1_000_003 * (i + 1) - (i % 4 === 3 ? 5_000_000 : 0),
  share_bps: 7_000,
  partner_micros: Math.floor(((1_000_003 * (i + 1) - (i % 4 === 3 ? 5_000_000 : 0)) * 7_000) / 10_000),
});

function statementOf(lines: StatementLine[]): Statement {
  const gross = lines.reduce((s, l) => s + l.gross_micros, 0);
  const partner = lines.reduce((s, l) => s + l.partner_micros, 0);
  return {
    id: 12,
    network: { id: 1, slug: 'acme', name: 'Acme Networks' },
    user: { id: 4, email: 'pat@example.com', user_name: 'Pat' },
    month: '2026-09',
    status: 'partly_paid',
    gross_micros: gross,
    partner_micros: partner,
    opening_micros: 1_500_000,
    owed_micros: 1_500_000 + partner,
    paid_micros: 2_000_000,
    balance_micros: 1_500_000 + partner - 2_000_000,
    min_payout_micros: 0,
    payable: true,
    approved_at: 1_760_000_000,
    lines,
    payouts: [{ id: 1, paid_on: '2026-10-20', amount_micros: 2_000_000, method: 'bank_transfer', reference: '=HYPERLINK("x")' }],
  };
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe('statementTable', () => {
  const s = statementOf(HOSTILE.map((t, i) => line(i, t)));

  it('totals the lines as integers, equal to the statement', () => {
    const table = statementTable(s);
    expect(table.totals?.gross_micros).toBe(s.lines.reduce((sum, l) => sum + l.gross_micros, 0));
    expect(table.totals?.amount_micros).toBe(s.partner_micros);
    expect([...table.rows].map((r) => r.amount_micros)).toEqual(s.lines.map((l) => l.partner_micros));
  });

  it('defuses formula text in CSV', async () => {
    const csv = await text(csvStream(statementTable(s)));
    for (const bad of ["=cmd|' /C calc'!A0", '+SUM(1)', '@x', '-1+1']) {
      expect(csv).not.toMatch(new RegExp(`(^|,)"?${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
      expect(csv).toContain(`'${bad.replace(/"/g, '""')}`);
    }
  });

  it('writes hostile titles as text cells in xlsx', async () => {
    const rows = await readSheet(Buffer.from(await xlsxFile(statementTable(s))), { trim: false });
    const titles = rows.map((r) => r[0]).filter((v) => typeof v === 'string');
    for (const t of HOSTILE.slice(0, 4)) expect(titles).toContain(t);
  });
});

describe('statementPdf', () => {
  it('draws hostile titles, paginates 1,500 lines with page numbers and is the same twice', async () => {
    const many = statementOf(Array.from({ length: 1_500 }, (_, i) => line(i, HOSTILE[i % HOSTILE.length]!)));
    const bytes = await statementPdf(many, { now: 1 });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(20);
    expect(Buffer.from(await statementPdf(many, { now: 1 })).equals(Buffer.from(bytes))).toBe(true);
  });

  it("draws titles in Cyrillic, Greek and Latin beyond WinAnsi as written, '?' for what the font lacks", async () => {
    const titles = ['Канал Привет — Ελληνικά ÆØÅ ĞŞİ', 'Emoji 🎬 東京 Кино', '\u202Eevil'];
    const s = statementOf(titles.map((t, i) => line(i, t)));
    const texts = (await pdfPageTexts(await statementPdf(s, { now: 1 }))).flat();
    expect(texts).toEqual(
      expect.arrayContaining([
        'Канал Привет — Ελληνικά ÆØÅ ĞŞİ',
        'Emoji ? ?? Кино',
        'evil',
        'Lines (3)',
        exactUsd(s.owed_micros),
        'Page 1 of 1',
      ]),
    );
  });

  it('replaces what Helvetica cannot draw and drops control characters', () => {
    expect(pdfText('Café 東京\n\u0007€')).toBe('Café ??€');
  });
});

describe('payoutsTable', () => {
  it('lists payable approved balances of a cent or more, rounded down to the cent', () => {
    const base = statementOf([]);
    const rows: StatementSummary[] = [
      { ...base, id: 1, status: 'approved', balance_micros: 12_345_678, payable: true },
      { ...base, id: 2, status: 'partly_paid', balance_micros: 999, payable: true },
      { ...base, id: 3, status: 'approved', balance_micros: 5_000_000, payable: false },
      { ...base, id: null, status: 'draft', balance_micros: 5_000_000, payable: true },
      { ...base, id: 5, status: 'paid', balance_micros: 0, payable: false },
    ];
    const table = payoutsTable(base.network, '2026-09', rows, '2026-11-27');
    expect([...table.rows].map((r) => [r.reference, r.amount])).toEqual([['VD-acme-2026-09-1', '12.34']]);
  });
});
