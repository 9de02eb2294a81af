// A month of a network's money end to end through the API: terms, payables, approval, corrections,
// payouts, and what the partner sees, with every refusal changing nothing.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Payables, Statement, StatementSummary } from '../../../src/lib/api/statements';
import { addDays, nextMonth, todayUtc } from '../../../src/lib/dates/time';
import { auditRows, consoleCall } from '../console/console-helpers';
import { call, outbox } from '../http';
import { insertPartnerRows } from '../partner-facts';
import { floorShare, grossOf, partnerAmount, type Shares, youtubeTotal } from './expect';
import { statementsWorld, type StatementsWorld, worldMonths } from './world';

const P1: Shares = { ads: 7_000, shorts: 5_000, claims: 6_000, adjustments: 10_000 };
const P2: Shares = { ads: 8_000, shorts: 8_000, claims: 8_000, adjustments: 8_000 };
const P2_CHANNEL: Shares = { ads: 9_000, shorts: 9_000, claims: 9_000, adjustments: 9_000 };
const P2_MIN = 1_000_000_000_000;

let world: StatementsWorld;
const { m1, m2, m3, current } = worldMonths();

const money = (path: string, options: Parameters<typeof consoleCall>[2] = {}) =>
  consoleCall<unknown>(world.staff.session, `/money${path}`, options);
