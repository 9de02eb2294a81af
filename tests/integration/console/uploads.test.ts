// A report file through the console's uploads, as the upload island sends it: announce, one part, complete,
// load, follow the load; staff only, with the complete and the load in the audit log.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import basicA2 from '../../fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv?raw';
import type { ConsoleLoadStarted, ConsoleLoadState, ConsoleUpload } from '../../../src/lib/api/console';
import { createUser } from '../factories';
import { signIn } from '../http';
import { csvForDay, csvRecords, sumBy } from '../sync/csv';
import { sha256Hex } from '../sync/archive-support';
import { auditRows, consoleCall, staffSession } from './console-helpers';

const NAME = 'channel_basic_a2_20210727.csv';

it('archives a file sent in parts, loads it and follows the load to its result', async () => {
  const { user: staff, session } = await staffSession();
  const file = new TextEncoder().encode(csvForDay(basicA2, '20210727'));
  const sha256 = await sha256Hex(file);
  const partner = await createUser();
  const partnerSession = await signIn(partner.email, partner.password!);
  expect((await consoleCall(partnerSession, '/uploads', { body: { name: NAME, bytes: file.length, sha256 } })).status).toBe(403);

  const started = await consoleCall<ConsoleUpload>(session, '/uploads', { body: { name: NAME, bytes: file.length, sha256 } });
  expect(started).toMatchObject({ status: 201, data: { state: 'receiving', parts: 1, received: [] } });
  const id = started.data!.id;
  const part = await consoleCall<ConsoleUpload>(session, `/uploads/${id}/parts/1`, {
    method: 'PUT',
    body: file.slice(),
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  expect(part.data?.received).toEqual([1]);
  expect((await consoleCall<ConsoleUpload>(session, `/uploads/${id}/complete`, { body: {} })).data?.state).toBe('archived');

  const load = await consoleCall<ConsoleLoadStarted>(session, `/uploads/${id}/load`, { body: {} });
  expect(load).toMatchObject({ status: 202, data: { follow: `GET /api/console/loads/${load.data?.load}` } });
  const followed = await consoleCall<ConsoleLoadState>(session, `/loads/${load.data!.load}`);
  expect(followed.data).toMatchObject({ state: 'complete', error: null, result: { files: [{ status: 'loaded' }] } });
  const views = sumBy(csvRecords(new TextDecoder().decode(file)), 'date', 'views').get('20210727');
  expect(await env.DB.prepare('SELECT sum(views) AS v FROM channel_daily').first()).toEqual({ v: views });

  const audit = (await auditRows()).filter((r) => r.actor === staff.email).map((r) => [r.action, r.target]);
  expect(audit).toEqual([
    ['upload.complete', NAME],
    ['upload.load', NAME],
  ]);
  expect((await consoleCall(session, '/loads/not-a-load')).status).toBe(400);
  expect((await consoleCall(session, '/uploads/1/parts/0', { method: 'PUT', body: new Uint8Array([1]) })).status).toBe(400);
});
