// Our words for YouTube's enums, shared by the CSV reports and the Analytics API.
import { ValueError } from './report-error';

export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** Viewers who chose neither male nor female stay a separate group, never folded into either. */
export const GENDERS = ['male', 'female', 'user_specified'] as const;
export type Gender = (typeof GENDERS)[number];

export const LIVE_OR_ON_DEMAND = ['live', 'on_demand'] as const;
export type LiveOrOnDemand = (typeof LIVE_OR_ON_DEMAND)[number];

/** "unknown" appears in older files. */
export const SUBSCRIBED_STATUSES = ['subscribed', 'not_subscribed', 'unknown'] as const;
export type SubscribedStatus = (typeof SUBSCRIBED_STATUSES)[number];

/** thirdParty = someone else's upload of the partner's content, claimed through Content ID. */
export const UPLOADER_TYPES = ['self', 'thirdParty'] as const;
export type UploaderType = (typeof UPLOADER_TYPES)[number];

// Maps, not object literals: a value such as "constructor" must not find a prototype member.
const AGE_BY_SOURCE = new Map<string, AgeGroup>(
  Object.entries({
    // Reporting API CSV (note the trailing underscore of AGE_65_).
    AGE_13_17: '13-17',
    AGE_18_24: '18-24',
    AGE_25_34: '25-34',
    AGE_35_44: '35-44',
    AGE_45_54: '45-54',
    AGE_55_64: '55-64',
    AGE_65_: '65+',
    // Analytics API JSON.
    'age13-17': '13-17',
    'age18-24': '18-24',
    'age25-34': '25-34',
    'age35-44': '35-44',
    'age45-54': '45-54',
    'age55-64': '55-64',
    'age65-': '65+',
  } as const),
);

const GENDER_BY_SOURCE = new Map<string, Gender>(
  Object.entries({
    MALE: 'male',
    FEMALE: 'female',
    GENDER_OTHER: 'user_specified',
    USER_SPECIFIED: 'user_specified',
    male: 'male',
    female: 'female',
    user_specified: 'user_specified',
  } as const),
);

/** AGE_25_34 or age25-34 -> '25-34'; AGE_65_ / age65- -> '65+'. */
export function toAgeGroup(raw: string | undefined, column: string): AgeGroup {
  const value = raw === undefined ? undefined : AGE_BY_SOURCE.get(raw);
  if (value === undefined) throw new ValueError(`column ${column}: "${raw ?? ''}" is not an age group`);
  return value;
}

/** MALE / FEMALE / GENDER_OTHER / USER_SPECIFIED (CSV) or male / female / user_specified (API). */
export function toGender(raw: string | undefined, column: string): Gender {
  const value = raw === undefined ? undefined : GENDER_BY_SOURCE.get(raw);
  if (value === undefined) throw new ValueError(`column ${column}: "${raw ?? ''}" is not a gender`);
  return value;
}
