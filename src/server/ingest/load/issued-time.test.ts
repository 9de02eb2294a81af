import { describe, expect, it } from 'vitest';
import { parseIssuedTime } from './issued-time';

/** Pinned clock: 2026-11-27 00:00:00 UTC. */
const NOW = Date.UTC(2026, 10, 27) / 1000;
const at = (text: string) => parseIssuedTime(text, NOW);

describe('parseIssuedTime', () => {
  it('reads createTime as YouTube prints it, and other ISO 8601 times with a zone', () => {
    // 2026-11-21 10:04:33 UTC worked by hand: 20 days after 2026-11-01 (1 793 491 200) plus 10 h 4 min 33 s.
    const expected = 1_793_491_200 + 20 * 86_400 + 10 * 3600 + 4 * 60 + 33;
    expect(at('2026-11-21T10:04:33.123456Z')).toEqual({ ok: true, at: expected });
    expect(at('2026-11-21T10:04:33Z')).toEqual({ ok: true, at: expected });
    expect(at(' 2026-11-21t10:04:33z ')).toEqual({ ok: true, at: expected });
    expect(at('2026-11-21T11:04:33+01:00')).toEqual({ ok: true, at: expected });
    expect(at('2026-11-21T05:34:33-04:30')).toEqual({ ok: true, at: expected });
    expect(at('2026-11-21T10:04Z')).toEqual({ ok: true, at: expected - 33 });
  });

  it.each([
    'yesterday',
    '1795255473',
    '2026-11-21',
    '2026-11-21T10:04:33',
    '2026-02-30T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T10:04:33+25:00',
  ])('refuses %s with the form to give', (text) => {
    const result = at(text);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problem).toBe(
        `"${text}" is not an ISO 8601 time with its zone: give when YouTube issued the file, e.g. 2026-11-21T10:04:33Z (the report's createTime).`,
      );
  });

  it('refuses a time after now, and takes now itself', () => {
    expect(at('2026-11-27T00:00:01Z')).toEqual({
      ok: false,
      problem: '"2026-11-27T00:00:01Z" lies in the future (now 2026-11-27T00:00:00Z): give when YouTube issued the file, which has passed.',
    });
    expect(at('2026-11-27T00:00:00Z')).toEqual({ ok: true, at: NOW });
  });
});
