// What each user may see, computed from the grants tables in plain code (never through the product's
// user_channels view), so the isolation probes judge answers against an independent model.

export interface ModelChannel {
  id: number;
  /** YouTube id, or null for a UGC pseudo-channel. */
  youtubeId: string | null;
  title: string;
  networkId: number | null;
  inhouse: boolean;
}

export interface ModelUser {
  id: number;
  email: string;
  password: string;
  showTitle: boolean;
  onlyInhouse: boolean;
}

/** The rows of the tables that decide visibility, as read straight from the database. */
export interface ScopeWorld {
  users: ModelUser[];
  channels: ModelChannel[];
  titles: Array<{ id: number; name: string }>;
  networks: Array<{ id: number; slug: string; name: string }>;
  channelGrants: Array<{ userId: number; channelId: number }>;
  networkGrants: Array<{ userId: number; networkId: number }>;
  /** (channel, title) pairs that have videos or title facts. */
  channelTitles: Array<{ channelId: number; titleId: number }>;
}

/** The things one user may see, and the names of what they may not. */
export interface UserScope {
  user: ModelUser;
  channelIds: Set<number>;
  /** Filter keys of the user's channels ('ugc' for the pseudo-channel). */
  channelKeys: Set<string>;
  titleIds: Set<number>;
  foreign: {
    channelKeys: Set<string>;
    /** Names of channels, titles and networks the user has nothing in; never also an own name. */
    names: Set<string>;
    titleIds: Set<number>;
  };
}

/** The filter key the API uses for a channel. */
export const channelKey = (c: ModelChannel): string => c.youtubeId ?? 'ugc';

/**
 * The user's scope: channel grants plus every channel of a granted network, both limited to in-house
 * channels for in-house users; titles seen on those channels (only for users with titles enabled).
 * @example const scope = scopeOf(world, world.users[0])
 */
export function scopeOf(world: ScopeWorld, user: ModelUser): UserScope {
  const allowed = (c: ModelChannel) => !user.onlyInhouse || c.inhouse;
  const grantedNetworks = new Set(world.networkGrants.filter((g) => g.userId === user.id).map((g) => g.networkId));
  const granted = new Set(world.channelGrants.filter((g) => g.userId === user.id).map((g) => g.channelId));
  const own = world.channels.filter((c) => allowed(c) && (granted.has(c.id) || (c.networkId !== null && grantedNetworks.has(c.networkId))));
  const channelIds = new Set(own.map((c) => c.id));
  const titleIds = new Set(user.showTitle ? world.channelTitles.filter((p) => channelIds.has(p.channelId)).map((p) => p.titleId) : []);
  const ownNetworks = new Set(own.map((c) => c.networkId));
  const ownNames = new Set([
    ...own.map((c) => c.title),
    ...world.titles.filter((t) => titleIds.has(t.id)).map((t) => t.name),
    ...world.networks.filter((n) => ownNetworks.has(n.id)).flatMap((n) => [n.slug, n.name]),
  ]);
  const foreignChannels = world.channels.filter((c) => !channelIds.has(c.id));
  const foreignNames = [
    ...foreignChannels.map((c) => c.title),
    ...world.titles.filter((t) => !titleIds.has(t.id)).map((t) => t.name),
    ...world.networks.filter((n) => !ownNetworks.has(n.id)).flatMap((n) => [n.slug, n.name]),
  ].filter((name) => !ownNames.has(name) && name.length >= MIN_MARKER_LENGTH);
  return {
    user,
    channelIds,
    channelKeys: new Set(own.map(channelKey)),
    titleIds,
    foreign: {
      channelKeys: new Set(foreignChannels.map(channelKey).filter((k) => k !== 'ugc' || !own.some((c) => c.youtubeId === null))),
      names: new Set(foreignNames),
      titleIds: new Set(world.titles.filter((t) => !titleIds.has(t.id)).map((t) => t.id)),
    },
  };
}

/** Shorter names ("Kids", "TV") match too much ordinary text to be evidence of a leak. */
const MIN_MARKER_LENGTH = 5;
