// The split benchmark's calls to its worker: JSON answers timed on the client's clock, report files posted
// as one multipart request per import (a month's basic, revenue and demographics files load together,
// as the demographics weights come from the same import's basic rows).
import { networkParts, renamer, type ReportText, type Template } from './files';

/** Where a benchmark network's facts are read and written: its own store, or the shared D1. */
export const STORES = ['split', 'shared'] as const;
export type Store = (typeof STORES)[number];

export interface Timed<T> {
  body: T;
  /** The client's clock: request sent to answer read. */
  ms: number;
}

export interface DashboardBody {
  /** The worker's clock for the whole request (scope resolved in the shared D1, then every card). */
  ms: number;
  resolveMs: number;
  channels: number;
  dates: unknown;
  period: unknown;
  answers: Record<string, { status: string } | null>;
}

export interface ImportBody {
  ms: number;
  rows: number;
  statuses: string[];
}

/**
 * An import of several requests (a month cut into parts): the worker's time and rows summed.
 * @example const { ms, rows } = await importParts(client, 'split', 3, template, month.files)
 */
export async function importParts(
  client: WorkerClient,
  store: Store,
  network: number,
  template: Template,
  files: string[],
): Promise<ImportBody> {
  const total: ImportBody = { ms: 0, rows: 0, statuses: [] };
  for (const part of networkParts(template, network, files)) {
    const { body } = await client.importFiles(store, network, part);
    total.ms += body.ms;
    total.rows += body.rows;
    total.statuses.push(...body.statuses);
  }
  return total;
}

/**
 * The benchmark worker's routes, called from the script.
 * @example const { body, ms } = await new WorkerClient('http://localhost:8797').dashboard('split', 1, '2026-11-23')
 */
export class WorkerClient {
  constructor(readonly base: string) {}

  async call<T>(pathAndQuery: string, init?: RequestInit): Promise<Timed<T>> {
    const started = performance.now();
    const res = await fetch(`${this.base}${pathAndQuery}`, init);
    const body = (await res.json()) as T & { error?: string };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}: ${body.error ?? ''}`);
    return { body, ms };
  }

  dashboard(store: Store, network: number, today: string): Promise<Timed<DashboardBody>> {
    return this.call(`/dashboard?store=${store}&network=${network}&today=${today}`);
  }

  /** The dashboard of a user whose channels span networks 1..k (the fan-out across k stores). */
  spanning(store: Store, networks: number, today: string): Promise<Timed<DashboardBody>> {
    return this.call(`/spanning?store=${store}&networks=${networks}&today=${today}`);
  }

  /** Report files that load together, through the product's importer into one store: one request. */
  importFiles(store: Store, network: number, files: ReportText[]): Promise<Timed<ImportBody>> {
    const form = new FormData();
    for (const { name, text } of files) form.append('file', new Blob([text], { type: 'text/csv' }), name);
    return this.call(`/import?store=${store}&network=${network}`, { method: 'POST', body: form });
  }

  /** The network row, its channels with ids `network * 1000 + i` in both stores, and its owner's grant. */
  setup(network: number, template: Template): Promise<Timed<unknown>> {
    const names = renamer(template, network);
    const channels = template.channels.map((c, i) => ({
      id: network * 1000 + i + 1,
      youtubeId: names.map.get(c.youtubeId) ?? c.youtubeId,
      title: c.title,
    }));
    return this.call('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ network, owner: names.owner, channels }),
    });
  }

  async size(store: Store, network: number): Promise<number> {
    return (await this.call<{ bytes: number }>(`/size?store=${store}&network=${network}`)).body.bytes;
  }
}

/**
 * Fails the benchmark when a card did not answer: `answered` turns an error into 'idle' silently.
 * @example checkAnswered('split', 1, body) // throws when a card is 'idle'
 */
export function checkAnswered(store: Store, network: number, body: DashboardBody): void {
  for (const [name, answer] of Object.entries(body.answers)) {
    if (answer && answer.status !== 'loaded') throw new Error(`network ${network} (${store}): the ${name} card did not answer`);
  }
}

/**
 * The answers two stores must give alike: the settled period, the latest day and every card.
 * @example answerKey(split.body) === answerKey(shared.body)
 */
export function answerKey(body: DashboardBody): string {
  return JSON.stringify({ dates: body.dates, period: body.period, answers: body.answers });
}
