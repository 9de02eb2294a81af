// Unfolding a folded title month (npm run admin -- unfold): a different file loaded for one of its days
// reaches the title x country and title x audience months once the month is unfolded, replayed from the
// archive and finished; readers see the old month until the finish, and a failed replay changes nothing.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { replayPage } from '../../../src/server/ingest/archive/replay';
import { importTarget } from '../../../src/server/ingest/import-target';
import { cancelUnfold, finishUnfold, startUnfold } from '../../../src/server/ingest/retention/title-unfold';
import { refreshRollups } from '../../../src/server/ingest/run-import';
import { basicCsv, ownerDemographicsCsv } from '../ingest/basic-builder';
import { createNetwork, type GivenFile, HOUR, loadInstall, NOW, sha256Hex } from '../ingest/support';
import { call } from '../http';
import { DAYS, everywhere, foldAll, type Line, lines, metadataOf, SHARES, TITLE_OF } from './folded-month';

const PARTNER = 'UCunfoldunfoldunfold0001';
const METADATA = metadataOf(PARTNER);
const MONTH = '2025-11';

/** The different file for 2025-11-05: other views, and a country the first one did not have. */
const CHANGED: Line[] = [
  ['foldvideo01', 'US', 1505],
  ['foldvideo02', 'US', 215],
  ['foldvideo01', 'DE', 905],
  ['foldvideo02', 'FR', 77],
];

const AGES: Record<string, string> = { AGE_18_24: '18-24', AGE_25_34: '25-34', AGE_65_: '65+' };

const basicFile = (day: string, issued: number, views: Line[]): GivenFile => [
  `content_owner_basic_a4_${day}.csv`,
  basicCsv(
    views.map(([video, country, v]) => ({ day, channel: PARTNER, video, country, views: v })),
    true,
  ),
  issued,
];
const demographicsFile = (day: string, issued: number): GivenFile => [
  `content_owner_demographics_a1_${day}.csv`,
  ownerDemographicsCsv(day, PARTNER, SHARES),
  issued,
];

/** November's title x country month from the rows of each day's file: views per title, type and country. */
function expectedCountries(november: Record<string, Line[]>) {
  const sums = new Map<string, number>();
  for (const rows of Object.values(november)) {
    for (const [video, country, views] of rows) {
      const key = [...(TITLE_OF[video] ?? []), country].join('|');
      sums.set(key, (sums.get(key) ?? 0) + views);
    }
  }
  return [...sums]
    .map(([key, views]) => {
      const [custom_id = '', video_type = '', country_code = ''] = key.split('|');
      return { custom_id, video_type, country_code, views };
    })
    .sort((a, b) => `${a.custom_id}|${a.country_code}`.localeCompare(`${b.custom_id}|${b.country_code}`));
}

/** November's title x audience month: each day's share of its (video, country) views, summed per cell and rounded. */
function expectedAudience(november: Record<string, Line[]>) {
  const sums = new Map<string, number>();
  for (const rows of Object.values(november)) {
    for (const [video, country, age, gender, share] of SHARES) {
      const views = rows.find(([v, c]) => v === video && c === country)?.[2] ?? 0;
      const key = [TITLE_OF[video]?.[0], AGES[age], gender.toLowerCase()].join('|');
      sums.set(key, (sums.get(key) ?? 0) + (share / 100) * views);
    }
  }
  return [...sums]
    .filter(([, views]) => Math.round(views) > 0)
    .map(([key, views]) => {
      const [custom_id = '', age_group = '', gender = ''] = key.split('|');
      return { custom_id, age_group, gender, views: Math.round(views) };
    })
    .sort((a, b) => `${a.custom_id}|${a.age_group}|${a.gender}`.localeCompare(`${b.custom_id}|${b.age_group}|${b.gender}`));
}

const FIRST = { '20251105': lines('20251105'), '20251120': lines('20251120') };
const SECOND = { '20251105': CHANGED, '20251120': lines('20251120') };

const NOVEMBER_COUNTRIES = `SELECT t.custom_id, m.video_type, m.country_code, m.views FROM channel_title_country_monthly m
  JOIN titles t ON t.id = m.title_id WHERE m.month = '2025-11' ORDER BY t.custom_id, m.country_code`;
const NOVEMBER_AUDIENCE = `SELECT t.custom_id, m.age_group, m.gender, sum(m.views) AS views FROM channel_title_audience_monthly m
  JOIN titles t ON t.id = m.title_id WHERE m.month = '2025-11' GROUP BY t.custom_id, m.age_group, m.gender ORDER BY t.custom_id, m.age_group, m.gender`;
const months = async () => ({ countries: await everywhere(NOVEMBER_COUNTRIES), audience: await everywhere(NOVEMBER_AUDIENCE) });
const folds = () =>
  everywhere<{ month: string; unfolding: number }>(
    `SELECT month, unfolding_since IS NOT NULL AS unfolding FROM title_folds ORDER BY month`,
  );

