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

/** Up to 21 cells (7 age groups x male, female, user_specified) per month with views. */
export function generateAudience(ctx: Context, channel: PartnerChannel, months: MonthTotals): AudienceRecord[] {
  const rng = createRng(ctx.seed, 'audience', channel.record.id);
  const category = categoryProfile(channel.record.categoryId ?? 24);
  const ages = category.ages.map((share) => share * logNormal(rng, 1, 0.2));
  const maleShare = Math.min(0.9, Math.max(0.1, category.maleShare + normal(rng, 0, 0.06)));
  const rows: AudienceRecord[] = [];
  for (const [month, totals] of [...months.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    // Audiences drift a little from month to month.
    const male = Math.min(0.95, Math.max(0.05, maleShare + normal(rng, 0, 0.01)));
    const cells = AGE_GROUPS.flatMap((ageGroup, i) => {
      const age = (ages[i] ?? 0) * Math.exp(normal(rng, 0, 0.04));
      const chosen = age * (1 - USER_SPECIFIED_SHARE);
      return [
        { ageGroup, gender: 'male' as const, weight: chosen * male },
        { ageGroup, gender: 'female' as const, weight: chosen * (1 - male) },
        { ageGroup, gender: 'user_specified' as const, weight: age * USER_SPECIFIED_SHARE },
      ];
    });
    const views = apportion(Math.round(totals.views * SIGNED_IN_SHARE), cells.map((cell) => cell.weight));
    cells.forEach((cell, i) => {
      const value = views[i] ?? 0;
      if (value > 0) rows.push({ channelId: channel.record.id, month, ageGroup: cell.ageGroup, gender: cell.gender, views: value });
    });
  }
  return rows;
}
