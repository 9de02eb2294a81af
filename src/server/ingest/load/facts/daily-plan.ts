// One file's daily facts -> the video grains, the title and format grains (through videos), the statements per table.
import { keyValue, type ChannelKey } from '../channel-keys';
import { chunkStatements } from '../json-chunks';
import type { PlanContext, ReportPlan } from '../plan';
import type { Slice } from '../files';
import { FACT_TABLES, deleteZeroSql, resetSql, upsertSql, type DailyFamily, type FactTable, type GrainName } from './fact-tables';
import { foldFormats } from './format-grain';
import { addInto, Grain, type KeyPart } from './grain';
import { dailyPlan, replaceDays } from './replace-days';

/** One file's sums at the channel, country (when the report has countries) and video grains. */
export interface DailyFacts {
  readonly family: DailyFamily;
  /** [channel key, day] */
  readonly channel: Grain;
  /** [channel key, day, country code] */
  readonly country: Grain | null;
  /** [channel key, day, video id]: the video grain as it is, and folded into the title and format grains. */
  readonly video: Grain;
  /** [channel key, day, video id, country code] with views only: the video x country grain, and folded into title x country (basic reports). */
  readonly videoCountry: Grain | null;
  /** [null (the UGC channel), day, copy video id, country code] with the family's first column: claimed copies' own figures. */
  readonly copy: Grain;
  /** The (channel, day)s the file covers, all-zero ones included. */
  readonly slices: readonly Slice[];
  /** Videos with rows the report marks live (live_or_on_demand): live videos (docs/stats.md, "How a video is classed"). */
  readonly liveVideos?: ReadonlySet<string>;
}

// A claimed copy (a third party's upload, not in videos) counts for the title of the video it copies,
// which the claims report gave it; whether a copy is a Short is not reported, so it counts as long-form.
// Videos without a title are read too: the format grain takes their type.
const VIDEO_TITLES = `SELECT video_id, title_id, type FROM videos
WHERE video_id IN (SELECT value FROM json_each(?1))
UNION ALL
SELECT c.video_id, c.title_id, 'full' FROM illegal_copies AS c
WHERE c.title_id IS NOT NULL AND c.video_id IN (SELECT value FROM json_each(?1))
  AND NOT EXISTS (SELECT 1 FROM videos AS v WHERE v.video_id = c.video_id)`;

/** A video's title (null: none) and type. */
export interface VideoTitle {
  titleId: number | null;
  type: string;
}

/** Title and video type of each video id in the catalogue (claimed copies through the claims report). */
export async function videoTitles(db: D1Database, videos: Iterable<string>): Promise<Map<string, VideoTitle>> {
  const titles = new Map<string, VideoTitle>();
  for (const statement of chunkStatements(
    db,
    VIDEO_TITLES,
    [...new Set(videos)].map((id) => JSON.stringify(id)),
  )) {
    const { results } = await statement.all<{ video_id: string; title_id: number | null; type: string }>();
    for (const r of results) titles.set(r.video_id, { titleId: r.title_id, type: r.type });
  }
  return titles;
}

/**
 * Folds a grain keyed [channel, day, video id, ...rest] into [channel, day, title, video type, ...rest];
 * videos without a title (or a copied one) drop out. A video the report marks live is live whatever the
 * stored type says (the type is set when the video is first stored, from its metadata).
 */
function foldTitles(video: Grain, titles: ReadonlyMap<string, VideoTitle>, live: ReadonlySet<string>): Grain {
  const grain = new Grain(video.width);
  for (const { key, sums } of video.rows()) {
    const title = titles.get(String(key[2]));
    if (!title || title.titleId === null) continue;
    const type = live.has(String(key[2])) ? 'live' : title.type;
    const rest = key.slice(3);
    const id = [key[0] ?? '', key[1], title.titleId, type, ...rest].join('|');
    const target = grain.get(id) ?? grain.create(id, [key[0] ?? null, key[1] ?? null, title.titleId, type, ...rest]);
    addInto(target, sums);
  }
  return grain;
}

const NO_VIDEOS: ReadonlySet<string> = new Set();

// The videos a report marks live become live videos, so later days of the same video (its replay,
// reported on demand) and the video counts by type class it the same way.
const MARK_LIVE = `UPDATE videos SET type = 'live' WHERE type <> 'live' AND video_id IN (SELECT value FROM json_each(?1))`;

/** The grains a daily file writes: channel, country and video as summed, videos also folded into titles and formats. */
export type FactGrains = Readonly<Record<GrainName, Grain | null>>;

/**
 * Looks up the titles and types of the facts' videos and folds the video grains into the title and format
 * grains. `partial`: the facts are a staged slice of a file (format sums left unrounded, see foldFormats).
 */
export async function factGrains(db: D1Database, facts: DailyFacts, partial = false): Promise<FactGrains> {
  const titles = await videoTitles(
    db,
    [...facts.video.rows()].map(({ key }) => String(key[2])),
  );
  const live = facts.liveVideos ?? NO_VIDEOS;
  const types = new Map([...titles].map(([video, { type }]) => [video, type]));
  return {
    channel: facts.channel,
    country: facts.country,
    format: foldFormats(facts.channel, facts.video, types, live, partial),
    title: foldTitles(facts.video, titles, live),
    title_country: facts.videoCountry ? foldTitles(facts.videoCountry, titles, facts.liveVideos ?? NO_VIDEOS) : null,
    copy: facts.copy,
    video: facts.video,
    video_country: facts.videoCountry,
  };
}

/** The facts without the slices `drop` holds (ids of sliceOf): the slices a report issued later keeps. */
export function factsWithout(facts: DailyFacts, drop: (slice: Slice) => boolean): DailyFacts {
  const keep = (key: readonly KeyPart[]) => !drop([(key[0] ?? null) as ChannelKey, String(key[1])]);
  return {
    family: facts.family,
    channel: facts.channel.filter(keep),
    country: facts.country?.filter(keep) ?? null,
    video: facts.video.filter(keep),
    videoCountry: facts.videoCountry?.filter(keep) ?? null,
    copy: facts.copy.filter(keep),
    slices: facts.slices.filter((slice) => !drop(slice)),
    liveVideos: facts.liveVideos,
  };
}

/** The fact tables a family writes, with the grain each one takes. */
export function familyTables(family: DailyFamily): readonly FactTable[] {
  return FACT_TABLES.filter((t) => t.families.includes(family));
}

/**
 * Plans a daily family: per fact table, zero the family's columns on the file's (channel, day)s,
 * write the new sums, delete rows left all zero. A re-issued day therefore replaces, never adds.
 */
export async function planDailyFacts(ctx: PlanContext, facts: DailyFacts): Promise<ReportPlan> {
  const grains = await factGrains(ctx.db, facts);
  return dailyPlan(facts.slices, (db, networkId, known, params) => {
    const live = [...(facts.liveVideos ?? NO_VIDEOS)].map((id) => JSON.stringify(id));
    const marks = live.length ? chunkStatements(db, MARK_LIVE, live) : [];
    const tables = familyTables(facts.family).flatMap((table) => {
      const grain = grains[table.grain];
      if (!grain) return [];
      const sql = { reset: resetSql(table, facts.family), upsert: upsertSql(table, facts.family), deleteZero: deleteZeroSql(table) };
      return replaceDays(
        db,
        networkId,
        params,
        sql,
        grain.toJson((key) => keyValue(key as ChannelKey, known)),
      );
    });
    return [...marks, ...tables];
  });
}