/** November's title day rows left (both grains), in every database. */
async function novemberDays(): Promise<number> {
  const counts = await everywhere<{ n: number }>(`SELECT (SELECT count(*) FROM channel_title_country_daily WHERE day LIKE '2025-11-%')
    + (SELECT count(*) FROM channel_title_audience_daily WHERE day LIKE '2025-11-%') AS n`);
  return counts.reduce((s, c) => s + c.n, 0);
}

/** Keys of the archived files, by name and issue time, so a test can take one away. */
const archived = new Map<string, string>();

/** Files into the report archive (R2 and report_archive) as the sync leaves them (with YouTube's report type), then loaded. */
async function archiveAndLoad(files: GivenFile[], day: string): Promise<void> {
  for (const [name, content, issued] of files) {
    const text = String(content);
    const key = `uploads/test/${issued ?? 0}/${name}`;
    await env.REPORTS.put(key, text);
    archived.set(`${name}@${issued ?? 0}`, key);
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    await env.DB.prepare(
      `INSERT INTO report_archive (object_key, origin, scope, network_id, name, report_type_id, first_day, last_day, issued_at, bytes, sha256, state,
         created_at, archived_at) VALUES (?1, 'upload', 'upload', ?2, ?3, ?9, ?4, ?4, ?5, ?6, ?7, 'archived', ?8, ?8)`,
    )
      .bind(
        key,
        network,
        name,
        iso,
        issued ?? null,
        new TextEncoder().encode(text).length,
        await sha256Hex(text),
        NOW - 20 * HOUR,
        name.replace(/_\d{8}\.csv$/, ''),
      )
      .run();
  }
  const { files: loaded } = await loadInstall(files, { networkId: network });
  expect(loaded.map((f) => f.status)).not.toContain('rejected');
}

const target = () => ({ ...importTarget(env), bucket: env.REPORTS });
const NETWORK = () => ({ id: network, label: 'unfold-net' });

/** The replay the command runs between start and finish: pages of `days` days from the archive, inline. */
async function replayMonth(range: { from: string; to: string }, days = 31, now = NOW + 2 * HOUR): Promise<void> {
  for (let after: string | undefined, page = await replayPage(target(), { networkId: network, ...range, after, days }, now); ;) {
    expect(page.statuses.rejected).toBeUndefined();
    if (page.next === null) return;
    after = page.next;
    page = await replayPage(target(), { networkId: network, ...range, after, days }, now);
  }
}

let network: number;
beforeEach(async () => {
  archived.clear();
  network = await createNetwork();
  await loadInstall([['content_owner_video_metadata_a4_fold.csv', METADATA]], { networkId: network });
  for (const day of DAYS) await archiveAndLoad([basicFile(day, NOW - 10 * HOUR, lines(day)), demographicsFile(day, NOW - 10 * HOUR)], day);
  await refreshRollups(importTarget(env), { rebuild: false });
  await foldAll();
  expect(await novemberDays()).toBe(0);
  // A different file for a folded day (an operator's): kept grains take it, the folded title months do not.
  await archiveAndLoad([basicFile('20251105', NOW - HOUR, CHANGED)], '20251105');
  await refreshRollups(importTarget(env), { rebuild: false });
});

