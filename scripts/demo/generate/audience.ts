// Monthly audience of a partner channel by age group and gender, from its category's typical viewers.
import { apportion } from './apportion';
import { AGE_GROUPS, categoryProfile } from './categories';
import type { Context } from './calendar';
import type { MonthTotals } from './facts';
import type { PartnerChannel } from './model';
import { createRng, logNormal, normal } from './prng';
import type { AudienceRecord } from './records';

/** Share of views from signed-in, age-verified viewers: the only ones demographics cover. */
const SIGNED_IN_SHARE = 0.62;
/** Viewers who chose neither male nor female. */
const USER_SPECIFIED_SHARE = 0.007;

/** One age group x gender cell of a month and its relative weight among the month's signed-in viewers. */
export interface AudienceCell {
  ageGroup: string;
  gender: AudienceRecord['gender'];
  weight: number;
}

/**
 * The 21 cells (7 age groups x male, female, user_specified) of each month, oldest first: the
 * channel's category audience drifting a little from month to month. Months must be given in order.
 */
export function audienceCells(ctx: Context, channel: PartnerChannel, months: readonly string[]): Map<string, AudienceCell[]> {
  const rng = createRng(ctx.seed, 'audience', channel.record.id);
  const category = categoryProfile(channel.record.categoryId ?? 24);
  const ages = category.ages.map((share) => share * logNormal(rng, 1, 0.2));
  const maleShare = Math.min(0.9, Math.max(0.1, category.maleShare + normal(rng, 0, 0.06)));
  const out = new Map<string, AudienceCell[]>();
  for (const month of months) {
    const male = Math.min(0.95, Math.max(0.05, maleShare + normal(rng, 0, 0.01)));
    out.set(
      month,
      AGE_GROUPS.flatMap((ageGroup, i) => {
        const age = (ages[i] ?? 0) * Math.exp(normal(rng, 0, 0.04));
        const chosen = age * (1 - USER_SPECIFIED_SHARE);
        return [
          { ageGroup, gender: 'male' as const, weight: chosen * male },
          { ageGroup, gender: 'female' as const, weight: chosen * (1 - male) },
          { ageGroup, gender: 'user_specified' as const, weight: age * USER_SPECIFIED_SHARE },
        ];
      }),
    );
  }
  return out;
}

/** Up to 21 cells per month with views: the month's signed-in views split over audienceCells. */
export function generateAudience(ctx: Context, channel: PartnerChannel, months: MonthTotals): AudienceRecord[] {
  const ordered = [...months.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const cellsByMonth = audienceCells(
    ctx,
    channel,
    ordered.map(([month]) => month),
  );
  const rows: AudienceRecord[] = [];
  for (const [month, totals] of ordered) {
    const cells = cellsByMonth.get(month) ?? [];
    const views = apportion(
      Math.round(totals.views * SIGNED_IN_SHARE),
      cells.map((cell) => cell.weight),
    );
    cells.forEach((cell, i) => {
      const value = views[i] ?? 0;
      if (value > 0) rows.push({ channelId: channel.record.id, month, ageGroup: cell.ageGroup, gender: cell.gender, views: value });
    });
  }
  return rows;
}
