// What a browser bench run alone against a running server reads first: its --remote and --runs, and a
// session of the demo network owner there.
import { parseCommand, refuse, remoteOrigin } from '../lib/cli.ts';
import { signInDemo } from './sign-in.ts';

/**
 * Parses --remote (default http://localhost:8797) and --runs (default 5, a whole number above 0), then
 * signs the demo network owner in on that server.
 * @example const { base, cookie, runs } = await remoteRun(USAGE)
 */
export async function remoteRun(usage: string): Promise<{ base: string; cookie: string; runs: number }> {
  const { values } = parseCommand(usage, {
    options: { remote: { type: 'string', default: 'http://localhost:8797' }, runs: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) refuse(usage, `--runs must be a whole number above 0, not "${values.runs}"`);
  const base = remoteOrigin(usage, values.remote) ?? values.remote;
  return { base, cookie: await signInDemo(base, 'network'), runs };
}
