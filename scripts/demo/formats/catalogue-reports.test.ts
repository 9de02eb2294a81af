// The demo's claims report read as the importer reads it: every copy names the partner video it copies, a
// video of the copy's channel and title in the metadata report, published by the day Content ID found it.
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../../src/server/ingest/parse';
import { SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import { SCALES } from '../generate/scale';
import { PINNED_TODAY, tinyTables } from '../generate/test-dataset';
import { buildWorld } from '../generate/world';
import { partnerReportBatches, partnerSources } from './partner-reports';

const tables = tinyTables();
const world = buildWorld({ seed: 7, today: PINNED_TODAY, scale: SCALES.tiny });

/** The catalogue batch's files by report type, parsed. */
function catalogueReports() {
  const batch = [...partnerReportBatches(partnerSources(world))].find((b) => b.kind === 'catalogue');
  if (!batch) throw new Error('the demo writes no catalogue reports');
  return batch.files.map((file) => parseReportText(file.path.slice(file.path.lastIndexOf('/') + 1), file.text));
}

describe('the demo claims report', () => {
  const reports = catalogueReports();
  const claims = reports.flatMap((r) => (r.family === 'claims' ? r.rows : []));
  const listed = new Set(reports.flatMap((r) => (r.family === 'video_metadata' ? r.rows.map((v) => v.videoId) : [])));
  const copies = new Map(tables.illegal_copies.map((c) => [c.videoId, c]));
  const videos = new Map(tables.videos.map((v) => [v.videoId, v]));

  it("names, for every copy with a reference, a video of the copy's channel and title the catalogue lists", () => {
    expect(claims.length).toBe(tables.illegal_copies.length);
    const named = claims.filter((claim) => claim.referenceVideoId !== null);
    // Most titles have published videos by the time they are copied: the demo must show the link.
    expect(named.length).toBeGreaterThan(claims.length / 2);
    for (const claim of named) {
      const copy = copies.get(claim.videoId);
      const video = videos.get(claim.referenceVideoId ?? '');
      expect(copy, claim.videoId).toBeDefined();
      expect(video, claim.referenceVideoId ?? '').toBeDefined();
      expect([video?.channelId, video?.titleId], claim.videoId).toEqual([copy?.channelId, copy?.titleId]);
      expect(listed.has(claim.referenceVideoId ?? '')).toBe(true);
      // A copy of that video: its title, and published by the day the copy was found.
      expect(copy?.videoTitle.startsWith(video?.videoTitle ?? '\u0000')).toBe(true);
      expect(video?.publishedAt ?? Infinity).toBeLessThan(Date.parse(copy?.detectedOn ?? '') / 1000 + SECONDS_PER_DAY);
    }
  });

  it('names none only where the channel had published nothing of the title by the day the copy was found', () => {
    for (const claim of claims.filter((c) => c.referenceVideoId === null)) {
      const copy = copies.get(claim.videoId);
      const foundBy = Date.parse(copy?.detectedOn ?? '') / 1000 + SECONDS_PER_DAY;
      const published = tables.videos.filter(
        (v) => v.channelId === copy?.channelId && v.titleId === copy.titleId && v.publishedAt !== null && v.publishedAt < foundBy,
      );
      expect(published, claim.videoId).toEqual([]);
    }
  });
});
