// channel_demographics_a1 / content_owner_demographics_a1: audience share by age group x gender.
import * as z from 'zod';
import { ValueError } from '../report-error';
import * as s from '../schema-parts';
import * as v from '../values';
import { AGE_GROUPS, GENDERS, toAgeGroup, toGender } from '../vocabulary';
import type { Family, Reader } from './family';
import { dailyFamily, viewerKeyShape } from './row-key';

export const DEMOGRAPHICS_COLUMNS = ['age_group', 'gender', 'views_percentage'] as const;

export const demographicsRowSchema = z.object({
  ...viewerKeyShape,
  ageGroup: z.enum(AGE_GROUPS),
  gender: z.enum(GENDERS),
  /**
   * Share (0-100) of the row key's logged-in viewers in this age x gender cell. Not a count:
   * roll up with rollUpDemographics, weighting by views, never by averaging.
   */
  viewsPercentage: s.percentage,
});
export type DemographicsRow = z.infer<typeof demographicsRowSchema>;

const viewsPercentage: Reader<number> = (raw, column) => {
  const percentage = v.nonNegativeDecimal(raw, column);
  if (percentage > 100) throw new ValueError(`column ${column}: ${percentage} is over 100`);
  return percentage;
};

export const demographicsFamily: Family<DemographicsRow> = dailyFamily(demographicsRowSchema, { schemaEveryRow: false }, ({ key, req }) => {
  const ageGroup = req('age_group', toAgeGroup);
  const gender = req('gender', toGender);
  const percentage = req('views_percentage', viewsPercentage);
  return (f) => {
    const uploader = key.uploaderType(f);
    return {
      date: key.date(f),
      channelId: key.channelId(f),
      videoId: key.videoId(f),
      claimedStatus: key.claimedStatus(f),
      uploaderType: uploader,
      claimedCopy: uploader === 'thirdParty',
      liveOrOnDemand: key.liveOrOnDemand(f),
      subscribedStatus: key.subscribedStatus(f),
      countryCode: key.countryCode(f),
      ageGroup: ageGroup(f),
      gender: gender(f),
      viewsPercentage: percentage(f),
    };
  };
});
