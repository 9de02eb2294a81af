// The note beside audience shares read under a titles filter: how much of those titles' views they rest on, and why not all.
import { formatPercent } from '../formats/stat-format';

/**
 * Shown when `title_views_covered` is below 100 (the Demography card, the audience details). YouTube's
 * demographics report has rows for only some of the videos and days of its views report, and its shares
 * are of signed-in viewers: the title audience holds a small part of the titles' views as a rule.
 * @example audienceCoverageNote(0.22) // 'Based on 0.22% of these titles' views: …'
 */
export const audienceCoverageNote = (covered: number): string =>
  `Based on ${formatPercent(covered)} of these titles' views: YouTube's demographics report covers only some of the videos and days of its views report, and gives age and gender for signed-in viewers only.`;
