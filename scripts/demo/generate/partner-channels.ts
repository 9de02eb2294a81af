// The partner network and its channels: power-law sizes, one in-house channel, one UGC pseudo-channel.
import { categoryProfile, CATEGORIES } from './categories';
import type { Context } from './calendar';
import { dayNumber, isoDate, unixSeconds } from './dates';
import { SECONDS_PER_HOUR } from '../../../src/lib/dates/time';
import { COUNTRIES, LANGUAGES, UNKNOWN_COUNTRY, countryProfile, homeCountry, type LanguageProfile } from './geo';
import { channelYoutubeId, contentOwnerId, uniqueId } from './ids';
import { avatarUrl, bannerUrl } from './images';
import type { ChannelModel, CountryShare, PartnerChannel } from './model';
import { channelName, networkName, slugify } from './names';
import { chance, createRng, int, logNormal, normal, pickWeighted, shuffle, uniform, type Rng } from './prng';
import type { NetworkRecord } from './records';

export const PARTNER_NETWORK_ID = 1;
/** Daily views of the biggest channel; the n-th biggest gets about TOP / n^SIZE_EXPONENT. */
const TOP_CHANNEL_DAILY_VIEWS = 2_500_000;
const SIZE_EXPONENT = 1.3;
/** Size ranks (0 = biggest) of the UGC pseudo-channel and the in-house channel. */
const UGC_RANK = 1;
const INHOUSE_RANK = 3;
const EARLIEST_CHANNEL = dayNumber('2008-01-01');

/** A channel's audience countries: its language's homes plus a global tail, more of them for big channels. */
function countryMix(rng: Rng, language: LanguageProfile, dailyViews: number): CountryShare[] {
  const homeTotal = Object.values(language.homes).reduce((sum, weight) => sum + weight, 0);
  const globalTotal = COUNTRIES.reduce((sum, country) => sum + country.weight, 0);
  const weighted = COUNTRIES.map((country) => ({
    code: country.code,
    weight: ((0.75 * (language.homes[country.code] ?? 0)) / homeTotal + (0.25 * country.weight) / globalTotal) * logNormal(rng, 1, 0.5),
  })).sort((a, b) => b.weight - a.weight);
  const count = Math.min(COUNTRIES.length, Math.max(6, Math.round(4 + 5 * Math.log10(Math.max(1, dailyViews / 1000)))));
  const kept = weighted.slice(0, count);
  if (!kept.some((country) => country.code === UNKNOWN_COUNTRY)) kept.push({ code: UNKNOWN_COUNTRY, weight: 0.02 });
  const total = kept.reduce((sum, country) => sum + country.weight, 0);
  return kept.map((country) => ({ code: country.code, share: country.weight / total, rpm: countryProfile(country.code).rpm }));
}

function channelModel(rng: Rng, dailyViews: number, categoryId: number, language: LanguageProfile, isUgc: boolean): ChannelModel {
  const category = categoryProfile(categoryId);
  const hasShorts = isUgc || chance(rng, 0.8);
  const hasLive = !isUgc && chance(rng, 0.2);
  return {
    baseViews: dailyViews,
    growthPerYear: Math.min(1.4, Math.max(-0.5, normal(rng, 0.3, 0.35))),
    shortsShare: hasShorts ? uniform(rng, 0.05, 0.6) : 0,
    liveShare: hasLive ? uniform(rng, 0.03, 0.15) : 0,
    avdSeconds: { full: category.avdSeconds * uniform(rng, 0.75, 1.3), short: uniform(rng, 18, 34), live: uniform(rng, 700, 1800) },
    rpmFactor: category.rpmFactor * logNormal(rng, 1, 0.2) * (isUgc ? 0.45 : 1),
    likeRate: uniform(rng, 0.018, 0.045),
    dislikeRatio: uniform(rng, 0.015, 0.05),
    commentRate: uniform(rng, 0.0008, 0.003),
    shareRate: uniform(rng, 0.0006, 0.002),
    subRate: isUgc ? 0 : Math.min(0.012, Math.max(0.001, logNormal(rng, 0.003, 0.5))),
    lostRatio: uniform(rng, 0.15, 0.4),
    countries: countryMix(rng, language, dailyViews),
    subscribers: dailyViews * 30 * logNormal(rng, 2.5, 0.5),
    lifetimeViews: dailyViews * 365 * uniform(rng, 2, 6),
  };
}

export interface PartnerNetwork {
  network: NetworkRecord;
  channels: PartnerChannel[];
}

/** The partner network owned by ownerUserId and its channels (titles and cells are added later). */
export function generatePartnerNetwork(ctx: Context, ownerUserId: number, youtubeIds: Set<string>): PartnerNetwork {
  const rng = createRng(ctx.seed, 'partner-channels');
  const { calendar, scale } = ctx;
  const name = networkName(rng);
  const createdAt = unixSeconds(calendar.firstFactDay - 400);
  const network: NetworkRecord = {
    id: PARTNER_NETWORK_ID,
    slug: slugify(name),
    name,
    ownerUserId,
    contentOwnerId: contentOwnerId(rng),
    isPartner: 1,
    isPublic: 1,
    createdAt,
  };
  const ranks = shuffle(
    rng,
    Array.from({ length: scale.partnerChannels }, (_, rank) => rank),
  );
  const channels = ranks.map((rank, index): PartnerChannel => {
    const id = index + 1;
    const isUgc = rank === UGC_RANK;
    const isInhouse = rank === INHOUSE_RANK;
    const dailyViews = TOP_CHANNEL_DAILY_VIEWS * Math.pow(rank + 1, -SIZE_EXPONENT) * logNormal(rng, 1, 0.15);
    const categoryId = pickWeighted(rng, CATEGORIES, (category) => category.partnerWeight).id;
    const language = pickWeighted(rng, LANGUAGES, (lang) => lang.weight);
    const joinsLate = !isUgc && !isInhouse && chance(rng, 0.25);
    const joinedDay = joinsLate
      ? int(rng, calendar.firstFactDay + 30, calendar.lastFactDay - 60)
      : int(rng, calendar.firstFactDay - 1500, calendar.firstFactDay - 1);
    const publishedDay = int(rng, EARLIEST_CHANNEL, joinedDay - 60);
    const title = isUgc ? 'UGC' : isInhouse ? `${name.split(' ').slice(0, 2).join(' ')} Originals` : channelName(rng);
    return {
      record: {
        id,
        youtubeId: isUgc ? null : uniqueId(youtubeIds, () => channelYoutubeId(rng)),
        title,
        thumbnailUrl: avatarUrl(rng, title),
        bannerUrl: isUgc ? '' : bannerUrl(rng),
        networkId: PARTNER_NETWORK_ID,
        categoryId,
        languageCode: language.code,
        countryCode: chance(rng, 0.8) ? homeCountry(language) : 'US',
        publishedAt: isUgc ? null : unixSeconds(publishedDay, int(rng, 0, 23)),
        joinedOn: isoDate(joinedDay),
        isInhouse: isInhouse ? 1 : 0,
        isUgc: isUgc ? 1 : 0,
        createdAt: unixSeconds(joinedDay) + 12 * SECONDS_PER_HOUR,
      },
      model: channelModel(rng, dailyViews, categoryId, language, isUgc),
      titleIds: [],
      cells: [],
      factsStart: Math.max(calendar.firstFactDay, joinedDay),
    };
  });
  return { network, channels };
}
