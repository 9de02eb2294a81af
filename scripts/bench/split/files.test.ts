// The split benchmark's network copies: every id renamed to one of the same shape, unique per network, and
// a month cut into parts of whole days with each day's lines in exactly one part of every file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { networkFile, networkParts, renamer, type Template } from './files';

const OWNER = 'TR58bSb3bLx_cB-TquAnl7';
const CHANNELS = ['UCydVvxQKU9TWZXBf3A3vZmg', 'UCVBdjmmho8nR2XrUicwb1uw'];
const VIDEOS = ['Nw_rYoS4C7M', 'Q0iEAc-Exgo', 'leMlLI2yKTw'];
const DAYS = ['20261101', '20261102', '20261103', '20261104', '20261105'];
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-split-'));

/** A basic report: one line per day, channel and video. */
function basicLines(): string[] {
  return DAYS.flatMap((day) => CHANNELS.flatMap((channel) => VIDEOS.map((video) => `${day},${channel},${video},claimed,self,US,1`)));
}

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${['date,channel_id,video_id,claimed_status,uploader_type,country_code,views', ...lines].join('\n')}\n`);
  return file;
}

const basic = write(`content_owner_basic_a3_${OWNER}_202611_1.csv`, basicLines());
const revenue = write(
  `content_owner_estimated_revenue_a1_${OWNER}_202611_1.csv`,
  basicLines().filter((_, i) => i % 2 === 0),
);
const template: Template = {
  owner: OWNER,
  channels: CHANNELS.map((youtubeId) => ({ youtubeId, title: youtubeId })),
  metadata: '',
  months: [],
  ids: { channels: CHANNELS, videos: VIDEOS, customIds: ['mateo-the-whale'] },
};

describe('network copies of the report files', () => {
  it('rename every id to one of the same shape, different in every network', () => {
    const names = [1, 2, 17].map((n) => renamer(template, n));
    for (const { owner, map } of names) {
      expect(owner).toHaveLength(OWNER.length);
      for (const id of CHANNELS) expect(map.get(id)).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
      for (const id of VIDEOS) expect(map.get(id)).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
    const all = names.flatMap(({ owner, map }) => [owner, ...map.values()]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("write a file's lines with the network's ids and its name with the network's owner", () => {
    const names = renamer(template, 4);
    const { name, text } = networkFile(template, names, basic);
    expect(name).toBe(`content_owner_basic_a3_${names.owner}_202611_1.csv`);
    const lines = text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(DAYS.length * CHANNELS.length * VIDEOS.length);
    expect(lines[0]).toBe(`20261101,${names.map.get(CHANNELS[0]!)},${names.map.get(VIDEOS[0]!)},claimed,self,US,1`);
  });

  it('cut a month into parts of whole days, the same days in every file of a part', () => {
    const whole = networkParts(template, 2, [basic, revenue]);
    expect(whole).toHaveLength(1);
    const size = whole[0]!.reduce((n, f) => n + f.text.length, 0);
    const parts = networkParts(template, 2, [basic, revenue], Math.ceil(size / 3));
    expect(parts).toHaveLength(3);
    const daysOf = (text: string) =>
      new Set(
        text
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => line.slice(0, 8)),
      );
    for (const part of parts) expect([...daysOf(part[0]!.text)]).toEqual([...daysOf(part[1]!.text)]);
    // Every line of each file is in exactly one part, and no day is in two.
    for (const f of [0, 1]) {
      const lines = parts.flatMap((part) => part[f]!.text.trim().split('\n').slice(1));
      expect(lines.sort()).toEqual(whole[0]![f]!.text.trim().split('\n').slice(1).sort());
    }
    const days = parts.flatMap((part) => [...daysOf(part[0]!.text)]);
    expect(days.sort()).toEqual(DAYS);
    expect(parts.map((part) => part[0]!.name)).toEqual([1, 2, 3].map((p) => whole[0]![0]!.name.replace('.csv', `-${p}.csv`)));
  });
});
