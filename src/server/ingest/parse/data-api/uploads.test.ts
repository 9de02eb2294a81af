// playlistItems.list (part=contentDetails) of an uploads playlist -> video ids, newest first; the derived playlist id.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { derivedUploadsPlaylistId, toUploadIds } from './uploads';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../..',
  'tests/fixtures/youtube/data_api/playlistItems.list_contentDetails.DERIVED.json',
);
const page = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { items: { contentDetails: { videoId: string } }[] };

it('lists the video ids of a recorded page in playlist order', () => {
  expect(toUploadIds(page)).toEqual(page.items.map((item) => item.contentDetails.videoId));
  expect(toUploadIds(page)).toHaveLength(10);
  expect(toUploadIds(page)[0]).toBe('CvTApw9X8aA');
});

it('keeps a video listed twice once, and takes an empty playlist', () => {
  const [first] = page.items;
  expect(toUploadIds({ ...page, items: [first, first] })).toEqual(['CvTApw9X8aA']);
  expect(toUploadIds({ kind: 'youtube#playlistItemListResponse', items: [] })).toEqual([]);
});

it('refuses another resource or an item without its video id, naming the field', () => {
  expect(() => toUploadIds({ ...page, kind: 'youtube#videoListResponse' })).toThrow(/^playlistItems\.list: kind: /);
  const [first] = page.items;
  expect(() => toUploadIds({ ...page, items: [{ ...first, contentDetails: {} }] })).toThrow(
    /^playlistItems\.list: items\.0\.contentDetails\.videoId: /,
  );
});

it('derives the uploads playlist from the channel id when channels.list did not name it', () => {
  // The 2022 channels.list fixture names UUK8sQmJBp8GCxrOtXWBpyEA for UCK8sQmJBp8GCxrOtXWBpyEA.
  expect(derivedUploadsPlaylistId('UCK8sQmJBp8GCxrOtXWBpyEA')).toBe('UUK8sQmJBp8GCxrOtXWBpyEA');
});
