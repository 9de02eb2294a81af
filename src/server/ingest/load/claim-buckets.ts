// Where a claims snapshot's rows go when the network is spread over several stores (bucket-parts.ts): every
// row of a claimed video to one bucket, the one whose store will hold its copy, so each store plans the
// same copies one store would.
import type { ColumnIndex } from '../parse/columns';

const ACTIVE = 'active';

/** A record's value in column `at` (-1: a column the file lacks), trimmed: what the routes compare. */
export const field = (fields: readonly string[], at: number) => (at < 0 ? '' : (fields[at] ?? '').trim());

/** A claims file's columns the routing reads. */
export interface ClaimColumns {
  readonly video: number;
  readonly claim: number;
  readonly status: number;
  readonly uploader: number;
  readonly reference: number;
}

export function claimColumns(columns: ColumnIndex): ClaimColumns {
  return {
    video: columns.index('video_id'),
    claim: columns.index('claim_id'),
    status: columns.index('claim_status'),
    uploader: columns.index('channel_id'),
    reference: columns.index('reference_video_id'),
  };
}

/**
 * The reference video that names each claimed video's copy, as the claims plan picks it: of the video's
 * active claims with an uploading channel, the lowest claim id's. Our own uploads are left out (their rows
 * follow their uploader). One entry per claimed video: a claims file is planned whole, so it is no larger.
 */
export async function chooseReferences(
  rows: AsyncIterable<readonly string[]>,
  at: ClaimColumns,
  ours: ReadonlyMap<string, number>,
): Promise<Map<string, { claim: string; reference: string }>> {
  const chosen = new Map<string, { claim: string; reference: string }>();
  for await (const fields of rows) {
    const uploader = field(fields, at.uploader);
    if (uploader === '' || ours.has(uploader) || field(fields, at.status).toLowerCase() !== ACTIVE) continue;
    const video = field(fields, at.video);
    const claim = field(fields, at.claim);
    const seen = chosen.get(video);
    if (!seen || claim < seen.claim) chosen.set(video, { claim, reference: field(fields, at.reference) });
  }
  return chosen;
}

/**
 * A claim row's bucket: its uploader's when the upload is one of ours (the plan leaves it out, and must
 * see it to), else the bucket of its video's chosen reference video's channel (the copy's owner; bucket 0,
 * the UGC channel's, when the reference is not one of ours). null for a video with no active claim: its
 * rows remove a released copy or change nothing, so they go to every bucket, wherever the copy is.
 */
export function claimRoute(
  at: ClaimColumns,
  ours: ReadonlyMap<string, number>,
  chosen: ReadonlyMap<string, { reference: string }>,
  referenceBucket: ReadonlyMap<string, number>,
): (fields: readonly string[]) => number | null {
  return (fields) => {
    const own = ours.get(field(fields, at.uploader));
    if (own !== undefined) return own;
    const pick = chosen.get(field(fields, at.video));
    return pick ? (referenceBucket.get(pick.reference) ?? 0) : null;
  };
}
