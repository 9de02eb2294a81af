// The demo's partner report files as the importer receives them, generated once and read as plain text by
// the tests that sum them without the importer's code.
import { partnerReportBatches, partnerSources } from '../../../scripts/demo/formats/partner-reports';
import type { Scale } from '../../../scripts/demo/generate/scale';
import { buildWorld } from '../../../scripts/demo/generate/world';

export interface ReportText {
  /** The header line every file of the report starts with (they must agree). */
  header: string;
  /** Every data row of every file of the report, split on commas (the demo writes no quoted fields). */
  rows: string[][];
}

let files: Array<{ path: string; text: string }> | null = null;

/**
 * The rows of one report id (e.g. 'content_owner_reach_basic_a1') across the demo's files.
 * @example const { header, rows } = reportText({ seed: 7, today: '2026-11-20', scale: SCALES.tiny }, 'content_owner_basic_a4')
 */
export function reportText(world: { seed: number; today: string; scale: Scale }, reportId: string): ReportText {
  files ??= [...partnerReportBatches(partnerSources(buildWorld(world)))].flatMap((batch) => batch.files);
  const headers = new Set<string>();
  const rows: string[][] = [];
  for (const file of files) {
    if (!file.path.includes(reportId)) continue;
    const [header = '', ...lines] = file.text.trim().split('\n');
    headers.add(header);
    for (const line of lines) rows.push(line.split(','));
  }
  if (headers.size !== 1) throw new Error(`${reportId}: ${headers.size} different headers`);
  return { header: [...headers][0] ?? '', rows };
}
