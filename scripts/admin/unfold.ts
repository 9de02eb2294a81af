// `npm run admin -- unfold`: a folded title month unfolded from the report archive (docs/data-model.md,
// "Title folds (0027)"): start (checks, marks), the replay of its days, finish; or --cancel. Local or --remote.
import { resolveNetwork } from '../../src/server/admin/targets.ts';
import {
  cancelUnfold,
  finishUnfold,
  startUnfold,
  unfoldSchema,
  type UnfoldAnswer,
  type UnfoldInput,
} from '../../src/server/ingest/retention/title-unfold.ts';
import type { AdminChannel } from './channel.ts';
import { replay } from './archive.ts';

export interface UnfoldOptions {
  network: string;
  month: string | undefined;
  cancel: boolean;
  days: string | undefined;
}

/** One step through the admin API, or on the local state with the network resolved there. */
function step(channel: AdminChannel, input: UnfoldInput): Promise<UnfoldAnswer> {
  if ('remote' in channel) return channel.remote<UnfoldAnswer>('unfold', input);
  return channel.local(async (local) => {
    const network = { id: (await resolveNetwork(local.db, String(input.network))).id, label: String(input.network) };
    const target = { ...local, bucket: local.reports };
    if (input.action === 'finish') return finishUnfold(target, network, input.month);
    if (input.action === 'cancel') return cancelUnfold(target, network, input.month);
    return startUnfold(target, network, input.month, Math.floor(Date.now() / 1000));
  });
}

/** Validates the command line as the admin API would, so a typo is refused before any work. */
function unfoldInput(options: UnfoldOptions): UnfoldInput {
  if (!options.month) throw new Error('unfold needs --month YYYY-MM.');
  const parsed = unfoldSchema.safeParse({ network: options.network, month: options.month, action: options.cancel ? 'cancel' : 'start' });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.') || 'network'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * Unfolds a network's folded title month, printing each step and each replayed page; answers the summary.
 * Running it again after a failure resumes (the start is idempotent) and finishes.
 * @example await unfold(channel, { network: 'acme', month: '2025-11', cancel: false, days: undefined }, console.log)
 */
export async function unfold(channel: AdminChannel, options: UnfoldOptions, say: (line: string) => void): Promise<string> {
  const input = unfoldInput(options);
  const what = `${input.month} of ${options.network}`;
  if (input.action === 'cancel') {
    const cancelled = await step(channel, input);
    return `${what}: ${cancelled.channels} channels folded again with their old figures; the hourly fold deletes the days written back.`;
  }
  const started = await step(channel, input);
  const range = started.replay ?? { from: `${input.month}-01`, to: `${input.month}-31` };
  say(
    `${what}: ${started.channels} channels marked unfolding (${started.days ?? 0} days); replaying ${range.from}..${range.to} from the archive`,
  );
  try {
    await replay(
      channel,
      { network: options.network, from: range.from, to: range.to, ...(options.days ? { days: options.days } : {}) },
      say,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${reason}\n${what} stays folded with its old figures, marked unfolding: run the same command again to resume, or add --cancel.`,
      { cause: error },
    );
  }
  const finished = await step(channel, { ...input, action: 'finish' });
  return `${what} unfolded: ${finished.channels} channels' title months recomputed from their days (${finished.countryRows ?? 0} title x country, ${finished.audienceRows ?? 0} title x audience rows); the hourly fold folds it again.`;
}