const snapshot = async () =>
  JSON.stringify(
    await Promise.all(
      ['revenue_contracts', 'statements', 'statement_lines', 'payouts', 'audit_log'].map((t) =>
        env.DB.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`)
          .all()
          .then((r) => r.results),
      ),
    ),
  );

/** Approves a month for both partners (each test starts from the beforeAll state: storage is per test). */
async function approve(month: string) {
  const res = await money(`/networks/${world.networkId}/approve`, { body: { month, user_ids: world.partners.map((p) => p.user.id) } });
  expect(res.status).toBe(200);
}

/** The partner's channels and terms in a month, as the world's contracts make them. */
function paidChannels(partner: 0 | 1, month: string) {
  const [p1, p2] = world.partners;
  const shared = p2!.channels[0]!.id;
  if (partner === 0) return p1!.channels.map((c) => ({ channelId: c.id, shares: P1 }));
  const own = [{ channelId: p2!.channels[1]!.id, shares: P2 }];
  return month >= m2 ? [...own, { channelId: shared, shares: P2_CHANNEL }] : own;
}

beforeAll(async () => {
  world = await statementsWorld();
  const [p1, p2] = world.partners;
  const terms = [
    { email: p1!.user.email, effective_from: m1, shares: P1 },
    { email: p2!.user.email, effective_from: m1, shares: P2, min_payout_micros: P2_MIN },
    { email: p2!.user.email, channel: p2!.channels[0]!.youtubeId, effective_from: m2, shares: P2_CHANNEL },
  ];
  for (const body of terms) expect((await money(`/networks/${world.networkId}/contracts`, { body })).status).toBe(201);
});

describe('contracts', () => {
  it('refuses bad terms with a message and changes nothing', async () => {
    const before = await snapshot();
    const p1 = world.partners[0]!.user.email;
    const bad: Array<[unknown, number, RegExp]> = [
      [{ email: p1, effective_from: m3, shares: { ...P1, ads: 10_001 } }, 400, /at most 10000/],
      [{ email: p1, effective_from: m3, shares: { ...P1, shorts: -1 } }, 400, /cannot be negative/],
      [{ email: p1, effective_from: m1, shares: P1 }, 409, /exist already/],
      [{ email: 'nobody@example.com', effective_from: m3, shares: P1 }, 404, /invite the partner first/],
      [{ email: p1, channel: 'UC' + 'x'.repeat(22), effective_from: m3, shares: P1 }, 404, /No channel/],
      [
        { email: world.partners[1]!.user.email, channel: world.partners[0]!.channels[0]!.youtubeId, effective_from: m3, shares: P1 },
        409,
        /not granted/,
      ],
      [{ email: p1, effective_from: '1999-01', shares: P1 }, 400, /from 2005-01/],
    ];
    for (const [body, status, message] of bad) {
      const res = await money(`/networks/${world.networkId}/contracts`, { body });
      expect([res.status, res.error]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('shows a partner their own terms only', async () => {
    const res = await call('/api/statements/terms', { session: world.partners[0]!.session });
    const { data } = (await res.json()) as { data: Array<{ email: string }> };
    expect(data.map((c) => c.email)).toEqual([world.partners[0]!.user.email]);
    expect((await call(`/api/console/money/networks/${world.networkId}/contracts`, { session: world.partners[0]!.session })).status).toBe(
      403,
    );
  });
});

describe('a month from draft to paid', () => {
  it('reconciles the network month: partners plus retained is YouTube total to the micro', async () => {
    for (const month of [m1, m2, m3]) {
      const { data } = (await money(`/networks/${world.networkId}/payables?month=${month}`)) as { data: Payables };
      expect(data.final).toBe(true);
      expect(data.youtube_micros).toBe(youtubeTotal(world, month));
      const expected = partnerAmount(world, month, paidChannels(0, month)) + partnerAmount(world, month, paidChannels(1, month));
      expect(data.partners_micros).toBe(expected);
      expect(data.partners_micros + data.retained_micros).toBe(data.youtube_micros);
      const shared = world.partners[1]!.channels[0]!.id;
      expect(data.unassigned.map((u) => [u.channel_id, u.reason])).toEqual(month === m1 ? [[shared, 'several_accounts']] : []);
    }
  });

  it('approves in order, once, and mails the partners', async () => {
    const ids = world.partners.map((p) => p.user.id);
    const before = await snapshot();
    const early = await money(`/networks/${world.networkId}/approve`, { body: { month: m2, user_ids: ids } });
    expect([early.status, early.error]).toEqual([409, expect.stringContaining(`approve ${m1} first`)]);
    const open = await money(`/networks/${world.networkId}/approve`, { body: { month: current, user_ids: ids } });
    expect(open.status).toBe(409);
    expect(await snapshot()).toBe(before);
    const mails = (await outbox()).length;
    const ok = await money(`/networks/${world.networkId}/approve`, { body: { month: m1, user_ids: ids } });
    expect([ok.status, ok.data]).toEqual([200, { approved: 2, mailed: 2 }]);
    const sent = (await outbox()).slice(mails);
    expect(sent.map((m) => m.toAddress).sort()).toEqual(world.partners.map((p) => p.user.email).sort());
    const again = await money(`/networks/${world.networkId}/approve`, { body: { month: m1, user_ids: ids } });
    expect([again.status, again.error]).toEqual([409, expect.stringContaining('already approved')]);
    const actions = (await auditRows()).map((r) => r.action).filter((a) => a === 'statement.approve');
    expect(actions.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the partner their statement with lines that add up', async () => {
    await approve(m1);
    const p1 = world.partners[0]!;
    const res = await call(`/api/statements/${m1}`, { session: p1.session });
    const [statement] = ((await res.json()) as { data: Statement[] }).data;
    expect(statement!.status).toBe('approved');
    expect(statement!.partner_micros).toBe(partnerAmount(world, m1, paidChannels(0, m1)));
    expect(statement!.lines.reduce((s, l) => s + l.partner_micros, 0)).toBe(statement!.partner_micros);
    expect(statement!.lines.every((l) => p1.channels.some((c) => c.id === l.channel_id))).toBe(true);
    const list = ((await (await call('/api/statements', { session: p1.session })).json()) as { data: StatementSummary[] }).data;
    expect(list.map((s) => [s.month, s.status])).toEqual([
      [current, 'estimate'],
      [m3, 'draft'],
      [m2, 'draft'],
      [m1, 'approved'],
    ]);
  });

  it('puts a correction of an approved month on the next statement, never editing the approved one', async () => {
    await approve(m1);
    const channel = world.partners[0]!.channels[0]!.id;
    const row = world.finance.find((f) => f.channel_id === channel && f.month === m1)!;
    const oldAds = grossOf(world, channel, m1).ads;
    // The world's rows are the expectation of every test: changed here, and given back below (the
    // database's own change ends with the test).
    row.revenue_micros += 1_000_001;
    onTestFinished(() => void (row.revenue_micros -= 1_000_001));
    await insertPartnerRows('channel_finance_monthly', [{ ...row, finalized_at: 1_700_000_100 }], true);
    const p1 = world.partners[0]!.session;
    const [approved] = ((await (await call(`/api/statements/${m1}`, { session: p1 })).json()) as { data: Statement[] }).data;
    expect(approved!.partner_micros).toBe(
      partnerAmount(world, m1, paidChannels(0, m1)) - (floorShare(oldAds + 1_000_001, P1.ads) - floorShare(oldAds, P1.ads)),
    );
    const [draft] = ((await (await call(`/api/statements/${m2}`, { session: p1 })).json()) as { data: Statement[] }).data;
    const correction = draft!.lines.filter((l) => l.source_month === m1);
    expect(correction.map((l) => [l.channel_id, l.kind, l.gross_micros, l.partner_micros])).toEqual([
      [channel, 'ads', 1_000_001, floorShare(oldAds + 1_000_001, P1.ads) - floorShare(oldAds, P1.ads)],
    ]);
    expect(draft!.partner_micros).toBe(partnerAmount(world, m2, paidChannels(0, m2)) + correction[0]!.partner_micros);
  });

  it('records payouts up to what is owed, and refuses the rest', async () => {
    await approve(m1);
    const [p1, p2] = world.partners;
    const { data } = (await money(`/networks/${world.networkId}/payables?month=${m1}`)) as { data: Payables };
    const s1 = data.statements.find((s) => s.user.id === p1!.user.id)!;
    const s2 = data.statements.find((s) => s.user.id === p2!.user.id)!;
    expect(s2.payable).toBe(false);
    const day = addDays(`${nextMonth(m1)}-01`, 1) > todayUtc() ? todayUtc() : addDays(`${nextMonth(m1)}-01`, 1);
    const pay = (id: number | null, amount: number, paid_on = day) =>
      money(`/statements/${id}/payouts`, { body: { paid_on, amount_micros: amount, method: 'bank_transfer', reference: 'VD-1' } });
    const before = await snapshot();
    expect((await pay(s1.id, s1.balance_micros + 1)).error).toMatch(/more than/);
    expect((await pay(s1.id, 1, addDays(todayUtc(), 1))).status).toBe(400);
    expect((await pay(s2.id, 1)).error).toMatch(/below the minimum payout/);
    expect((await pay(999_999_999, 1)).status).toBe(404);
    expect(await snapshot()).toBe(before);
    const half = Math.floor(s1.balance_micros / 2);
    expect((await pay(s1.id, half)).status).toBe(201);
    const mid = ((await money(`/networks/${world.networkId}/payables?month=${m1}`)) as { data: Payables }).data.statements.find(
      (s) => s.id === s1.id,
    )!;
    expect([mid.status, mid.paid_micros, mid.balance_micros]).toEqual(['partly_paid', half, s1.balance_micros - half]);
    expect((await pay(s1.id, s1.balance_micros - half)).status).toBe(201);
    const paid = ((await money(`/networks/${world.networkId}/payables?month=${m1}`)) as { data: Payables }).data.statements.find(
      (s) => s.id === s1.id,
    )!;
    expect([paid.status, paid.balance_micros]).toEqual(['paid', 0]);
    const mail = (await outbox()).at(-1)!;
    expect([mail.toAddress, mail.subject]).toEqual([p1!.user.email, expect.stringContaining('paid')]);
  });

  it('carries an unpaid balance into the next statement', async () => {
    await approve(m1);
    const p2 = world.partners[1]!;
    const { data } = (await money(`/networks/${world.networkId}/payables?month=${m2}`)) as { data: Payables };
    const s2m1 = ((await money(`/networks/${world.networkId}/payables?month=${m1}`)) as { data: Payables }).data.statements.find(
      (s) => s.user.id === p2.user.id,
    )!;
    const s2m2 = data.statements.find((s) => s.user.id === p2.user.id)!;
    expect(s2m2.opening_micros).toBe(s2m1.balance_micros);
    expect(s2m2.owed_micros).toBe(s2m1.balance_micros + partnerAmount(world, m2, paidChannels(1, m2)));
  });

  it("keeps partners out of each other's statements and the console", async () => {
    const [p1, p2] = world.partners;
    const other = await call(`/api/console/money/networks/${world.networkId}/statements/${p2!.user.id}/${m1}`, { session: p1!.session });
    expect(other.status).toBe(403);
    const own = ((await (await call(`/api/statements/${m1}`, { session: p2!.session })).json()) as { data: Statement[] }).data;
    expect(own.every((s) => s.user.id === p2!.user.id)).toBe(true);
    expect((await call(`/api/statements/${m1}?network=nope`, { session: p1!.session })).status).toBe(404);
  });
});
