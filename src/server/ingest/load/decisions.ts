// What a file does to the slices earlier files wrote, decided per slice, and said in words.
import type { Issued } from './import-files';
import { sliceId, type Slice, type SliceOwner } from './report-log';
import { MS_PER_SECOND } from '../../../lib/time';

export interface SliceDecision {
  /** Slices owned by a report issued later: left as they are. */
  readonly kept: Slice[];
  /** Slices this file takes over from an earlier one. */
  readonly replaced: Slice[];
  /** Slices this very content wrote before (a re-applied file): written again whatever their issue times. */
  readonly reapplied: Slice[];
  readonly sentences: string[];
}

/** '2026-11-19', or '2026-11-01..2026-11-30 (30 days)'. */
export function spanText(days: Iterable<string>): string {
  const sorted = [...new Set(days)].sort();
  if (sorted.length <= 1) return sorted[0] ?? 'no days';
  return `${sorted[0]}..${sorted.at(-1)} (${sorted.length} days)`;
}

/** An issue time for messages: '2026-11-21 10:04 UTC'. */
export function issuedText(at: number): string {
  return `${new Date(at * MS_PER_SECOND).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function byOwner(slices: Slice[], ownerOf: (s: Slice) => SliceOwner | undefined): Map<string, { owner: SliceOwner; slices: Slice[] }> {
  const groups = new Map<string, { owner: SliceOwner; slices: Slice[] }>();
  for (const slice of slices) {
    const owner = ownerOf(slice);
    if (!owner) continue;
    const group = groups.get(owner.name) ?? { owner, slices: [] };
    group.slices.push(slice);
    groups.set(owner.name, group);
  }
  return groups;
}

function channelsText(slices: Slice[]): string {
  const channels = new Set(slices.map(([key]) => key)).size;
  return channels > 1 ? ` for ${channels} channels` : '';
}

/**
 * Splits a file's slices by their current owners: a slice held by a report issued later stays; any
 * other owner is replaced (the same issue time: the file loaded last wins, as a re-issue should); a
 * slice the same content holds already (a re-applied file) is written again.
 */
export function decideSlices(
  family: string,
  networkId: number | null,
  slices: readonly Slice[],
  file: { issued: Issued; sha256: string },
  owners: ReadonlyMap<string, SliceOwner>,
): SliceDecision {
  const { issued } = file;
  const ownerOf = (slice: Slice) => owners.get(sliceId(family, networkId, slice));
  const kept: Slice[] = [];
  const replaced: Slice[] = [];
  const reapplied: Slice[] = [];
  for (const slice of slices) {
    const owner = ownerOf(slice);
    if (!owner) continue;
    if (owner.sha256 === file.sha256) reapplied.push(slice);
    else (owner.issuedAt > issued.at ? kept : replaced).push(slice);
  }
  const sentences: string[] = [];
  if (reapplied.length > 0)
    sentences.push(`re-applies ${spanText(reapplied.map(([, day]) => day))}${channelsText(reapplied)} it holds already`);
  for (const { owner, slices: part } of byOwner(replaced, ownerOf).values()) {
    sentences.push(`replaces ${spanText(part.map(([, day]) => day))}${channelsText(part)} of ${owner.name}`);
  }
  for (const { owner, slices: part } of byOwner(kept, ownerOf).values()) {
    sentences.push(
      `skips ${spanText(part.map(([, day]) => day))}${channelsText(part)}: older than ${owner.name} ` +
        `(issued ${issuedText(owner.issuedAt)}, this one ${issuedText(issued.at)})`,
    );
  }
  return { kept, replaced, reapplied, sentences };
}
