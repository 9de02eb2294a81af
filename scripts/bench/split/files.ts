// The split benchmark's report files: one network drawn by the size benchmark's generator (content-owner
// basic, estimated revenue, demographics and video metadata CSVs, month by month), written once, and each
// benchmark network's copy of them with its own content owner, channel, video and custom ids, so N
// networks are exactly the same size and can all live in one shared D1 without colliding.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { customIds } from '../../demo/formats/catalogue-reports';
import { writeMetadata, writeMonths, type MonthFiles } from '../size-files';
import { sizeWorld } from '../size-world';

export interface TemplateOptions {
  seed: number;
  today: string;
  channels: number;
  days: number;
  videosPerChannel: number;
}

export interface Template {
  owner: string;
  channels: Array<{ youtubeId: string; title: string }>;
  metadata: string;
  months: MonthFiles[];
  /** Every id the files carry that a network renames: channels, videos, custom ids. */
  ids: { channels: string[]; videos: string[]; customIds: string[] };
}

/**
 * Writes the template network's files under `folder` (all months kept on disk for the run).
 * @example writeTemplate({ seed: 7, today: '2026-11-23', channels: 2, days: 120, videosPerChannel: 30 }, dir).months.length // 5
 */
export function writeTemplate(options: TemplateOptions, folder: string): Template {
  const { world, channels } = sizeWorld(options);
  const owner = world.networks.find((n) => n.isPartner === 1)?.contentOwnerId;
  if (!owner) throw new Error('the generated network has no content owner id');
  const metadata = writeMetadata(world, channels, owner, path.join(folder, 'catalogue'), 1);
  const months = [...writeMonths(world, channels, owner, folder, 1)];
  const ids = new Set(channels.map((c) => c.record.id));
  const videos = [...world.videos.values()].flat().filter((v) => ids.has(v.channelId));
  return {
    owner,
    channels: channels.map((c) => ({ youtubeId: c.record.youtubeId ?? '', title: c.record.title })),
    metadata,
    months,
    ids: {
      channels: channels.map((c) => c.record.youtubeId ?? ''),
      videos: videos.map((v) => v.videoId),
      customIds: [...customIds(world.titles).values()],
    },
  };
}

const pad = (network: number, width: number) => String(network).padStart(width, '0');

/**
 * Network `n`'s ids: the same lengths and alphabets as YouTube's, unique per network.
 * @example renamer(template, 3).map.get('UCydVvxQKU9TWZXBf3A3vZmg') // 'UCn003xQKU9TWZXBf3A3vZmg'
 */
export function renamer(template: Template, network: number): { owner: string; map: Map<string, string> } {
  const map = new Map<string, string>();
  // UC + 22 characters: 'n' and the network's number replace the first four after UC.
  for (const id of template.ids.channels) map.set(id, `UCn${pad(network, 3)}${id.slice(6)}`);
  // 11 characters: the network's number in base 36 replaces the first two.
  for (const id of template.ids.videos) map.set(id, `${network.toString(36).padStart(2, '0')}${id.slice(2)}`);
  for (const id of template.ids.customIds) map.set(id, `${id}-n${network}`);
  return { owner: `${template.owner.slice(0, -3)}${pad(network, 3)}`, map };
}

/**
 * A template file as network `n`'s: its name carries the network's owner, its fields the network's ids.
 * @example networkFile(template, renamer(template, 3), month.files[0]).name
 */
export function networkFile(template: Template, names: ReturnType<typeof renamer>, file: string): { name: string; text: string } {
  const lines = readFileSync(file, 'utf8').split('\n');
  // Fields are compared whole: a quoted video title split at its commas matches no id and joins back as it was.
  const text = lines
    .map((line) =>
      line
        .split(',')
        .map((field) => names.map.get(field) ?? field)
        .join(','),
    )
    .join('\n');
  return { name: path.basename(file).replace(template.owner, names.owner), text };
}

/**
 * Report text sent in one import request, at most: the product caps an upload at 90 MB, and a smaller
 * request keeps the local worker's memory far from its limit.
 */
export const MAX_PART_BYTES = 24e6;

export interface ReportText {
  name: string;
  text: string;
}

/** The day a report line is about (its first field), or null for a line that does not start with one. */
function dayOf(line: string): string | null {
  const day = line.slice(0, line.indexOf(','));
  return /^\d{8}$/.test(day) ? day : null;
}

/**
 * Network `network`'s copy of files that load together (a month's basic, revenue and demographics), cut
 * into parts of whole days when they exceed `maxBytes`: every part holds the same days of each file,
 * so a part's demographics are weighted by the same part's basic rows.
 * @example networkParts(template, 3, month.files).length // 1 for a month of two channels
 */
export function networkParts(template: Template, network: number, files: string[], maxBytes = MAX_PART_BYTES): ReportText[][] {
  const names = renamer(template, network);
  const renamed = files.map((file) => networkFile(template, names, file));
  const parts = Math.ceil(renamed.reduce((n, f) => n + f.text.length, 0) / maxBytes);
  if (parts <= 1) return [renamed];
  const split = renamed.map(({ name, text }) => {
    const [header = '', ...lines] = text.split('\n').filter((line) => line !== '');
    if (lines.some((line) => dayOf(line) === null)) throw new Error(`${name}: only daily reports can be cut into parts of days`);
    return { name, header, lines };
  });
  const days = [...new Set(split.flatMap((f) => f.lines.map((line) => dayOf(line) ?? '')))].sort();
  const perPart = Math.ceil(days.length / parts);
  const partOf = new Map(days.map((day, i) => [day, Math.floor(i / perPart)]));
  return Array.from({ length: Math.ceil(days.length / perPart) }, (_, p) =>
    split.map(({ name, header, lines }) => ({
      name: name.replace(/\.csv$/, `-${p + 1}.csv`),
      text: `${[header, ...lines.filter((line) => partOf.get(dayOf(line) ?? '') === p)].join('\n')}\n`,
    })),
  );
}
