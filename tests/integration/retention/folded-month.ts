// The partner world of the title fold tests: three videos of two titles, days of November 2025 (which
// fold) and one of March 2026 (the latest fact day), their report rows and audience shares; and the reads
// and the fold those tests share, over every database that holds facts.
import { expect } from 'vitest';
import { foldTitleDays } from '../../../src/server/ingest/retention/title-fold';
import { NOW } from '../ingest/support';
import { everyFactsDb, rowsIn } from '../partner-facts';

/** The latest fact day is 2026-03-01: the window keeps 2026-01-01 on, so November 2025 folds. */
export const DAYS = ['20251105', '20251120', '20260301'];

/** The video metadata snapshot: SHOW has two full episodes, OTHER a Short. */
export const metadataOf = (partner: string) => `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
foldvideo01,${partner},Partner,Episode 1,600,SHOW
foldvideo02,${partner},Partner,Episode 2,600,SHOW
foldshort01,${partner},Partner,Teaser,30,OTHER
`;

/** Each video's title and type, as the metadata gives them. */
export const TITLE_OF: Record<string, [string, string]> = {
  foldvideo01: ['SHOW', 'full'],
  foldvideo02: ['SHOW', 'full'],
  foldshort01: ['OTHER', 'short'],
};

export type Line = [video: string, country: string, views: number];

/** A day's report rows, different every day. */
export function lines(day: string): Line[] {
  const n = Number(day.slice(-2));
  return [
    ['foldvideo01', 'US', 500 + n],
    ['foldvideo02', 'US', 200 + 3 * n],
    ['foldvideo01', 'DE', 100 + n],
    ['foldshort01', 'DE', 40 + n],
  ];
}

/** Audience shares of a day's keys: [video, country, age, gender, %]. */
export const SHARES: Array<[string, string, string, string, number]> = [
  ['foldvideo01', 'US', 'AGE_25_34', 'MALE', 60],
  ['foldvideo01', 'US', 'AGE_18_24', 'FEMALE', 40],
  ['foldvideo01', 'DE', 'AGE_25_34', 'FEMALE', 100],
  ['foldshort01', 'DE', 'AGE_65_', 'MALE', 100],
];

/** Rows of a query from every database that holds facts. */
export async function everywhere<T>(sql: string): Promise<T[]> {
  const rows: T[] = [];
  for (const db of await everyFactsDb()) rows.push(...(await rowsIn<T>(db, sql)));
  return rows;
}

/** Folds every database until nothing is left to fold; no month may be refused. */
export async function foldAll(): Promise<void> {
  for (const db of await everyFactsDb()) {
    for (let run = await foldTitleDays(db, { now: NOW }); !run.done; run = await foldTitleDays(db, { now: NOW }))
      expect(run.refused).toEqual([]);
  }
}
