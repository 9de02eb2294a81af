// Subscribers are hidden from users limited to in-house channels: every subscribers call refuses them
// with a 403 and a message, whatever a page or a typed URL sends; the same calls answer everyone else.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { failure } from './details-expect';

const RANGE = { date_from: '2026-02-01', date_to: '2026-02-28' };
const REFUSAL = { status: 403, error: 'Subscribers are not shown to accounts limited to in-house channels.' };

/** Every call that answers subscribers: the details page's blocks and the dashboard's Subscribers card. */
const SUBSCRIBERS_CALLS: Array<[string, Record<string, unknown>]> = [
  ['/api/stat/details', { ...RANGE, top_field: 'subscribers', group: 'channels' }],
  ['/api/stat/details/total', { ...RANGE, top_field: 'subscribers' }],
  ['/api/stat/details/graph', { ...RANGE, top_field: 'subscribers', group: 'channels' }],
  ['/api/stat/details/map', { ...RANGE, top_field: 'views', graph: 'subscribers' }],
  ['/api/stat/subscribers', { ...RANGE, group: 'channels' }],
  ['/api/stat/base/subscribers/total', RANGE],
  ['/api/stat/base/subscribers/total/channels', RANGE],
];
const DOWNLOAD_QUERY = new URLSearchParams({ ...RANGE, top_field: 'subscribers', group: 'channels' });
const DOWNLOADS = [`/api/stat/details?to_csv=true&${DOWNLOAD_QUERY}`, `/api/stat/details/xlsx?${DOWNLOAD_QUERY}`];

let inhouse: string;
let partner: string;
beforeAll(async () => {
  const [a, b] = await Promise.all([createUser({ onlyInhouseChannels: true }), createUser()]);
  [inhouse, partner] = await Promise.all([signIn(a.email, a.password ?? ''), signIn(b.email, b.password ?? '')]);
});

describe('subscribers calls', () => {
  it.each(SUBSCRIBERS_CALLS)('%s refuses a user limited to in-house channels', async (path, body) => {
    expect(await failure(inhouse, path, body)).toEqual(REFUSAL);
  });

  it.each(SUBSCRIBERS_CALLS)('%s answers a user without the flag', async (path, body) => {
    const res = await call(path, { session: partner, body });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  });

  it.each(DOWNLOADS)('the download %s refuses a user limited to in-house channels and serves one without the flag', async (path) => {
    const refused = await call(path, { session: inhouse });
    expect({ status: refused.status, error: ((await refused.json()) as { error: string }).error }).toEqual(REFUSAL);
    expect((await call(path, { session: partner })).status).toBe(200);
  });

  it('the views of the same details page still answer a user limited to in-house channels', async () => {
    const res = await call('/api/stat/details', { session: inhouse, body: { ...RANGE, top_field: 'views', group: 'channels' } });
    expect(res.status).toBe(200);
  });
});
