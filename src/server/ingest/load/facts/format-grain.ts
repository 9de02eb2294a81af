// One file's channel days split by format: Shorts, long-form, live and the channel page (migration 0046).
import { addInto, Grain, zeroSums, type Sums } from './grain';

/** A channel day's formats in key order: the order their running totals are rounded in (and SQLite's). */
export const FORMAT_ORDER = ['channel', 'full', 'live', 'short'] as const;
export type Format = (typeof FORMAT_ORDER)[number];

/**
 * The format a video's rows count for: live where the report marks the video live (as the title grain
 * does), else the catalogue's type; a claimed copy (never in the catalogue) and a video whose metadata has
 * not arrived count as long-form, YouTube's default. Rows without a video are the channel page.
 */
export function formatOf(videoId: string | null, types: ReadonlyMap<string, string>, live: ReadonlySet<string>): Format {
  if (videoId === null) return 'channel';
  if (live.has(videoId)) return 'live';
  const type = types.get(videoId);
  return type === 'short' || type === 'live' ? type : 'full';
}

/**
 * Splits each channel day of `channel` ([channel key, day]) by the format of its videos in `video`
 * ([channel key, day, video id]); what the videos leave of the day is the channel page. The parts are
 * whole numbers that add up to the day's rounded total exactly: each part is round(running total) −
 * round(running total before it), in FORMAT_ORDER, the last running total being the day's own sums,
 * so watch time (the one fractional sum) is rounded the way channel_daily rounds it. `partial`: the sums
 * are a staged slice's part of their days, left unrounded for the applying batch, which rounds the
 * running totals of the whole file the same way (upsertStagedSql).
 */
export function foldFormats(
  channel: Grain,
  video: Grain,
  types: ReadonlyMap<string, string>,
  live: ReadonlySet<string>,
  partial = false,
): Grain {
  const byDay = new Map<string, Map<Format, Sums>>();
  for (const { key, sums } of video.rows()) {
    const day = `${key[0] ?? ''}|${key[1]}`;
    const parts = byDay.get(day) ?? new Map<Format, Sums>();
    byDay.set(day, parts);
    const format = formatOf(String(key[2]), types, live);
    const part = parts.get(format) ?? zeroSums(channel.width);
    parts.set(format, part);
    addInto(part, sums);
  }
  const grain = new Grain(channel.width);
  for (const { key, sums: total } of channel.rows()) {
    const day = `${key[0] ?? ''}|${key[1]}`;
    const parts = byDay.get(day) ?? new Map<Format, Sums>();
    const videos = zeroSums(channel.width);
    for (const part of parts.values()) addInto(videos, part);
    parts.set(
      'channel',
      total.map((value, i) => value - (videos[i] ?? 0)),
    );
    if (partial) {
      for (const [format, part] of parts) grain.create(`${day}|${format}`, [key[0] ?? null, key[1] ?? null, format], part);
      continue;
    }
    const last = FORMAT_ORDER.filter((format) => parts.has(format)).at(-1);
    const running = zeroSums(channel.width);
    for (const format of FORMAT_ORDER) {
      const part = parts.get(format);
      if (!part) continue;
      const before = running.map(Math.round);
      if (format === last) running.splice(0, running.length, ...total);
      else addInto(running, part);
      grain.create(
        `${day}|${format}`,
        [key[0] ?? null, key[1] ?? null, format],
        running.map((value, i) => Math.round(value) - (before[i] ?? 0)),
      );
    }
  }
  return grain;
}
