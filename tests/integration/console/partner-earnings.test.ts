// A network's partner-earnings choice in the console (networks.partner_earnings): staff only; each change is
// the column and one audit row, the value it has already records nothing, a refused call changes nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ConsoleNetwork, ConsolePage } from '../../../src/lib/api/console';
import { createUser } from '../factories';
import { signIn } from '../http';
import { auditRows, consoleCall, expectOneAudit, staffSession, tablesSnapshot } from './console-helpers';

async function network(): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('earnco', 'Earn Co', 1, 1) RETURNING id",
  ).first<{ id: number }>();
  return row!.id;
}

const stored = async (id: number) =>
  (await env.DB.prepare('SELECT partner_earnings FROM networks WHERE id = ?').bind(id).first<{ partner_earnings: string }>())
    ?.partner_earnings;

const path = (id: number) => `/networks/${id}/partner-earnings`;

describe("a network's partner earnings", () => {
  it("is YouTube's gross by default, set to the share and back, each change with one audit row", async () => {
    const { user: staff, session } = await staffSession();
    const id = await network();
    const list = await consoleCall<ConsolePage<ConsoleNetwork>>(session, '/networks?q=earnco');
    expect(list.data?.rows.map((n) => n.partner_earnings)).toEqual(['gross']);

    let before = (await auditRows()).length;
    const share = await consoleCall<ConsoleNetwork>(session, path(id), { body: { partner_earnings: 'share' } });
    expect(share.status).toBe(200);
    // The answer is the listed row with the choice in force, as a list read after it would show it.
    expect(share.data).toEqual({ ...list.data?.rows[0], partner_earnings: 'share' });
    expect((await consoleCall<ConsolePage<ConsoleNetwork>>(session, '/networks?q=earnco')).data?.rows).toEqual([share.data]);
    expect(await stored(id)).toBe('share');
    const audit = await expectOneAudit(before, { actor: staff.email, action: 'network.partner_earnings', target: 'earnco' });
    expect(JSON.parse(audit.detail)).toEqual({ partner_earnings: 'share' });

    before = (await auditRows()).length;
    const gross = await consoleCall<ConsoleNetwork>(session, path(id), { body: { partner_earnings: 'gross' } });
    expect(gross.data).toEqual(list.data?.rows[0]);
    expect(await stored(id)).toBe('gross');
    const back = await expectOneAudit(before, { actor: staff.email, action: 'network.partner_earnings', target: 'earnco' });
    expect(JSON.parse(back.detail)).toEqual({ partner_earnings: 'gross' });
  });

  it('records nothing when set to the value it has already', async () => {
    const { session } = await staffSession();
    const id = await network();
    const before = (await auditRows()).length;
    const first = await consoleCall<ConsoleNetwork>(session, path(id), { body: { partner_earnings: 'share' } });
    const again = await consoleCall<ConsoleNetwork>(session, path(id), { body: { partner_earnings: 'share' } });
    expect(again).toMatchObject({ status: 200, data: first.data });
    expect((await auditRows()).length).toBe(before + 1);
    expect(await stored(id)).toBe('share');
  });

  it('refuses a value other than gross or share, an unknown network and anyone but staff, changing nothing', async () => {
    const { session } = await staffSession();
    const id = await network();
    const partner = await createUser();
    const partnerSession = await signIn(partner.email, partner.password!);
    const snapshot = await tablesSnapshot();
    for (const body of [{ partner_earnings: 'net' }, {}, { partner_earnings: 1 }, { partner_earnings: 'SHARE' }]) {
      expect(await consoleCall(session, path(id), { body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        error: 'partner_earnings: gross or share.',
      });
    }
    expect(await consoleCall(session, '/networks/987654/partner-earnings', { body: { partner_earnings: 'share' } })).toMatchObject({
      status: 404,
      error: 'No network 987654: reload the list.',
    });
    expect((await consoleCall(undefined, path(id), { body: { partner_earnings: 'share' } })).status).toBe(401);
    expect((await consoleCall(partnerSession, path(id), { body: { partner_earnings: 'share' } })).status).toBe(403);
    expect(await tablesSnapshot()).toBe(snapshot);
    expect(await stored(id)).toBe('gross');
  });
});
