// The reports bench:sync serves: a content owner's last days from the demo generator, written to disk,
// and the fake Reporting API's jobs and reports that list them (one job per report type, a report per day).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dailyPartnerFiles } from '../demo/formats/bench-reports.ts';
import { SCALES } from '../demo/generate/scale.ts';
import { getReportType } from '../../src/server/ingest/parse/index.ts';
import { WANTED_FAMILIES } from '../../src/server/ingest/sync/report-plan.ts';
import type { JobSpec, Scenario } from '../../tests/integration/sync/fake/state.ts';

/** The day the generated facts end at (two days before it): pinned, so every run serves the same files. */
const TODAY = '2026-11-23';
const SEED = 1;
const MS_PER_SECOND = 1000;
/** A year of history before the days served, so channels have the videos (and rows per day) a real catalogue has. */
const FACT_DAYS = 365;

export interface GeneratedDays {
  owner: string;
  folder: string;
  scenario: Scenario;
  files: number;
  rows: number;
  basicRows: number;
  bytes: number;
  /** Sum of the basic reports' views column: what channel_daily must hold after the loads. */
  views: number;
}

/** The report type of a generated file, from its name ('content_owner_basic_a4_<owner>_…csv'). */
function reportTypeOf(name: string): string {
  const id = /^(content_owner_[a-z_]+_a\d+)/.exec(name)?.[1];
  if (!id || !getReportType(id)) throw new Error(`no report type in ${name}`);
  return id;
}

/** The views column summed (the demo's basic reports quote no field). */
function viewsOf(text: string): number {
  const [header = '', ...lines] = text.split('\n');
  const column = header.split(',').indexOf('views');
  return lines.reduce((sum, line) => (line === '' ? sum : sum + Number(line.split(',')[column])), 0);
}

/**
 * Writes `days` days of `channels` partner channels' reports under `folder` and describes them for the fake.
 * @example const world = generateOwnerDays({ channels: 1000, days: 1, folder: '.tmp/bench-sync/files' })
 */
export function generateOwnerDays(options: { channels: number; days: number; folder: string }): GeneratedDays {
  mkdirSync(options.folder, { recursive: true });
  const scale = { ...SCALES.demo, partnerChannels: options.channels, factDays: FACT_DAYS, publicChannels: SCALES.tiny.publicChannels };
  const jobs = new Map<string, JobSpec>();
  const world: GeneratedDays = { owner: '', folder: options.folder, scenario: {}, files: 0, rows: 0, basicRows: 0, bytes: 0, views: 0 };
  let n = 0;
  for (const file of dailyPartnerFiles({ seed: SEED, today: TODAY, scale }, options.days)) {
    const name = path.basename(file.path);
    const type = reportTypeOf(name);
    const family = getReportType(type)?.family;
    const rows = file.text.split('\n').filter((l) => l !== '').length - 1;
    if (rows <= 0) continue;
    writeFileSync(path.join(options.folder, name), file.text);
    world.owner = file.owner;
    world.files += 1;
    world.rows += rows;
    world.bytes += Buffer.byteLength(file.text);
    if (family === 'basic') {
      world.basicRows += rows;
      world.views += viewsOf(file.text);
    }
    const day = new Date((file.issuedAt - 2 * 86_400) * MS_PER_SECOND).toISOString().slice(0, 10);
    const job = jobs.get(type) ?? {
      id: `job-${type}`,
      reportTypeId: type,
      systemManaged: !WANTED_FAMILIES.includes(family ?? 'basic'),
      reports: [],
    };
    job.reports?.push({
      id: `r${++n}`,
      file: `generated/${name}`,
      startTime: `${day}T07:00:00Z`,
      createTime: new Date(file.issuedAt * MS_PER_SECOND).toISOString(),
    });
    jobs.set(type, job);
  }
  world.scenario = { scopes: { [world.owner]: { jobs: [...jobs.values()] } } };
  return world;
}
