// Plausible, deterministic names for channels, titles, videos and people, built from word lists.
import { int, pick, type Rng } from './prng';
import {
  ADJECTIVES,
  CHANNEL_SUFFIXES,
  EPISODE_PHRASES,
  FIRST_NAMES,
  LAST_NAMES,
  LIVE_TEMPLATES,
  NOUNS,
  SHORT_TEMPLATES,
  TOPICS,
  VIDEO_TEMPLATES,
} from './words';

/** A channel name such as 'Golden Fox TV' or 'Maria Plays'. */
export function channelName(rng: Rng): string {
  switch (int(rng, 0, 4)) {
    case 0:
      return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)} ${pick(rng, CHANNEL_SUFFIXES)}`;
    case 1:
      return `${pick(rng, FIRST_NAMES)} ${pick(rng, CHANNEL_SUFFIXES)}`;
    case 2:
      return `${pick(rng, NOUNS)} ${pick(rng, CHANNEL_SUFFIXES)}`;
    case 3:
      return `The ${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)}`;
    default:
      return `${pick(rng, ADJECTIVES)}${pick(rng, NOUNS)}`;
  }
}

/** A show or franchise name such as 'Little Panda and Friends'. */
export function titleName(rng: Rng): string {
  switch (int(rng, 0, 3)) {
    case 0:
      return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)} and Friends`;
    case 1:
      return `The ${pick(rng, NOUNS)} ${pick(rng, NOUNS)}s`;
    case 2:
      return `${pick(rng, FIRST_NAMES)} the ${pick(rng, NOUNS)}`;
    default:
      return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)}`;
  }
}

function fill(template: string, rng: Rng, title: string): string {
  return template
    .replace('{title}', title)
    .replace('{phrase}', pick(rng, EPISODE_PHRASES))
    .replace('{topic}', pick(rng, TOPICS))
    .replace('{n}', String(int(rng, 2, 40)))
    .replace('{s}', String(int(rng, 1, 6)));
}

/** A video title fitting its type and title. */
export function videoTitle(rng: Rng, type: 'full' | 'short' | 'live', title: string): string {
  const templates = type === 'short' ? SHORT_TEMPLATES : type === 'live' ? LIVE_TEMPLATES : VIDEO_TEMPLATES;
  return fill(pick(rng, templates), rng, title);
}

/** A person's full name. */
export function personName(rng: Rng): string {
  return `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
}

/** A network name such as 'Rocket Media Group'. */
export function networkName(rng: Rng): string {
  const tail = pick(rng, ['Media', 'Media Group', 'Network', 'Studios', 'Entertainment', 'Digital']);
  return `${pick(rng, ADJECTIVES)} ${pick(rng, NOUNS)} ${tail}`;
}

/** lower-case-with-dashes, for URL keys. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** A few sentences of video description, some longer than the 800 characters the page shows. */
export function description(rng: Rng, title: string): string {
  const sentences = [
    `Welcome back to ${title}!`,
    `Today: ${pick(rng, EPISODE_PHRASES).toLowerCase()} and a ${pick(rng, TOPICS)} you have to see.`,
    'Subscribe and turn on notifications so you never miss a new video.',
    `Thanks to everyone who sent ideas for the ${pick(rng, TOPICS)} episode.`,
    'Music licensed for this video. All rights reserved by their owners.',
    'Follow us for behind-the-scenes clips, polls and the next release date.',
  ];
  const count = int(rng, 2, 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(pick(rng, sentences));
  return out.join(' ');
}
