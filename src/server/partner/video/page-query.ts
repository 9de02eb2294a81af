// The video page's address read leniently: what the call would refuse (400) the page replaces by the
// default period with a note, so an old or hand-edited link still opens the video.
import { CUSTOM } from '../../../lib/dates/periods';
import { HttpError } from '../../http/errors';
import { checkVideoQuery, type VideoQuery, videoQuerySchema } from './video-schema';

/**
 * The period the address asks for, by the call's own rules (videoQuerySchema, checkVideoQuery). The form
 * sends empty dates beside a preset, and a preset ignores dates: both are dropped before the check.
 * @example readVideoPageQuery(new URLSearchParams('period=89'), '2026-11-30') // { query: { period: '89' }, note: null }
 */
export function readVideoPageQuery(params: URLSearchParams, today: string): { query: VideoQuery; note: string | null } {
  const raw = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  const preset = raw.period !== undefined && raw.period !== CUSTOM;
  const asked = preset ? { period: raw.period } : raw;
  const fallback = { query: {}, note: 'The period in the address could not be used: showing the last 28 days.' };
  const parsed = videoQuerySchema.safeParse(asked);
  if (!parsed.success) return fallback;
  try {
    checkVideoQuery(parsed.data, today);
  } catch (error) {
    if (error instanceof HttpError) return fallback;
    throw error;
  }
  return { query: parsed.data, note: null };
}
