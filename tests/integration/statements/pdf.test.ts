// The statement PDF inside workerd, through the partner's download: the embedded font reaches the worker
// (a Data module) and a channel title in Cyrillic, Greek and Latin beyond WinAnsi reads back as written.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../../src/server/statements/downloads/test-support/pdf-read';
import { consoleCall } from '../console/console-helpers';
import { call } from '../http';
import { statementsWorld, type StatementsWorld, worldMonths } from './world';

const TITLE = 'Канал Привет — Ελληνικά ÆØÅ ĞŞİ';
const SHARES = { ads: 7_000, shorts: 5_000, claims: 6_000, adjustments: 10_000 };

let world: StatementsWorld;
const { m1 } = worldMonths();

beforeAll(async () => {
  world = await statementsWorld();
  const [partner] = world.partners;
  await env.DB.prepare('UPDATE channels SET title = ? WHERE id = ?').bind(TITLE, partner!.channels[0]!.id).run();
  const terms = { email: partner!.user.email, effective_from: m1, shares: SHARES };
  const res = await consoleCall(world.staff.session, `/money/networks/${world.networkId}/contracts`, { body: terms });
  expect(res.status).toBe(201);
});

describe('statement PDF download', () => {
  it('draws a channel title in Cyrillic, Greek and Latin beyond WinAnsi as written', async () => {
    const res = await call(`/api/statements/${m1}/download?format=pdf`, { session: world.partners[0]!.session });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const texts = (await pdfPageTexts(new Uint8Array(await res.arrayBuffer()))).flat();
    expect(texts).toContain(TITLE);
    expect(texts).toContain('Page 1 of 1');
  });
});
