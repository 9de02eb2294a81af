// The profile's PROPERTY block on the server: the latest data day, the URL's state settled on it, and
// the first page of videos and the channels, read as the profile calls read them.
import type { SessionUser } from '../../auth/session-user';
import { answered } from '../start-answer';
import { latestDates, listUserChannels } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import type { PartnerStoreEnv } from '../../partner-store';
import { parseInput } from '../../http/validate';
import { propertyBody, readPropertyQuery, type PropertyStart } from '../../../lib/partner/property-query';
import { profileVideosSchema } from './property-schema';
import { listProfileVideos } from './property-videos';
import { log } from '../../log/log';

/** The latest data day of the user's channels; today when there is none or it cannot be read. */
async function latestDay(env: PartnerStoreEnv, user: SessionUser, today: string): Promise<string> {
  try {
    return (await latestDates(env, scopeFor(user, {}))).max_date ?? today;
  } catch (error) {
    log.error('page.answer_failed', error, { message: 'profile: the latest data day failed on the server', page: 'profile' });
    return today;
  }
}

/**
 * The block's first view for a URL; a list that fails is left for the island to ask for.
 * @example const property = await getPropertyStart(env, user, Astro.url.search, today)
 */
export async function getPropertyStart(env: PartnerStoreEnv, user: SessionUser, search: string, today: string): Promise<PropertyStart> {
  const maxDate = await latestDay(env, user, today);
  const db = env.DB;
  const query = readPropertyQuery(search, today, maxDate);
  const scope = scopeFor(user, {});
  const body = parseInput(profileVideosSchema, propertyBody(query));
  // The videos list as the call would answer it: one title's videos when the address names one.
  const listScope = scopeFor(user, { titles: body.titles });
  const [videos, channels] = await Promise.all([
    answered('profile', 'videos', () => listProfileVideos(db, listScope, body, user.showTitle)),
    answered('profile', 'channels', () => listUserChannels(db, scope)),
  ]);
  return { maxDate, query, videos, channels };
}
