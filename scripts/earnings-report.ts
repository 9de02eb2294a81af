// Earnings of the demo network owner through the dashboard's own stats code, read from a local D1:
// npx tsx scripts/earnings-report.ts [--persist-to DIR] [--email E] [--range FROM..TO[:CFROM..CTO] | --range lifetime]...
import path from 'node:path';
import { withAccountDefaults } from '../src/server/auth/session-user';
import { getBase } from '../src/server/stats/base';
import { getBreakdown } from '../src/server/stats/breakdown';
import { compileStatQuery } from '../src/server/stats/query';
import { resolveRequest } from '../src/server/stats/request';
import { oneDatabase } from '../src/server/stats/stores';
import { microsToDollars } from '../src/server/stats/metrics';
import { openLocalD1 } from './demo/load/local-d1';
import { localPartnerStore } from './import/local-d1';
import { DEMO_USERS } from './demo/users';
import { parseCommand } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** August 2026 against July, and "Last 3 months" on 2026-11-22 against the three months before. */
const DEFAULT_RANGES = ['2026-08-01..2026-08-31:2026-07-01..2026-07-31', '2026-08-01..2026-10-31:2026-05-01..2026-07-31'];

const USAGE = `usage: npx tsx scripts/earnings-report.ts [--persist-to DIR] [--email E] [--range FROM..TO[:CFROM..CTO] | --range lifetime]...
  The demo network owner's earnings through the dashboard's own stats code, read from a local D1 (the
  shared one only: not on PARTNER_STORE=objects). For each range: the headline by day and by
  month, the day bars summed, the Channels tab and every channel's row summed, and finance against
  estimate by month, so the figures can be checked against each other.
  --persist-to DIR  the local state (default .wrangler/state)
  --email E         the account whose scope is used (default the demo network owner)
  --range R         FROM..TO with an optional :CFROM..CTO comparison, or lifetime; repeatable
                    (default August 2026 against July, and 2026-08-01..2026-10-31 against the three months before)`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.wrangler/state' },
    email: { type: 'string', default: DEMO_USERS.find((u) => u.role === 'network')?.email ?? '' },
    range: { type: 'string', multiple: true },
  },
});

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (n: number) => Math.round(n * 100);

if (localPartnerStore(ROOT) === 'objects') {
  // It calls the stats code on one database; a split install's figures are the Worker's to merge.
  process.stderr.write('earnings-report reads partner facts from the shared D1 only: on PARTNER_STORE=objects use the dashboard.\n');
  process.exit(2);
}
const local = await openLocalD1(ROOT, path.resolve(process.cwd(), values['persist-to']));
try {
  const row = await local.db
    .prepare('SELECT id, email, show_title FROM users WHERE email = ?')
    .bind(values.email)
    .first<{ id: number; email: string; show_title: number }>();
  if (!row) throw new Error(`No user ${values.email} in the local database`);
  const user = withAccountDefaults({ id: row.id, email: row.email, userName: '', showTitle: row.show_title === 1 });
  for (const spec of values.range ?? DEFAULT_RANGES) {
    const [main = '', compare] = spec.split(':');
    // 'lifetime' sends no dates, as the dashboard does.
    const [from, to] = main === 'lifetime' ? [undefined, undefined] : main.split('..');
    const [compareFrom, compareTo] = compare ? compare.split('..') : [];
    const body = { date_from: from, date_to: to, compare_from: compareFrom, compare_to: compareTo, chart_period: 'days' as const };
    const request = resolveRequest(user, body, { today: '2099-12-31' });
    const byDay = await getBase(oneDatabase(local.db), request);
    const byMonth = await getBase(oneDatabase(local.db), { ...request, period: 'month', askedPeriod: 'month' });
    const channels = await getBreakdown(oneDatabase(local.db), request, 'partner_revenue', 'channels');
    const listCents = channels.rows.reduce((sum, r) => sum + cents(r.value), 0);
    // Every channel's row (the tab shows the top 10), through the same compiled query as the tab.
    const [perChannel = []] = await oneDatabase(local.db).read([
      compileStatQuery({ scope: request.scope, metrics: ['partner_revenue'], dimensions: ['channel'], range: request.sumRange }),
    ]);
    const allCents = perChannel.reduce((sum, r) => sum + cents(microsToDollars(Number(r.partner_revenue))), 0);
    const barCents = byDay.partner_revenue.reduce((sum, p) => sum + cents(p.value), 0);
    const { earnings } = byDay;
    // A lifetime's first and last fact day are the ends of its chart.
    const [firstDay, lastDay] = [byDay.views[0]?.range.from, byDay.views.at(-1)?.range.to];
    process.stdout.write(`${from ?? firstDay} .. ${to ?? lastDay} as ${values.email}\n`);
    process.stdout.write(`  headline (by day)    ${money(byDay.sum_partner_revenue)}\n`);
    process.stdout.write(`  headline (by month)  ${money(byMonth.sum_partner_revenue)}\n`);
    process.stdout.write(`  day bars, summed     ${money(barCents / 100)}\n`);
    process.stdout.write(
      `  Channels tab (top ${channels.rows.length}) ${money(listCents / 100)}: ${channels.rows
        .slice(0, 3)
        .map((r) => `${'channel_title' in r ? r.channel_title : ''} ${money(r.value)}`)
        .join(', ')} ...\n`,
    );
    process.stdout.write(`  every channel's row (${perChannel.length}), summed ${money(allCents / 100)}\n`);
    process.stdout.write(`  finance ${money(earnings.finance)} + estimate ${money(earnings.estimate)}\n`);
    for (const m of earnings.months) {
      process.stdout.write(
        `    ${m.month} ${m.basis.padEnd(8)} finance ${money(m.finance)} (${m.finance_channels} ch) estimate ${money(m.estimate)} (${m.estimate_channels ?? '?'} ch)\n`,
      );
    }
    if (byDay.compare) {
      const change = ((byDay.sum_partner_revenue - byDay.compare.sum_partner_revenue) / byDay.compare.sum_partner_revenue) * 100;
      process.stdout.write(
        `  compared with ${compareFrom} .. ${compareTo}: ${money(byDay.compare.sum_partner_revenue)} (finance ${money(byDay.compare.earnings.finance)}, estimate ${money(byDay.compare.earnings.estimate)}), change ${change.toFixed(2)}%\n`,
      );
    }
  }
} finally {
  await local.dispose();
}
