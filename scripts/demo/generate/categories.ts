// YouTube categories the demo uses, with what differs between them: ad rates, view length, audience.

export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** Age mixes of logged-in viewers, one per kind of audience (sums to 1). */
const AGE_MIXES = {
  young: [0.14, 0.32, 0.27, 0.13, 0.07, 0.04, 0.03],
  adult: [0.04, 0.19, 0.31, 0.21, 0.13, 0.08, 0.04],
  older: [0.02, 0.08, 0.18, 0.22, 0.22, 0.16, 0.12],
} as const;

export interface CategoryProfile {
  id: number;
  /** Weights for partner channels and for public channels. */
  partnerWeight: number;
  publicWeight: number;
  /** Multiplies the country RPM: advertisers pay more for some audiences. */
  rpmFactor: number;
  /** Average view duration of a long-form view, seconds. */
  avdSeconds: number;
  maleShare: number;
  ages: readonly number[];
}

export const CATEGORIES: readonly CategoryProfile[] = [
  { id: 24, partnerWeight: 22, publicWeight: 20, rpmFactor: 1.0, avdSeconds: 370, maleShare: 0.55, ages: AGE_MIXES.adult },
  { id: 1, partnerWeight: 18, publicWeight: 6, rpmFactor: 0.8, avdSeconds: 430, maleShare: 0.52, ages: AGE_MIXES.young },
  { id: 27, partnerWeight: 10, publicWeight: 8, rpmFactor: 1.5, avdSeconds: 480, maleShare: 0.55, ages: AGE_MIXES.adult },
  { id: 10, partnerWeight: 8, publicWeight: 14, rpmFactor: 0.6, avdSeconds: 210, maleShare: 0.5, ages: AGE_MIXES.young },
  { id: 20, partnerWeight: 10, publicWeight: 14, rpmFactor: 0.9, avdSeconds: 560, maleShare: 0.82, ages: AGE_MIXES.young },
  { id: 22, partnerWeight: 6, publicWeight: 14, rpmFactor: 1.0, avdSeconds: 360, maleShare: 0.5, ages: AGE_MIXES.adult },
  { id: 23, partnerWeight: 6, publicWeight: 5, rpmFactor: 0.9, avdSeconds: 300, maleShare: 0.6, ages: AGE_MIXES.young },
  { id: 26, partnerWeight: 6, publicWeight: 5, rpmFactor: 1.3, avdSeconds: 420, maleShare: 0.3, ages: AGE_MIXES.adult },
  { id: 28, partnerWeight: 5, publicWeight: 4, rpmFactor: 1.8, avdSeconds: 540, maleShare: 0.76, ages: AGE_MIXES.adult },
  { id: 17, partnerWeight: 4, publicWeight: 4, rpmFactor: 1.1, avdSeconds: 300, maleShare: 0.8, ages: AGE_MIXES.adult },
  { id: 25, partnerWeight: 2, publicWeight: 3, rpmFactor: 1.2, avdSeconds: 360, maleShare: 0.65, ages: AGE_MIXES.older },
  { id: 2, partnerWeight: 1, publicWeight: 1.5, rpmFactor: 1.6, avdSeconds: 480, maleShare: 0.86, ages: AGE_MIXES.adult },
  { id: 15, partnerWeight: 1, publicWeight: 1, rpmFactor: 0.9, avdSeconds: 240, maleShare: 0.4, ages: AGE_MIXES.adult },
  { id: 19, partnerWeight: 1, publicWeight: 1, rpmFactor: 1.3, avdSeconds: 480, maleShare: 0.5, ages: AGE_MIXES.older },
  { id: 29, partnerWeight: 0, publicWeight: 0.5, rpmFactor: 1.0, avdSeconds: 300, maleShare: 0.5, ages: AGE_MIXES.older },
];

const BY_ID = new Map(CATEGORIES.map((category) => [category.id, category]));

/** The profile of a category id from CATEGORIES. */
export function categoryProfile(id: number): CategoryProfile {
  const category = BY_ID.get(id);
  if (!category) throw new Error(`No demo profile for category ${id}`);
  return category;
}
