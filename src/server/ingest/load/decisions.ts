// What a file does to the slices earlier files wrote, decided per slice, and said in words.
import { issuedText, issueText, type RecordedIssue } from './issue';
import { sliceId } from './report-log';
import type { Slice, SliceOwner } from './files';

export interface SliceDecision {
  /** Slices owned by a report issued later: left as they are. */
  readonly kept: Slice[];
  /** Slices this file takes over from an earlier one. */
  readonly replaced: Slice[];
  /** Slices this very content wrote before (a re-applied file): written again whatever their issue times. */
  readonly reapplied: Slice[];
  /** Slices other content holds, met by a file without an issue time: the file is refused whole. */
  readonly conflicts: Slice[];
  readonly sentences: string[];
  /** Why the file is refused ('name: why', with what to do next), when there are conflicts. */
  readonly refusal: string | null;
}

/** A file as its decisions see it; issued null: nobody said when it was issued (a hand file without --issued). */
export interface Contender {
  readonly name: string;
  readonly sha256: string;
  readonly issued: RecordedIssue | null;
}

/** The ways forward of a file refused for want of an issue time, for the command line and the upload alike. */
export const WAYS_FORWARD =
  'Load it again with --issued <ISO 8601 time> (upload field "issued") stating when YouTube issued it, so the later issued ' +
  'wins each day, or with --replace (upload field "replace=true") to make it win.';

/** '2026-11-19', or '2026-11-01..2026-11-30 (30 days)'. */
export function spanText(days: Iterable<string>): string {
  const sorted = [...new Set(days)].sort();
  if (sorted.length <= 1) return sorted[0] ?? 'no days';
  return `${sorted[0]}..${sorted.at(-1)} (${sorted.length} days)`;
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

/** The refusal of a file without an issue time, naming what it would replace: 'x.csv: … 2026-11-20 of y.csv (issued …) …'. */
export function refusalText(name: string, held: string[]): string {
  return `${name}: has no issue time and would replace ${held.join('; ')} with other figures, so nothing was loaded. ${WAYS_FORWARD}`;
}

/**
 * Splits a file's slices by their current owners: a slice held by a report issued later stays; any
 * other owner is replaced (the same issue time: the file loaded last wins, as a re-issue should); a
 * slice the same content holds already (a re-applied file) is written again. A file without an issue
 * time takes no slice other content holds: those are conflicts, and the file is refused. With
 * `replace` the file takes every slice whatever the owners' issue times.
 */
export function decideSlices(
  family: string,
  networkId: number | null,
  slices: readonly Slice[],
  file: Contender,
  owners: ReadonlyMap<string, SliceOwner>,
  replace = false,
): SliceDecision {
  const { issued } = file;
  const ownerOf = (slice: Slice) => owners.get(sliceId(family, networkId, slice));
  const kept: Slice[] = [];
  const replaced: Slice[] = [];
  const reapplied: Slice[] = [];
  const conflicts: Slice[] = [];
  for (const slice of slices) {
    const owner = ownerOf(slice);
    if (!owner) continue;
    if (owner.sha256 === file.sha256) reapplied.push(slice);
    else if (replace) replaced.push(slice);
    else if (issued === null) conflicts.push(slice);
    else (owner.issued.at > issued.at ? kept : replaced).push(slice);
  }
  const days = (part: Slice[]) => `${spanText(part.map(([, day]) => day))}${channelsText(part)}`;
  const sentences: string[] = [];
  if (reapplied.length > 0) sentences.push(`re-applies ${days(reapplied)} it holds already`);
  for (const { owner, slices: part } of byOwner(replaced, ownerOf).values()) {
    sentences.push(`replaces ${days(part)} of ${owner.name}${replace ? ' (--replace)' : ''}`);
  }
  for (const { owner, slices: part } of byOwner(kept, ownerOf).values()) {
    const mine = issued ? `, this one ${issuedText(issued.at)}` : '';
    sentences.push(`skips ${days(part)}: older than ${owner.name} (issued ${issuedText(owner.issued.at)}${mine})`);
  }
  const held = [...byOwner(conflicts, ownerOf).values()].map(
    ({ owner, slices: part }) => `${days(part)} of ${owner.name} (${issueText(owner.issued)})`,
  );
  const refusal = conflicts.length > 0 ? refusalText(file.name, held) : null;
  return { kept, replaced, reapplied, conflicts, sentences, refusal };
}
