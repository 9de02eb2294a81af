// A channel's grade: a score from 0 to 100 and a letter, from its standing among every ranked channel in
// the last 30 days (docs/public-stats.md, "Channel grade"). One pure formula, shared by the page and the API.

/** What the grade weighs: size (subscribers), reach (monthly views) and growth (monthly subs). */
export const GRADE_METRICS = [
  { metric: 'subscriber_count', label: 'Subscribers', weight: 0.35 },
  { metric: 'monthly_views', label: 'Monthly views', weight: 0.4 },
  { metric: 'monthly_subs', label: 'Monthly subs', weight: 0.25 },
] as const;

export type GradeMetric = (typeof GRADE_METRICS)[number]['metric'];

/** The lowest whole score of each letter, best first; below the last band is D. */
export const GRADE_BANDS: readonly { letter: string; from: number }[] = [
  { letter: 'A++', from: 99 },
  { letter: 'A+', from: 97 },
  { letter: 'A', from: 93 },
  { letter: 'A−', from: 88 },
  { letter: 'B+', from: 80 },
  { letter: 'B', from: 70 },
  { letter: 'B−', from: 60 },
  { letter: 'C+', from: 50 },
  { letter: 'C', from: 40 },
  { letter: 'C−', from: 25 },
];
export const LOWEST_GRADE = 'D';

/** A channel's place in one ranking: its position (null when it is not in it) among `total` ranked channels. */
export interface Standing {
  metric: GradeMetric;
  position: number | null;
  total: number;
}

/** A standing with its percentile: the share of the other ranked channels it is ahead of, 0–100. */
export interface GradedStanding extends Standing {
  percentile: number;
}

export interface ChannelGrade {
  /** Whole number from 0 to 100. */
  score: number;
  /** 'A++' … 'D'. */
  letter: string;
  standings: GradedStanding[];
}

const PERCENT = 100;
const PERCENTILE_DECIMALS = 100;

/**
 * The share of the other ranked channels a position is ahead of, in percent (2 decimals): the first is
 * 100, the last 0, a sole ranked channel 100; not ranked is 0 (below every ranked channel).
 * @example percentileOf(1, 101) // 100
 * @example percentileOf(51, 101) // 50
 */
export function percentileOf(position: number | null, total: number): number {
  if (position === null || total < 1 || position < 1 || position > total) return 0;
  if (total === 1) return PERCENT;
  return Math.round(((total - position) / (total - 1)) * PERCENT * PERCENTILE_DECIMALS) / PERCENTILE_DECIMALS;
}

/**
 * The letter of a whole score.
 * @example letterOf(99) // 'A++'
 * @example letterOf(24) // 'D'
 */
export function letterOf(score: number): string {
  return GRADE_BANDS.find((band) => score >= band.from)?.letter ?? LOWEST_GRADE;
}

/**
 * The grade from the channel's standings in GRADE_METRICS: score = Σ weight × percentile, rounded to a
 * whole number, then its letter. Null when the channel is ranked in none of them (no figures for the
 * last 30 days, or no rankings stored yet): no grade rather than a D it did not earn. A metric it is
 * missing from while ranked in another counts 0.
 * @example gradeOf([{ metric: 'subscriber_count', position: 1, total: 10 }, …]) // { score: 100, letter: 'A++', … }
 */
export function gradeOf(standings: readonly Standing[]): ChannelGrade | null {
  if (!standings.some((s) => s.position !== null && s.total > 0)) return null;
  const graded = GRADE_METRICS.map(({ metric }) => {
    const standing = standings.find((s) => s.metric === metric) ?? { metric, position: null, total: 0 };
    return { ...standing, percentile: percentileOf(standing.position, standing.total) };
  });
  const weighted = GRADE_METRICS.reduce((sum, { weight }, i) => sum + weight * graded[i]!.percentile, 0);
  const score = Math.round(weighted);
  return { score, letter: letterOf(score), standings: graded };
}

const percentOf = (weight: number) => `${Math.round(weight * PERCENT)}%`;

/** The method in words, for the page's "How the grade is worked out": written from the constants above. */
export const GRADE_METHOD =
  'The grade compares the channel with every channel we rank over the last 30 days. For subscribers, monthly views and ' +
  'monthly subs, its percentile is the share of the other ranked channels it is ahead of (the first is 100, the last 0). ' +
  `The score is ${GRADE_METRICS.map((m) => `${percentOf(m.weight)} of the ${m.label.toLowerCase()} percentile`).join(', ')}, ` +
  `rounded to a whole number. Letters: ${GRADE_BANDS.map((b) => `${b.letter} from ${b.from}`).join(', ')}, ${LOWEST_GRADE} below. ` +
  'Public counters only, the same for every channel.';
