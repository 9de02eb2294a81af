// channel_demographics_a1 / content_owner_demographics_a1: audience share by age group x gender.
import * as z from 'zod';
import { ValueError } from '../report-error';
import * as s from '../schema-parts';
import * as v from '../values';
import { AGE_GROUPS, GENDERS, LIVE_OR_ON_DEMAND, SUBSCRIBED_STATUSES, UPLOADER_TYPES, toAgeGroup, toGender } from '../vocabulary';
import { cached, optionalReaders, type Family } from './family';
import { viewerKeyShape } from './row-key';

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

export const demographicsFamily: Family<DemographicsRow> = {
  schema: demographicsRowSchema,
  schemaEveryRow: false,
  dayOf: (row) => row.date,
  compile(c) {
    const i = {
      date: c.index('date'),
      channel: c.index('channel_id'),
      video: c.index('video_id'),
      live: c.index('live_or_on_demand'),
      subscribed: c.index('subscribed_status'),
      country: c.index('country_code'),
      age: c.index('age_group'),
      gender: c.index('gender'),
      percentage: c.index('views_percentage'),
    };
    const opt = optionalReaders(c);
    const claimedStatus = opt('claimed_status', v.text);
    const uploaderType = opt('uploader_type', (raw, col) => v.oneOf(raw, col, UPLOADER_TYPES));
    const day = cached(v.day);
    const channel = cached(v.channelId);
    return (f) => {
      const uploader = uploaderType(f);
      const percentage = v.nonNegativeDecimal(f[i.percentage], 'views_percentage');
      if (percentage > 100) throw new ValueError(`column views_percentage: ${percentage} is over 100`);
      return {
        date: day(f[i.date], 'date'),
        channelId: channel(f[i.channel], 'channel_id'),
        videoId: v.optionalText(f[i.video]),
        claimedStatus: claimedStatus(f),
        uploaderType: uploader,
        claimedCopy: uploader === 'thirdParty',
        liveOrOnDemand: v.oneOf(f[i.live], 'live_or_on_demand', LIVE_OR_ON_DEMAND),
        subscribedStatus: v.oneOf(f[i.subscribed], 'subscribed_status', SUBSCRIBED_STATUSES),
        countryCode: v.country(f[i.country], 'country_code'),
        ageGroup: toAgeGroup(f[i.age], 'age_group'),
        gender: toGender(f[i.gender], 'gender'),
        viewsPercentage: percentage,
      };
    };
  },
};
