// The partner network's YouTube reports into the importer, batch by batch, from whichever source makes them.
import { partnerReportBatches, partnerSources } from '../formats/partner-reports';
import type { GenerateOptions, World } from '../generate/world';
import type { ImportTarget } from '../../../src/server/ingest/run-import';
import { encodeBatch, importBatch, type EncodedBatch, type ImportTally } from './report-feed';
import type { FileSink } from './sink';

/**
 * Where the encoded batches come from: made here from the world (default), or by the seed in a
 * worker thread from the same options (the world is rebuilt there, identical).
 */
export type BatchSource = (options: GenerateOptions, world: World) => AsyncIterable<EncodedBatch>;

/** The batches made in this thread, one at a time (workerd, tests). */
export async function* inThisThread(_options: GenerateOptions, world: World): AsyncGenerator<EncodedBatch> {
  for (const batch of partnerReportBatches(partnerSources(world))) yield encodeBatch(batch);
}

export type PartnerTallies = Record<EncodedBatch['kind'], ImportTally>;

/** Imports every batch in order; returns files and rows per kind (catalogue, facts, finance). */
export async function loadPartnerReports(
  target: Pick<ImportTarget, 'db' | 'storeOf'>,
  options: GenerateOptions,
  world: World,
  source: BatchSource,
  sink: FileSink,
  onKindDone: (kind: EncodedBatch['kind'], tally: ImportTally) => void,
): Promise<PartnerTallies> {
  const network = world.networks.find((n) => n.isPartner === 1);
  if (!network) throw new Error('the demo world has no partner network');
  const tallies: PartnerTallies = { catalogue: { files: 0, rows: 0 }, facts: { files: 0, rows: 0 }, finance: { files: 0, rows: 0 } };
  let current: EncodedBatch['kind'] | null = null;
  for await (const batch of source(options, world)) {
    if (current !== null && batch.kind !== current) onKindDone(current, tallies[current]);
    current = batch.kind;
    await importBatch(target, batch, network.id, sink, tallies[batch.kind]);
  }
  if (current !== null) onKindDone(current, tallies[current]);
  return tallies;
}
