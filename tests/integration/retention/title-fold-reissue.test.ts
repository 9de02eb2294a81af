// A day of a folded month loaded again through the importer (a replay from the archive): the folded
// title months keep exactly what they held, and the next fold removes the days written back.
import { env } from 'cloudflare:test';
import { beforeEach, expect, it } from 'vitest';
import { importTarget } from '../../../src/server/ingest/import-target';
import { refreshRollups } from '../../../src/server/ingest/run-import';
import { basicCsv, ownerDemographicsCsv } from '../ingest/basic-builder';
import { createNetwork, type GivenFile, HOUR, loadInstall, NOW } from '../ingest/support';
import { DAYS, everywhere, foldAll, lines, metadataOf, SHARES, TITLE_OF } from './folded-month';

const PARTNER = 'UCfoldfoldfoldfoldfold01';
const METADATA = metadataOf(PARTNER);

function dayFiles(day: string, issued: number, views = lines(day)): GivenFile[] {
  const basic = basicCsv(
    views.map(([video, country, v]) => ({ day, channel: PARTNER, video, country, views: v })),
    true,
  );
  return [
    [`content_owner_basic_a4_${day}.csv`, basic, issued],
    [`content_owner_demographics_a1_${day}.csv`, ownerDemographicsCsv(day, PARTNER, SHARES), issued],
  ];
}

/** November's title x country month computed from the report rows alone: views per title, type and country. */
function expectedCountries(): Array<{ custom_id: string; video_type: string; country_code: string; views: number }> {
  const sums = new Map<string, number>();
  for (const day of DAYS.filter((d) => d.startsWith('202511'))) {
    for (const [video, country, views] of lines(day)) {
      const [title, type] = TITLE_OF[video] ?? ['', ''];
      const key = `${title}|${type}|${country}`;
      sums.set(key, (sums.get(key) ?? 0) + views);
    }
  }
  return [...sums]
    .map(([key, views]) => {
      const [custom_id = '', video_type = '', country_code = ''] = key.split('|');
      return { custom_id, video_type, country_code, views };
    })
    .sort((a, b) => `${a.custom_id}${a.country_code}`.localeCompare(`${b.custom_id}${b.country_code}`));
}

const NOVEMBER_COUNTRIES = `SELECT t.custom_id, m.video_type, m.country_code, m.views FROM channel_title_country_monthly m
  JOIN titles t ON t.id = m.title_id WHERE m.month = '2025-11' ORDER BY t.custom_id, m.country_code`;
const NOVEMBER_AUDIENCE = `SELECT t.custom_id, m.age_group, m.gender, m.views FROM channel_title_audience_monthly m
  JOIN titles t ON t.id = m.title_id WHERE m.month = '2025-11' ORDER BY t.custom_id, m.age_group, m.gender`;
/** November's title x country day rows left, in every database. */
async function novemberDays(): Promise<number> {
  const counts = await everywhere<{ n: number }>(`SELECT count(*) AS n FROM channel_title_country_daily WHERE day LIKE '2025-11-%'`);
  return counts.reduce((s, c) => s + c.n, 0);
}

const refresh = () => refreshRollups(importTarget(env), { rebuild: false });

let network: number;
beforeEach(async () => {
  network = await createNetwork();
  await loadInstall([['content_owner_video_metadata_a4_fold.csv', METADATA]], { networkId: network });
  for (const day of DAYS) {
    const { files } = await loadInstall(dayFiles(day, NOW - 10 * HOUR), { networkId: network });
    expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  }
  await refresh();
});

it('a replayed day of a folded month leaves its title months exactly as they were, and is folded away again', async () => {
  expect(await everywhere(NOVEMBER_COUNTRIES)).toEqual(expectedCountries());
  const audience = await everywhere(NOVEMBER_AUDIENCE);
  // SHOW's 25-34 male cell: 60 % of foldvideo01's US views on each November day.
  expect(audience).toContainEqual({ custom_id: 'SHOW', age_group: '25-34', gender: 'male', views: Math.round(0.6 * (505 + 520)) });
  const channelMonth = await everywhere('SELECT month, views, partner_revenue_micros FROM channel_monthly ORDER BY month');

  await foldAll();
  expect(await novemberDays()).toBe(0);
  expect(await everywhere(NOVEMBER_COUNTRIES)).toEqual(expectedCountries());

  // The replay re-applies the content that holds 2025-11-05: its days come back, the months do not move.
  const { files } = await loadInstall(dayFiles('20251105', NOW - 10 * HOUR), { networkId: network, reapply: true });
  expect(files.map((f) => f.status)).not.toContain('rejected');
  await refresh();
  expect(await novemberDays()).toBe(3);
  expect(await everywhere(NOVEMBER_COUNTRIES)).toEqual(expectedCountries());
  expect(await everywhere(NOVEMBER_AUDIENCE)).toEqual(audience);
  expect(await everywhere('SELECT month, views, partner_revenue_micros FROM channel_monthly ORDER BY month')).toEqual(channelMonth);

  await foldAll();
  expect(await novemberDays()).toBe(0);
  expect(await everywhere(NOVEMBER_COUNTRIES)).toEqual(expectedCountries());
  expect(await everywhere(NOVEMBER_AUDIENCE)).toEqual(audience);
});

it('a different file for a folded day updates the kept grains; the folded title months keep what they were folded with', async () => {
  await foldAll();
  const changed = lines('20251105').map(([video, country, views]): [string, string, number] => [video, country, views + 1000]);
  const { files } = await loadInstall(dayFiles('20251105', NOW - HOUR, changed), { networkId: network });
  // The demographics file is the same content as before: unchanged.
  expect(files.map((f) => f.status)).toEqual(['replaced', 'unchanged']);
  await refresh();
  // The channel and title grains are kept by day: they take the new file (4 rows, 1,000 views more each).
  const [month] = await everywhere<{ views: number }>("SELECT views FROM channel_monthly WHERE month = '2025-11'");
  const november = DAYS.filter((d) => d.startsWith('202511')).flatMap(lines);
  expect(month?.views).toBe(november.reduce((s, [, , v]) => s + v, 0) + 4000);
  // Those title months hold no day to subtract (docs/data-model.md, "Title folds (0027)").
  expect(await everywhere(NOVEMBER_COUNTRIES)).toEqual(expectedCountries());
});
