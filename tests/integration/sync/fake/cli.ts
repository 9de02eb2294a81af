// The fake Google server by hand, for a local run of the consent flow (docs/google.md, "A dry run
// against the fake"): `npx tsx tests/integration/sync/fake/cli.ts --port 8799`.
import { parseCommand, refuse } from '../../../../scripts/lib/cli';
import { DEFAULT_ACCOUNT } from './consent';
import { fakeGoogleVars } from './local-vars';
import { startFakeGoogle } from './server';
import { namespace } from './state';

const DEFAULT_CHANNEL = 'UCfakeLocalChannel000001';

const USAGE = `Usage: npx tsx tests/integration/sync/fake/cli.ts [--port N] [--channel UC…]

Starts a fake of Google's OAuth consent, token, revoke and userinfo endpoints and of the YouTube Data and
Reporting APIs on 127.0.0.1, and prints the settings that point a local worker at it. The consent is
approved at once by ${DEFAULT_ACCOUNT.email}.

Options:
  --port N        port to listen on (default 8799)
  --channel ID    the channel that account owns, for a partner's "Connect my channel"
                  (default ${DEFAULT_CHANNEL})
  --help          this text

Example:
  npx tsx tests/integration/sync/fake/cli.ts --port 8799   # then put the printed lines in .dev.vars`;

async function main(): Promise<void> {
  const { values } = parseCommand(USAGE, {
    options: { port: { type: 'string', default: '8799' }, channel: { type: 'string', default: DEFAULT_CHANNEL } },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) refuse(USAGE, `--port must be a port number, not "${values.port}"`);
  const channel = values.channel;
  if (!/^UC[\w-]{22}$/.test(channel)) refuse(USAGE, `--channel must be a channel id (UC + 22 characters), not "${channel}"`);
  const fake = await startFakeGoogle(port);
  // One namespace for the local run; the tests make one each.
  namespace('local').scenario = { ownedChannels: { [DEFAULT_ACCOUNT.email]: [{ id: channel, title: 'Local test channel' }] } };
  const lines = Object.entries(fakeGoogleVars(`${fake.url}/t/local`)).map(([name, value]) => `${name}=${value}`);
  console.log(
    `Fake Google listening on ${fake.url}. Add to .dev.vars (then restart the worker):\n\n${lines.join('\n')}\n\nPress Ctrl+C to stop.`,
  );
}

void main();
