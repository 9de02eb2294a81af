import { describe, expect, it } from 'vitest';
import { restoredLines, restoreStoreBody } from './store-restore.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('npm run admin -- restore-store', () => {
  it('sends the moment or the bookmark, refusing what the server would refuse', () => {
    expect(restoreStoreBody({ network: 'acme', to: '2026-11-27T08:00:00Z' }, NOW)).toEqual({
      body: { network: 'acme', bucket: 0, to: '2026-11-27T08:00:00Z' },
    });
    expect(restoreStoreBody({ network: 'acme', bookmark: '0000-00ab' }, NOW)).toEqual({
      body: { network: 'acme', bucket: 0, bookmark: '0000-00ab' },
    });
    expect(restoreStoreBody({ network: 'acme', bucket: '2', bookmark: '0000-00ab' }, NOW)).toEqual({
      body: { network: 'acme', bucket: 2, bookmark: '0000-00ab' },
    });
    expect(restoreStoreBody({ network: 'acme', bucket: '64', bookmark: '0000-00ab' }, NOW)).toEqual({
      problem: '--bucket: A bucket is a whole number from 0 to 63.',
    });
    expect(restoreStoreBody({ network: 'acme', to: '2026-11-27T12:00:01Z' }, NOW)).toEqual({
      problem: '--to: 2026-11-27T12:00:01.000Z is in the future (now is 2026-11-27T12:00:00.000Z): give a past moment.',
    });
    expect(restoreStoreBody({ network: 'acme', to: '2026-10-01T00:00:00Z' }, NOW)).toMatchObject({
      problem: /^--to: .* older than the 30 days/,
    });
    expect(restoreStoreBody({ network: 'acme', to: '27/11/2026' }, NOW)).toEqual({
      problem: '--to: Give the moment as an ISO time, e.g. 2026-11-27T08:00:00Z.',
    });
    expect(restoreStoreBody({ network: 'acme' }, NOW)).toEqual({
      problem: 'restore-store takes --to <ISO time> or --bookmark <bookmark>, one of the two.',
    });
  });

  it('prints the bookmark of before and the command that undoes the restore', () => {
    const restored = {
      network_id: 7,
      bucket: 0,
      to: '2026-11-27T08:00:00.000Z',
      now_bookmark: '0000-0009',
      bookmark: '0000-0005',
      undo_bookmark: '0000-000a',
      size_after: 4096,
    };
    const lines = restoredLines(restored, { network: 'acme', to: '2026-11-27T08:00:00Z' }, 'https://viewdeck.example');
    expect(lines[0]).toBe('bookmark of the store before the restore: 0000-0009');
    expect(lines[1]).toContain('to 2026-11-27T08:00:00.000Z (bookmark 0000-0005)');
    expect(lines[3]).toBe('  npm run admin -- restore-store acme --bookmark 0000-000a --remote https://viewdeck.example');
    const bucket = restoredLines({ ...restored, bucket: 2 }, { network: 'acme', bucket: '2' }, undefined);
    expect(bucket[1]).toContain("network 7's store of bucket 2");
    expect(bucket[3]).toBe('  npm run admin -- restore-store acme --bookmark 0000-000a --bucket 2');
  });
});
