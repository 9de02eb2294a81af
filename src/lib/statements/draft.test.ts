import { describe, expect, it } from 'vitest';
import type { StatementLine } from '../api/statements';
import { draftLines, ledgerOf } from './draft';

const line = (over: Partial<StatementLine>): StatementLine => ({
  channel_id: 1,
  channel_title: 'One',
  youtube_id: 'UC1',
  kind: 'ads',
  source_month: '2026-09',
  gross_micros: 1_000_000,
  share_bps: 7_000,
  partner_micros: 700_000,
  ...over,
});

describe('draftLines', () => {
  it('gives a month nothing was approved for whole', () => {
    expect(draftLines([line({})], [])).toEqual([line({})]);
  });

  it('gives an approved, unchanged month nothing and a changed one the difference', () => {
    const approved = [line({}), line({ kind: 'shorts', gross_micros: 10, partner_micros: 7 })];
    expect(draftLines([line({}), line({ kind: 'shorts', gross_micros: 10, partner_micros: 7 })], approved)).toEqual([]);
    const corrected = draftLines([line({ gross_micros: 900_001, partner_micros: 630_000 })], approved);
    expect(corrected).toEqual([
      line({ gross_micros: -99_999, partner_micros: -70_000 }),
      line({ kind: 'shorts', gross_micros: -10, partner_micros: -7 }),
    ]);
  });

  it('puts the statement month first, then older months', () => {
    const lines = draftLines([line({ source_month: '2026-08' }), line({ source_month: '2026-09', channel_title: 'Z' })], []);
    expect(lines.map((l) => l.source_month)).toEqual(['2026-09', '2026-08']);
  });
});

describe('ledgerOf', () => {
  it('carries the opening balance and holds back a balance below the minimum', () => {
    const ledger = ledgerOf([line({})], 50_000, 0, 1_000_000);
    expect(ledger).toMatchObject({ owed_micros: 750_000, balance_micros: 750_000, payable: false });
    expect(ledgerOf([line({})], 350_000, 0, 1_000_000).payable).toBe(true);
    expect(ledgerOf([line({})], 0, 700_000, 0)).toMatchObject({ balance_micros: 0, payable: false });
  });
});
