// A large daily file's rows staged a slice of days at a time, then applied with everything else in one batch.
import { raw } from '../../db/sql';
import { run, statement } from '../../db/query';
import type { ChannelKey } from './channel-keys';
import { jsonChunks } from './json-chunks';
import { deleteZeroSql, resetSql, upsertStagedSql, type DailyFamily, type FactTable } from './facts/fact-tables';
import type { Slice } from './files';

/**
 * Staged rows older than this belong to an import that died before applying them; a later import
 * removes them. An import takes minutes, so a day leaves a wide margin, and should one ever outlive
 * it, its applying batch finds a part missing and fails whole (import_staged_checks).
 */
const STALE_STAGED_SECONDS = 24 * 60 * 60;

const STAGE = 'INSERT INTO import_staged (import_id, seq, target, rows, created_at) VALUES (?1, ?2, ?3, ?4, ?5)';
const CHECK = `INSERT INTO import_staged_checks (import_id, expected, found)
SELECT ?1, ?2, count(*) FROM import_staged WHERE import_id = ?1`;

/**
 * One file's staged rows. Staging writes only to import_staged, which no reader of facts looks at, so
 * a file that fails half-way (a bad row, a lost connection, a killed process) has changed nothing
 * anyone sees; the batch of applyStatements writes the facts, the file's log and its rollup marks and
 * deletes the staged rows, all or nothing.
 * @example const staged = new StagedFile(db, now); await staged.stage([[table, rows]]); await session.write(staged.applyStatements(...))
 */
export class StagedFile {
  readonly importId: string;
  /** Parts this file has: staged here, or by the pieces before (see pieces.ts). */
  private parts: number;
  private seq: number;
  private cleared = false;

  /**
   * `staged`: the rows were (or a piece's are being) staged by other invocations under this import id:
   * `parts` of them so far, this one's numbered from `firstSeq` + 1.
   */
  constructor(
    private readonly db: D1Database,
    private readonly now: number,
    staged?: { importId: string; parts: number; firstSeq: number },
  ) {
    this.importId = staged?.importId ?? crypto.randomUUID();
    this.parts = staged?.parts ?? 0;
    this.seq = staged?.firstSeq ?? 0;
  }

  /** How many parts are staged under the import id. */
  get partCount(): number {
    return this.parts;
  }

  /** Removes the parts numbered firstSeq + 1 to lastSeq: what an earlier try of the same piece staged. */
  async clear(firstSeq: number, lastSeq: number): Promise<void> {
    await statement(
      this.db,
      raw('DELETE FROM import_staged WHERE import_id = ?1 AND seq > ?2 AND seq <= ?3', this.importId, firstSeq, lastSeq),
    ).run();
  }

  /** Stores a slice's rows per table (JSON rows as the upsert reads them), in one batch. */
  async stage(rowsByTable: ReadonlyArray<readonly [FactTable, readonly string[]]>): Promise<void> {
    if (!this.cleared) {
      this.cleared = true;
      // The weights a dead import's pieces staged (import_staged_weights) go with its parts.
      const before = this.now - STALE_STAGED_SECONDS;
      await run(this.db, raw('DELETE FROM import_staged WHERE created_at < ?1', before));
      await run(this.db, raw('DELETE FROM import_staged_weights WHERE created_at < ?1', before));
    }
    const insert = this.db.prepare(STAGE);
    const statements = rowsByTable.flatMap(([table, rows]) =>
      jsonChunks(rows).map((chunk) => insert.bind(this.importId, ++this.seq, table.name, chunk, this.now)),
    );
    this.parts += statements.length;
    if (statements.length > 0) await this.db.batch(statements);
  }

  /**
   * The statements that apply the staged rows: a check that every part is there, then per table the
   * family's columns zeroed on the slices, the staged sums written, rows left all zero deleted; last,
   * the staged rows and the check removed. Slices, channel keys and days are those of the whole file.
   */
  applyStatements(
    family: DailyFamily,
    tables: readonly FactTable[],
    slices: readonly Slice[],
    networkId: number | null,
  ): D1PreparedStatement[] {
    const { db, importId } = this;
    const sliceJson = slices.map((s) => JSON.stringify(s));
    const keys: ChannelKey[] = [...new Set(slices.map(([key]) => key))];
    const days = [...new Set(slices.map(([, day]) => day))];
    const reset = (table: FactTable) => {
      const prepared = db.prepare(resetSql(table, family));
      return jsonChunks(sliceJson).map((chunk) => prepared.bind(chunk, networkId));
    };
    return [
      statement(db, raw(CHECK, importId, this.parts)),
      ...tables.flatMap((table) => [
        ...reset(table),
        statement(db, raw(upsertStagedSql(table, family), importId, networkId)),
        statement(db, raw(deleteZeroSql(table), JSON.stringify(keys), networkId, JSON.stringify(days))),
      ]),
      statement(db, raw('DELETE FROM import_staged WHERE import_id = ?1', importId)),
      statement(db, raw('DELETE FROM import_staged_checks WHERE import_id = ?1', importId)),
    ];
  }

  /** Removes what was staged (the file failed); a failure here leaves rows a later import clears as stale. */
  async discard(): Promise<void> {
    if (this.parts === 0) return;
    await statement(this.db, raw('DELETE FROM import_staged WHERE import_id = ?1', this.importId))
      .run()
      .catch(() => undefined);
  }
}