describe('unfold', () => {
  it('takes a different file for a folded day into its title months, and the month folds again', async () => {
    const folded = await months();
    expect(folded).toEqual({ countries: expectedCountries(FIRST), audience: expectedAudience(FIRST) });

    const started = await startUnfold(target(), NETWORK(), MONTH, NOW + HOUR);
    expect(started).toEqual({ action: 'start', month: MONTH, channels: 1, days: 2, replay: { from: '2025-11-01', to: '2025-11-30' } });
    expect(await folds()).toEqual([{ month: MONTH, unfolding: 1 }]);
    // Again: nothing more to mark, the same answer (a resumed unfold).
    expect(await startUnfold(target(), NETWORK(), MONTH, NOW + 90 * 60)).toEqual(started);

    await replayMonth(started.replay ?? { from: '', to: '' });
    // The days are back; readers still see the month as it was folded.
    expect(await novemberDays()).toBeGreaterThan(0);
    expect(await months()).toEqual(folded);

    const finished = await finishUnfold(target(), NETWORK(), MONTH);
    expect(finished).toMatchObject({ action: 'finish', month: MONTH, channels: 1 });
    const unfolded = { countries: expectedCountries(SECOND), audience: expectedAudience(SECOND) };
    expect(unfolded).not.toEqual(folded);
    expect(await months()).toEqual(unfolded);
    expect(await folds()).toEqual([]);

    // The hourly fold folds it again: its months now hold its days.
    await foldAll();
    expect(await folds()).toEqual([{ month: MONTH, unfolding: 0 }]);
    expect(await novemberDays()).toBe(0);
    expect(await months()).toEqual(unfolded);
  });

  it('refuses a month whose days the archive lacks, and changes nothing', async () => {
    const before = await months();
    await env.DB.prepare(`DELETE FROM report_archive WHERE name = 'content_owner_basic_a4_20251120.csv'`).run();
    await expect(startUnfold(target(), NETWORK(), MONTH, NOW + HOUR)).rejects.toThrow(
      "cannot unfold 2025-11 for unfold-net: the archive holds no basic report for 2025-11-20 (loaded before archiving began, or expired): unfolding would lose those days' title figures.",
    );
    await env.DB.prepare(`DELETE FROM report_archive WHERE name = 'content_owner_demographics_a1_20251105.csv'`).run();
    await expect(startUnfold(target(), NETWORK(), MONTH, NOW + HOUR)).rejects.toThrow(
      'no basic report for 2025-11-20; the archive holds no demographics report for 2025-11-05 (',
    );
    expect(await folds()).toEqual([{ month: MONTH, unfolding: 0 }]);
    expect(await months()).toEqual(before);
    await expect(startUnfold(target(), NETWORK(), '2025-10', NOW + HOUR)).rejects.toThrow(
      'nothing folded in 2025-10 for unfold-net: nothing to unfold.',
    );
    await expect(finishUnfold(target(), NETWORK(), MONTH)).rejects.toThrow('is folded, not unfolding');
  });

  it('keeps the old month through a replay that fails midway; the fold job leaves its days; a second run finishes', async () => {
    const folded = await months();
    const started = await startUnfold(target(), NETWORK(), MONTH, NOW + HOUR);
    const range = started.replay ?? { from: '', to: '' };
    // The 2025-11-20 basic file is gone from R2: its page fails.
    const key = archived.get(`content_owner_basic_a4_20251120.csv@${NOW - 10 * HOUR}`) ?? '';
    const saved = await (await env.REPORTS.get(key))?.text();
    await env.REPORTS.delete(key);
    await expect(replayMonth(range, 1)).rejects.toThrow();
    expect(await months()).toEqual(folded);
    expect(await folds()).toEqual([{ month: MONTH, unfolding: 1 }]);
    await expect(finishUnfold(target(), NETWORK(), MONTH)).rejects.toThrow(
      /stays folded: the replay has not loaded content_owner_basic_a4_20251120\.csv/,
    );
    expect(await months()).toEqual(folded);

    // The hourly fold leaves an unfolding month's days alone.
    const days = await novemberDays();
    expect(days).toBeGreaterThan(0);
    await foldAll();
    expect(await novemberDays()).toBe(days);

    await env.REPORTS.put(key, saved ?? '');
    const resumed = await startUnfold(target(), NETWORK(), MONTH, NOW + 3 * HOUR);
    await replayMonth(resumed.replay ?? { from: '', to: '' }, 1, NOW + 4 * HOUR);
    await finishUnfold(target(), NETWORK(), MONTH);
    expect(await months()).toEqual({ countries: expectedCountries(SECOND), audience: expectedAudience(SECOND) });
  });

  it('cancelled, the month is folded again with its old figures and the days written back go', async () => {
    const folded = await months();
    const started = await startUnfold(target(), NETWORK(), MONTH, NOW + HOUR);
    await replayMonth(started.replay ?? { from: '', to: '' });
    expect(await cancelUnfold(target(), NETWORK(), MONTH)).toEqual({ action: 'cancel', month: MONTH, channels: 1 });
    expect(await folds()).toEqual([{ month: MONTH, unfolding: 0 }]);
    await foldAll();
    expect(await novemberDays()).toBe(0);
    expect(await months()).toEqual(folded);
    await expect(cancelUnfold(target(), NETWORK(), MONTH)).rejects.toThrow('is not being unfolded: nothing to cancel.');
  });
});

describe('POST /api/admin/unfold', () => {
  const AUTH = { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` };
  const post = async (body: unknown) => {
    const res = await call('/api/admin/unfold', { body, headers: AUTH });
    return { status: res.status, ...((await res.json()) as { data?: unknown; error?: string }) };
  };

  it('starts, finishes and refuses with a message to act on', async () => {
    expect(await post({ network, month: '2025-13' })).toMatchObject({ status: 400, error: expect.stringContaining('YYYY-MM') });
    expect(await post({ network: 'no-such-network', month: MONTH })).toMatchObject({ status: 404 });
    expect(await post({ network, month: MONTH, action: 'finish' })).toMatchObject({
      status: 409,
      error: expect.stringContaining('not unfolding'),
    });
    expect(await post({ network, month: '2025-10' })).toMatchObject({ status: 409, error: expect.stringContaining('nothing to unfold') });
    const started = await post({ network, month: MONTH });
    expect(started).toMatchObject({
      status: 200,
      data: { action: 'start', channels: 1, replay: { from: '2025-11-01', to: '2025-11-30' } },
    });
    await replayMonth({ from: '2025-11-05', to: '2025-11-30' }, 31, Math.floor(Date.now() / 1000) + 60);
    expect(await post({ network, month: MONTH, action: 'finish' })).toMatchObject({ status: 200, data: { action: 'finish', channels: 1 } });
    expect(await months()).toEqual({ countries: expectedCountries(SECOND), audience: expectedAudience(SECOND) });
  });
});
