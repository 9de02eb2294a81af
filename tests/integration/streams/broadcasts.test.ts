// GET /api/streams: the user's streams on air only, minutes on air from a pinned clock, the count online, 400s naming the field.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamsAnswer } from '../../../src/lib/api/streams';
import { scopeFor } from '../../../src/server/stats/filters';
import { getLiveBroadcasts } from '../../../src/server/partner/streams/live';
import { sessionUserOf } from '../factories';
import { call } from '../http';
import { type BroadcastRow, buildStreamsWorld, NOW, type StreamsWorld } from './world';

let w: StreamsWorld;
beforeEach(async () => {
  // Pinned before anything is written, so sessions and durations share one clock whatever the day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
  w = await buildStreamsWorld();
});
afterEach(() => {
  vi.useRealTimers();
});

async function streams(session: string, query = ''): Promise<{ status: number; body: { data?: StreamsAnswer; error?: string } }> {
  const res = await call(`/api/streams${query}`, { session });
  return { status: res.status, body: (await res.json()) as { data?: StreamsAnswer; error?: string } };
}

/** The cards expected for these rows, worked out from the fixture rows in plain code. */
function expected(rows: BroadcastRow[], channels: { id: number; key: string; title: string }[], now: number) {
  const byId = new Map(channels.map((c) => [c.id, c]));
  return rows
    .filter((r) => r.endedAt === null && byId.has(r.channelId))
    .sort((x, y) => y.startedAt - x.startedAt)
    .map((r) => ({
      video_id: r.videoId,
      preview: r.previewUrl,
      name: r.name,
      channel: byId.get(r.channelId)?.title,
      channel_id: byId.get(r.channelId)?.key,
      watching: r.watchingCount,
      started: new Date(r.startedAt * 1000).toISOString().slice(0, 19) + 'Z',
      duration: Math.trunc((now - r.startedAt) / 60),
    }));
}

describe('GET /api/streams', () => {
  it("answers the user's streams on air, newest first, with the count online", async () => {
    const a = await streams(w.a.session);
    expect(a.status).toBe(200);
    expect(a.body.data?.broadcasts).toEqual(expected(w.rows, [w.a1, w.a2], NOW));
    expect(a.body.data?.online).toBe(6);
    // Hand-worked: 5 min 59 s is 5 minutes, 30 s is 0, a day is 1440.
    expect(a.body.data?.broadcasts.map((b) => b.duration)).toEqual([0, 5, 61, 95, 600, 1440]);
  });

  it("never shows another user's streams, nor ended ones", async () => {
    const a = await streams(w.a.session);
    const aIds = new Set(a.body.data?.broadcasts.map((b) => b.video_id));
    for (const row of w.rows) {
      const mine = row.channelId === w.a1.id || row.channelId === w.a2.id;
      expect(aIds.has(row.videoId)).toBe(mine && row.endedAt === null);
    }
    const b = await streams(w.b.session);
    expect(b.body.data).toEqual({ online: 1, broadcasts: expected(w.rows, [w.b1], NOW) });
    // Asking for a foreign channel narrows to nothing rather than reaching it.
    expect((await streams(w.a.session, `?channels=${w.b1.key}`)).body.data).toEqual({ online: 0, broadcasts: [] });
    expect((await streams(w.a.session, `?channels=${w.a2.key}`)).body.data?.broadcasts).toEqual(expected(w.rows, [w.a2], NOW));
  });

  it('counts minutes from the injected clock', async () => {
    // 10 min 59 s later: 30 s + 659 s is 11 minutes, 5 min 59 s + 659 s is 16.
    const later = NOW + 10 * 60 + 59;
    const answer = await getLiveBroadcasts(env.DB, scopeFor(sessionUserOf(w.a), {}), later);
    expect(answer.broadcasts).toEqual(expected(w.rows, [w.a1, w.a2], later));
    expect(answer.broadcasts.map((b) => b.duration)).toEqual([11, 16, 71, 106, 610, 1451]);
  });

  it('leaves out a stream once the sync ends it', async () => {
    const first = w.rows.find((r) => r.channelId === w.a1.id && r.endedAt === null);
    if (!first) throw new Error('world changed');
    await env.DB.prepare('UPDATE live_broadcasts SET ended_at = ? WHERE video_id = ?').bind(NOW, first.videoId).run();
    const a = await streams(w.a.session);
    expect(a.body.data?.online).toBe(5);
    expect(a.body.data?.broadcasts.some((b) => b.video_id === first.videoId)).toBe(false);
  });

  it('refuses a bad channel with a 400 naming the field, and a visitor with a 401', async () => {
    const bad = await streams(w.a.session, '?channels=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^channels\.0: /);
    const many = await streams(w.a.session, `?${Array.from({ length: 2001 }, () => `channels=${w.a1.key}`).join('&')}`);
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/^channels: /);
    expect((await call('/api/streams')).status).toBe(401);
  });
});
