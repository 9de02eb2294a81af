// `npm run admin -- invite <email> --name "Full Name" [flags]`: operator commands over the admin API.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readLocalVar } from './lib/local-vars.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: npm run admin -- invite <email> --name "Full Name" [--show-title] [--show-analytics] [--inhouse]
                [--url http://localhost:8787]   (ADMIN_TOKEN from the environment, else from .dev.vars)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8787}` },
    'show-title': { type: 'boolean', default: false },
    'show-analytics': { type: 'boolean', default: false },
    inhouse: { type: 'boolean', default: false },
  },
});

async function invite(email: string | undefined): Promise<void> {
  if (!email || !values.name) throw new Error(USAGE);
  const token = process.env.ADMIN_TOKEN ?? readLocalVar(ROOT, 'ADMIN_TOKEN');
  if (!token) throw new Error('Set ADMIN_TOKEN (the secret configured on the worker).');
  const res = await fetch(new URL('/api/admin/users/invite', values.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      email,
      user_name: values.name,
      show_title: values['show-title'],
      show_analytics: values['show-analytics'],
      only_inhouse_channels: values.inhouse,
    }),
  });
  const body = (await res.json()) as { data?: { user_id: number; created: boolean }; error?: string };
  if (!res.ok || !body.data) throw new Error(body.error ?? `the server answered ${res.status}`);
  const what = body.data.created ? 'created and invited' : 'invited again';
  console.log(`${email}: user ${body.data.user_id} ${what}; the invitation link was e-mailed (valid 7 days).`);
}

const [command, ...rest] = positionals;
const commands: Record<string, () => Promise<void>> = { invite: () => invite(rest[0]) };
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(USAGE);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
