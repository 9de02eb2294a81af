// Judges one partner answer against the caller's independently computed scope: any foreign channel,
// title or network named in the data is a leak; an error may only repeat what the caller sent.
import type { UserScope } from './scope-model';

/** A YouTube channel id anywhere inside a string. */
const CHANNEL_ID_IN_TEXT = /UC[A-Za-z0-9_-]{22}/g;

/** Fields whose value names a channel, and fields whose value is a title id. */
const CHANNEL_FIELDS = new Set(['channel_id', 'channelId', 'youtube_id']);
const TITLE_FIELDS = new Set(['title_id', 'titleId']);

/**
 * Every foreign thing named in a JSON answer, as readable findings (empty when the answer is clean).
 * @example expect(findLeaks(body, scope, requestText)).toEqual([])
 */
export function findLeaks(answer: unknown, scope: UserScope, requestText: string): string[] {
  const found: string[] = [];
  if (answer && typeof answer === 'object' && 'error' in answer && typeof answer.error === 'string') {
    // Repeating the caller's own words back is not a leak; anything else foreign is.
    return markersIn(answer.error, scope, true)
      .filter((m) => !requestText.includes(m))
      .map((m) => `error: foreign ${m}`);
  }
  walk(answer, scope, found, 'answer', null);
  return found;
}

function walk(value: unknown, scope: UserScope, found: string[], at: string, key: string | null): void {
  if (typeof value === 'string') {
    if (key && CHANNEL_FIELDS.has(key) && !scope.channelKeys.has(value)) found.push(`${at}: foreign channel ${value}`);
    scanText(value, scope, found, at);
  } else if (typeof value === 'number') {
    if (key && TITLE_FIELDS.has(key) && !scope.titleIds.has(value)) found.push(`${at}: foreign title ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, scope, found, `${at}[${i}]`, key));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, scope, found, `${at}.${k}`, k);
    checkBreakdownRow(value as Record<string, unknown>, scope, found, at);
  }
}

/** A breakdown row's id is a channel key (by channel) or a title id (by title). */
function checkBreakdownRow(row: Record<string, unknown>, scope: UserScope, found: string[], at: string): void {
  if (!('points' in row) || !('id' in row)) return;
  const id = row.id;
  if (typeof id === 'number' && !scope.titleIds.has(id)) found.push(`${at}.id: foreign title ${id}`);
  if (typeof id === 'string' && !scope.channelKeys.has(id)) found.push(`${at}.id: foreign channel ${id}`);
}

function scanText(text: string, scope: UserScope, found: string[], at: string): void {
  for (const marker of markersIn(text, scope)) found.push(`${at}: foreign ${marker}`);
}

/**
 * Foreign channel ids inside the text, and foreign names: the whole text in data fields, anywhere in
 * an error sentence (which could quote a name it looked up).
 */
function markersIn(text: string, scope: UserScope, inSentence = false): string[] {
  const ids = (text.match(CHANNEL_ID_IN_TEXT) ?? []).filter((id) => scope.foreign.channelKeys.has(id));
  const names = inSentence ? [...scope.foreign.names].filter((n) => text.includes(n)) : scope.foreign.names.has(text) ? [text] : [];
  return [...ids, ...names];
}

/** An answer without the fields that differ between two identical requests (the server's clock). */
export function comparable(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(comparable);
  if (answer && typeof answer === 'object') {
    return Object.fromEntries(
      Object.entries(answer)
        .filter(([k]) => k !== 'timestamp')
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return answer;
}
