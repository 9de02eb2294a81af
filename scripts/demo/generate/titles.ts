// Titles (shows, franchises) and which partner channels publish them; popular titles span channels.
import type { Context } from './calendar';
import { unixSeconds } from './dates';
import { avatarUrl } from './images';
import type { PartnerChannel } from './model';
import { titleName } from './names';
import { chance, createRng, int, pick, shuffle } from './prng';
import type { TitleRecord } from './records';

/** Titles the UGC pseudo-channel carries: copies follow the popular shows. */
const UGC_TITLES = 20;

/** Titles with unique names, ids 1..scale.titles. */
export function generateTitles(ctx: Context): TitleRecord[] {
  const rng = createRng(ctx.seed, 'titles');
  const names = new Set<string>();
  const titles: TitleRecord[] = [];
  while (titles.length < ctx.scale.titles) {
    const title = titleName(rng);
    if (names.has(title)) continue;
    names.add(title);
    titles.push({
      id: titles.length + 1,
      title,
      iconUrl: avatarUrl(rng, title),
      createdAt: unixSeconds(ctx.calendar.firstFactDay - int(rng, 30, 1500)),
    });
  }
  return titles;
}

/**
 * Gives every channel 1..8 titles (bigger channels more), every title at least one channel,
 * and the UGC pseudo-channel the most shared ones. Mutates channel.titleIds.
 */
export function assignTitles(ctx: Context, channels: PartnerChannel[], titles: TitleRecord[]): void {
  const rng = createRng(ctx.seed, 'title-assignment');
  const unused = shuffle(
    rng,
    titles.map((title) => title.id),
  );
  const used: number[] = [];
  const regular = channels.filter((channel) => channel.record.isUgc === 0);
  for (const channel of regular) {
    const wanted = Math.min(8, Math.max(1, Math.round(1 + 1.5 * Math.log10(channel.model.baseViews / 5000) + rng.next() * 2)));
    while (channel.titleIds.length < wanted) {
      const shared = used.length > 0 && (unused.length === 0 || chance(rng, 0.3));
      const id = shared ? pick(rng, used) : (unused.pop() as number);
      if (channel.titleIds.includes(id)) {
        if (unused.length === 0 && used.length <= channel.titleIds.length) break;
        continue;
      }
      channel.titleIds.push(id);
      if (!shared) used.push(id);
    }
  }
  // Titles left over (more titles than channel slots) go to random channels.
  for (const id of unused) pick(rng, regular).titleIds.push(id);
  const popularity = new Map<number, number>();
  for (const channel of regular) {
    for (const id of channel.titleIds) popularity.set(id, (popularity.get(id) ?? 0) + channel.model.baseViews);
  }
  const popular = [...popularity.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  for (const channel of channels) {
    if (channel.record.isUgc === 1) channel.titleIds = popular.slice(0, UGC_TITLES);
  }
}
