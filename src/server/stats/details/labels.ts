// Names, icons and dates of details rows: read for the rows shown only (a page, or every row when sorting by a label).
import type { DetailRow, DetailsGroup, DetailTotals } from '../../../lib/api/details';
import { FORMAT_NAMES, type FormatName } from '../../../lib/api/formats';
import type { StatsDb } from '../stores';
import { labelQuery } from '../breakdown';
import { countryName } from '../continents';
import type { GroupEntry } from './groups';

/** A row's label fields: everything of DetailRow but its figures. */
export type DetailLabel = Omit<DetailRow, keyof DetailTotals | 'rank'>;

function countryLabel(code: string): DetailLabel {
  const name = countryName(code);
  // Intl answers the code itself for a code it does not know: the table shows N/A.
  const known = name !== code;
  return { key: code, name, country_code: code, country_name: known ? name : null };
}

function formatLabel(format: FormatName): DetailLabel {
  return { key: format, name: FORMAT_NAMES[format], video_type: format };
}

/**
 * The labels of some rows of a grouping, by key. A row summing several channels (UGC) takes the
 * label of its first channel; a channel or title without its catalog row is labelled by its key.
 * @example const labels = await labelsOf(env.DB, 'channels', pageEntries)
 */
export async function labelsOf(db: StatsDb, group: DetailsGroup, entries: GroupEntry[]): Promise<Map<string, DetailLabel>> {
  if (group === 'countries') return new Map(entries.map((e) => [e.key, countryLabel(e.key)]));
  if (group === 'formats') return new Map(entries.map((e) => [e.key, formatLabel(e.key as FormatName)]));
  const firstIds = entries.map((e) => Math.min(...e.ids.map(Number)));
  const [rows = []] = firstIds.length ? await db.read([labelQuery(group, firstIds)]) : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const labels = new Map<string, DetailLabel>();
  entries.forEach((entry, i) => {
    const row = byId.get(firstIds[i] ?? 0);
    const name = row ? String(row.name) : entry.key;
    if (group === 'channels') {
      const ugc = entry.key === 'ugc';
      labels.set(entry.key, {
        key: entry.key,
        name,
        channel_id: entry.key,
        channel_title: name,
        channel_ico: ugc || !row ? '' : String(row.icon),
        channel_date: row?.joined_on ? String(row.joined_on) : null,
      });
    } else {
      const id = Number(entry.key);
      labels.set(entry.key, { key: entry.key, name, title_id: id, title: name, title_ico: row ? String(row.icon) : '' });
    }
  });
  return labels;
}
