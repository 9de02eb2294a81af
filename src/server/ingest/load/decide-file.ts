// What a read file does: loaded, replacing, skipped by reports issued later, or refused for want of an issue time.
import type { BasicRow } from '../parse';
import { decideSlices, refusalText } from './decisions';
import type { ImportSession } from './import-session';
import { issuedText, issueText } from './issue';
import type { PlanContext, ReportPlan } from './plan';
import type { PreparedFile } from './prepare-file';
import { currentSnapshot, sliceId, sliceOwners } from './report-log';
import { skippedSentences } from './write-staged';

/** A file read and planned, whichever way: what its decisions and its batch are made from. */
export interface ReadFile {
  readonly summary: { readonly type: string; readonly family: string; readonly rowCount: number; readonly dates: string[] };
  readonly full: ReportPlan;
  /** The plan without the slices `drop` names (by sliceId): those a report issued later holds. */
  replan(drop: ReadonlySet<string>): Promise<ReportPlan>;
  /** A basic file's rows, for the weights of demographics files in the same import. */
  readonly basicRows: readonly BasicRow[] | null;
}

export const snapshotKey = (family: string, networkId: number | null) => JSON.stringify(['snapshot', family, networkId]);

export type Decision =
  | {
      plan: ReportPlan;
      status: 'loaded' | 'replaced' | 'skipped';
      sentences: string[];
      /** Some slices stay with reports issued later. */
      partial?: boolean;
    }
  | { status: 'rejected'; reason: string };

/**
 * A snapshot replaces the family's snapshot in effect for the network, unless that one was issued
 * later; one without an issue time replaces no other content (unless replace).
 */
export async function decideSnapshot(
  session: ImportSession,
  file: PreparedFile,
  plan: ReportPlan,
  family: string,
  networkId: number | null,
): Promise<Decision> {
  const current = session.claimed.get(snapshotKey(family, networkId)) ?? (await currentSnapshot(session.db, family, networkId));
  if (!current) return { plan, status: 'loaded', sentences: [] };
  if (current.sha256 === file.sha256) return { plan, status: 'loaded', sentences: ['re-applies the snapshot it is already'] };
  if (session.options.replace) return { plan, status: 'replaced', sentences: [`replaces the snapshot of ${current.name} (--replace)`] };
  if (file.issued === null) {
    const held = `the ${family.replaceAll('_', ' ')} snapshot of ${current.name} (${issueText(current.issued)})`;
    return { status: 'rejected', reason: refusalText(file.name, [held]) };
  }
  if (current.issued.at > file.issued.at) {
    return {
      plan,
      status: 'skipped',
      sentences: [`skipped: older than ${current.name} (issued ${issuedText(current.issued.at)}, this one ${issuedText(file.issued.at)})`],
    };
  }
  return { plan, status: 'replaced', sentences: [`replaces the snapshot of ${current.name}`] };
}

/**
 * Slices held by a report issued later stay; the file writes the rest. A daily file is re-planned
 * without the rows of the slices it leaves; a monthly statement is loaded whole or skipped whole. A
 * file without an issue time that meets other content is rejected whole.
 */
export async function decideDaily(session: ImportSession, ctx: PlanContext, read: ReadFile, file: PreparedFile): Promise<Decision> {
  const { networkId } = ctx;
  const { family } = read.summary;
  const plan = read.full;
  const owners = await sliceOwners(session.db, family, plan.slices, networkId);
  for (const slice of plan.slices) {
    const id = sliceId(family, networkId, slice);
    const claimed = session.claimed.get(id);
    if (claimed) owners.set(id, claimed);
  }
  const decision = decideSlices(family, networkId, plan.slices, file, owners, session.options.replace);
  if (decision.refusal !== null) return { status: 'rejected', reason: decision.refusal };
  const status = decision.replaced.length > 0 ? 'replaced' : 'loaded';
  if (decision.kept.length === 0) return { plan, status, sentences: decision.sentences };
  if (decision.kept.length === plan.slices.length || !plan.daily) {
    return { plan, status: 'skipped', sentences: skippedSentences(decision.sentences, plan.daily) };
  }
  const drop = new Set(decision.kept.map((slice) => sliceId(family, networkId, slice)));
  return { plan: await read.replan(drop), status, sentences: decision.sentences, partial: true };
}
