// The demo's monthly statements read the way the importer reads them give the generator's finance by kind:
// revenue and its Shorts part per channel month, and the claims of partner channels within the UGC channel's.
import { describe, expect, it } from 'vitest';
import { SCALES } from '../generate/scale';
import { PINNED_TODAY, tinyTables } from '../generate/test-dataset';
import { buildWorld } from '../generate/world';
import { partnerReportBatches, partnerSources } from './partner-reports';

const tables = tinyTables();
const world = buildWorld({ seed: 7, today: PINNED_TODAY, scale: SCALES.tiny });

/** '12.000345' or '-0.25' to micro-USD, by the digits (no floating point). */
function micros(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return negative ? -value : value;
}

interface Sums {
  revenue: number;
  shorts: number;
}

/** Every finance statement's normal rows summed as the importer would: by channel month, and claims by owner month. */
function readStatements() {
  const channelOf = new Map(tables.channels.flatMap((c) => (c.youtubeId ? [[c.youtubeId, c.id] as const] : [])));
  const ugc = tables.channels.find((c) => c.isUgc === 1 && c.networkId === tables.networks.find((n) => n.isPartner === 1)?.id)?.id;
  const shorts = new Set(tables.videos.filter((v) => v.type === 'short').map((v) => v.videoId));
  const claimed = new Map(tables.illegal_copies.filter((c) => c.claimStatus === 'claimed').map((c) => [c.videoId, c.channelId]));
  const finance = new Map<string, Sums>();
  const claims = new Map<string, number>();
  for (const batch of partnerReportBatches(partnerSources(world))) {
    if (batch.kind !== 'finance') continue;
    for (const file of batch.files) {
      const [header = '', ...lines] = file.text.trim().split('\n');
      const at = (name: string) => header.split(',').indexOf(name);
      for (const line of lines) {
        const cells = line.split(',');
        if (cells[at('adjustment_type')] !== 'None') continue;
        const day = cells[at('date')] ?? '';
        const month = `${day.slice(0, 4)}-${day.slice(4, 6)}`;
        const video = cells[at('video_id')] ?? '';
        const channel = channelOf.get(cells[at('channel_id')] ?? '') ?? ugc;
        const amount = micros(cells[at('partner_revenue')] ?? '');
        const sums = finance.get(`${channel}|${month}`) ?? { revenue: 0, shorts: 0 };
        sums.revenue += amount;
        if (shorts.has(video)) sums.shorts += amount;
        finance.set(`${channel}|${month}`, sums);
        const owner = channel === ugc ? claimed.get(video) : undefined;
        if (owner !== undefined) claims.set(`${owner}|${month}`, (claims.get(`${owner}|${month}`) ?? 0) + amount);
      }
    }
  }
  return { finance, claims, ugc };
}

describe('the demo finance statements', () => {
  const read = readStatements();

  it('give each channel month its revenue and Shorts part', () => {
    const expected = new Map(
      tables.channel_finance_monthly.map((r) => [`${r.channelId}|${r.month}`, { revenue: r.revenueMicros, shorts: r.shortsMicros }]),
    );
    // Months whose revenue is 0 have no rows.
    for (const [key, sums] of expected) if (sums.revenue === 0) expected.delete(key);
    expect(read.finance).toEqual(expected);
    expect([...expected.values()].some((s) => s.shorts > 0)).toBe(true);
  });

  it('book the claims of partner channels within the UGC channel month, and it keeps the rest', () => {
    expect(read.claims).toEqual(new Map(tables.channel_claim_revenue_monthly.map((r) => [`${r.channelId}|${r.month}`, r.revenueMicros])));
    expect(read.claims.size).toBeGreaterThan(0);
    for (const f of tables.channel_finance_monthly.filter((r) => r.channelId === read.ugc)) {
      const claimed = tables.channel_claim_revenue_monthly.filter((c) => c.month === f.month).reduce((s, c) => s + c.revenueMicros, 0);
      expect(claimed).toBeLessThanOrEqual(f.revenueMicros);
    }
  });
});
