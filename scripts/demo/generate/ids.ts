// YouTube-shaped identifiers: channel ids 'UC' + 22 characters, video ids of 11 characters.
import { pick, type Rng } from './prng';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('');
// Both ids encode whole bytes in base64url, so their last character carries only a few bits.
const CHANNEL_LAST = 'AQgw'.split('');
const VIDEO_LAST = 'AEIMQUYcgkosw048'.split('');

function chars(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += pick(rng, BASE64URL);
  return out;
}

/** 'UC' + 21 random characters + a valid final character (24 in all). */
export function channelYoutubeId(rng: Rng): string {
  return `UC${chars(rng, 21)}${pick(rng, CHANNEL_LAST)}`;
}

/** 10 random characters + a valid final character. */
export function videoId(rng: Rng): string {
  return `${chars(rng, 10)}${pick(rng, VIDEO_LAST)}`;
}

/** A YouTube CMS content owner id (22 characters). */
export function contentOwnerId(rng: Rng): string {
  return chars(rng, 22);
}

/** Draws ids until one is new, so a seeded run never produces duplicates. */
export function uniqueId(taken: Set<string>, draw: () => string): string {
  for (;;) {
    const id = draw();
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
