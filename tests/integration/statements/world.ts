// A network for the statements tests: partner accounts granted channels, a UGC channel, staff, and
// YouTube's finance for the three months before the current one (so every month is over on any day the
// suite runs), written where the install keeps partner facts.
import { env } from 'cloudflare:test';
import { todayUtc } from '../../../src/lib/dates/time';
import { shiftMonth } from '../../../src/server/ingest/rollup/periods';
import { staffSession } from '../console/console-helpers';
import { createUser, type TestUser } from '../factories';
import { signIn } from '../http';
import { insertPartnerRows } from '../partner-facts';
import { createChannel } from '../rollup/factory';

/** The three months the finance covers, oldest first, and the current (open) month. */
export function worldMonths(today = todayUtc()) {
  const current = today.slice(0, 7);
  return { m1: shiftMonth(current, -3), m2: shiftMonth(current, -2), m3: shiftMonth(current, -1), current };
}

export interface FinanceRow {
  channel_id: number;
  month: string;
  revenue_micros: number;
  shorts_micros: number;
  adjustment_micros: number;
}

export interface StatementsWorld {
  networkId: number;
  slug: string;
  staff: { user: TestUser; session: string };
  partners: Array<{ user: TestUser; session: string; channels: Array<{ id: number; youtubeId: string }> }>;
  ugc: number;
  finance: FinanceRow[];
  claims: Array<{ channel_id: number; month: string; revenue_micros: number }>;
}

let networks = 0;

async function youtubeIdOf(id: number): Promise<string> {
  const row = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>();
  return row!.youtube_id;
}

/**
 * Two partners with two channels each (one channel of the second shared with the first, so it needs a
 * channel contract to have a payee), a UGC channel, and finance in odd micros so rounding matters.
 */
export async function statementsWorld(): Promise<StatementsWorld> {
  networks += 1;
  const slug = `money-${networks}-${crypto.randomUUID().slice(0, 8)}`;
  const net = await env.DB.prepare('INSERT INTO networks (slug, name, is_partner, created_at) VALUES (?, ?, 1, 1700000000) RETURNING id')
    .bind(slug, `Money Network ${networks}`)
    .first<{ id: number }>();
  const networkId = net!.id;
  const ugcRow = await env.DB.prepare(
    "INSERT INTO channels (youtube_id, title, network_id, is_ugc, created_at) VALUES (NULL, 'UGC', ?, 1, 1700000000) RETURNING id",
  )
    .bind(networkId)
    .first<{ id: number }>();
  const ugc = ugcRow!.id;
  const staff = await staffSession();
  const partners: StatementsWorld['partners'] = [];
  for (let p = 0; p < 2; p++) {
    const user = await createUser({ userName: `Partner ${p + 1}` });
    const channels = [];
    for (let c = 0; c < 2; c++) {
      const id = await createChannel({ networkId });
      channels.push({ id, youtubeId: await youtubeIdOf(id) });
      await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, 1700000000)')
        .bind(user.id, id)
        .run();
    }
    partners.push({ user, session: await signIn(user.email, user.password!), channels });
  }
  // The second partner's first channel is also granted to the first partner (a shared channel).
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, 1700000000)')
    .bind(partners[0]!.user.id, partners[1]!.channels[0]!.id)
    .run();
  const { m1, m2, m3 } = worldMonths();
  const finance: FinanceRow[] = [];
  const all = [...partners.flatMap((p) => p.channels.map((c) => c.id)), ugc];
  [m1, m2, m3].forEach((month, mi) =>
    all.forEach((channel_id, ci) => {
      const revenue = 123_456_789 + ci * 10_000_003 + mi * 7_777_777;
      finance.push({
        channel_id,
        month,
        revenue_micros: revenue,
        shorts_micros: channel_id === ugc ? 0 : Math.floor(revenue / 7),
        adjustment_micros: ci % 2 === 0 ? -1_234_567 : 333_333,
      });
    }),
  );
  const claims = [m1, m2, m3].map((month) => ({ channel_id: partners[0]!.channels[0]!.id, month, revenue_micros: 5_555_555 }));
  await insertPartnerRows(
    'channel_finance_monthly',
    finance.map((f) => ({ ...f, finalized_at: 1_700_000_000 })),
  );
  await insertPartnerRows('channel_claim_revenue_monthly', claims);
  return { networkId, slug, staff, partners, ugc, finance, claims };
}
