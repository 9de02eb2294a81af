// A page's first answers, read on the server: each one loaded, or 'idle' when reading it failed so the
// island asks the API for it, which reports the failure in that block as it always does.
import { keepKnown, type StartAnswer } from '../../lib/dashboard/query';
import { log } from '../log/log';

/** An answer the server did not read (or could not): the island asks for it after hydration. */
export const NOT_READ = { status: 'idle', data: null } as const;

/**
 * Reads one answer for a page's first HTML; a failure is logged with the page and the answer's name.
 * @example const base = await answered('dashboard', 'base', () => getBase(db, request))
 */
export async function answered<T>(page: string, name: string, read: () => Promise<T>): Promise<StartAnswer<T>> {
  try {
    return { status: 'loaded', data: await read() };
  } catch (error) {
    log.error('page.answer_failed', error, { message: `${page}: ${name} failed on the server`, page, answer: name });
    return NOT_READ;
  }
}

/**
 * The names of the one channel and the one title the filters kept (each filter button's label), null
 * where a filter kept none or several.
 * @example const { channel, title } = soleLabels(query, { channels, titles })
 */
export function soleLabels(
  kept: { channels: string[]; titles: number[] },
  own: {
    channels: ReadonlyArray<{ channel_id: string; channel_title: string }>;
    titles: ReadonlyArray<{ title_id: number; title: string }>;
  },
): { channel: string | null; title: string | null } {
  const channel = kept.channels.length === 1 ? own.channels.find((c) => c.channel_id === kept.channels[0]) : undefined;
  const title = kept.titles.length === 1 ? own.titles.find((t) => t.title_id === kept.titles[0]) : undefined;
  return { channel: channel?.channel_title ?? null, title: title?.title ?? null };
}

/**
 * The URL's channels and titles this account has (checked against its own lists), and how many it
 * named beyond them: what every page's first view keeps of a shared link.
 * @example const chosen = knownChoices(fromUrl, { channels, titles }); query.channels = chosen.channels.kept
 */
export function knownChoices(
  asked: { channels: string[]; titles: number[] },
  own: { channels: ReadonlyArray<{ channel_id: string }>; titles: ReadonlyArray<{ title_id: number }> },
): { channels: { kept: string[]; dropped: number }; titles: { kept: number[]; dropped: number } } {
  return {
    channels: keepKnown(
      asked.channels,
      own.channels.map((c) => c.channel_id),
    ),
    titles: keepKnown(
      asked.titles,
      own.titles.map((t) => t.title_id),
    ),
  };
}
