import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { experimental_readRawConfig, type Unstable_RawConfig } from 'wrangler';
import { configFindings, loadStepCpuNeed, secretNamesFrom, type Finding } from './config-findings.ts';

const ALL_SECRETS = ['ADMIN_TOKEN', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'CONNECTIONS_KEY', 'YOUTUBE_API_KEY', 'MAIL_API_KEY'];

/** A configuration with nothing left to do: real-looking ids, every binding, a domain, mail. */
function ready(): Unstable_RawConfig {
  return {
    name: 'viewdeck',
    routes: [{ pattern: 'stats.acme.test', custom_domain: true }],
    vars: {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://stats.acme.test',
      MAIL_API_URL: 'https://api.resend.com/emails',
      MAIL_FROM: 'Stats <no-reply@acme.test>',
      SUPPORT_EMAIL: 'support@acme.test',
    },
    triggers: { crons: ['5 * * * *'] },
    d1_databases: [{ binding: 'DB', database_name: 'viewdeck', database_id: '6f1c2a9e-3b7d-4c1e-9a55-0d2b8e4f7a13' }],
    kv_namespaces: [
      { binding: 'KV', id: '4b8e1f0c9d2a47e6b3c5a1f8e0d7c692' },
      { binding: 'SESSION', id: 'a3c9e2f17b4d4e08a6f5c1d2b9e07f34' },
    ],
    r2_buckets: [
      { binding: 'FILES', bucket_name: 'viewdeck-files' },
      { binding: 'REPORTS', bucket_name: 'viewdeck-reports' },
    ],
    durable_objects: { bindings: [{ name: 'NETWORK_STORE', class_name: 'NetworkStore' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['NetworkStore'] }],
    workflows: [
      { name: 'viewdeck-report-day-load', binding: 'REPORT_LOADS', class_name: 'ReportDayLoad' },
      { name: 'viewdeck-archive-load', binding: 'ARCHIVE_LOADS', class_name: 'ArchiveLoad' },
    ],
  } as Unstable_RawConfig;
}

const whats = (findings: Finding[]) => findings.map((f) => `${f.level}: ${f.what}`);

describe('configFindings', () => {
  it('finds nothing in a ready configuration with every secret set', () => {
    expect(configFindings(ready(), ALL_SECRETS)).toEqual([]);
  });

  it('names each placeholder id with the command that makes the real one', () => {
    const config = ready();
    config.d1_databases![0]!.database_id = '00000000-0000-0000-0000-000000000000';
    config.kv_namespaces![1]!.id = '00000000000000000000000000000001';
    const findings = configFindings(config);
    expect(whats(findings)).toEqual([
      'error: D1 DB: database_id is the placeholder "00000000-0000-0000-0000-000000000000"',
      'error: KV SESSION: id is the placeholder "00000000000000000000000000000001"',
    ]);
    expect(findings[0]!.todo).toContain('npx wrangler d1 create viewdeck');
    expect(findings[1]!.todo).toContain('npx wrangler kv namespace create SESSION');
  });

  it('refuses a missing, plain-http or example PUBLIC_URL, and a non-production APP_ENV', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PUBLIC_URL: '' }, 'error: PUBLIC_URL is not set: a production Worker answers every request with a 500 until it is'],
      [{ PUBLIC_URL: 'http://stats.acme.test' }, 'error: PUBLIC_URL "http://stats.acme.test" is not https'],
      [{ PUBLIC_URL: 'https://viewdeck.example' }, 'error: PUBLIC_URL is the example "https://viewdeck.example"'],
      [{ APP_ENV: 'local' }, 'error: APP_ENV is "local"'],
    ];
    for (const [change, expected] of cases) {
      const config = ready();
      config.vars = { ...config.vars, ...change };
      expect(whats(configFindings(config))).toEqual([expected]);
    }
  });

  it('warns, without failing, when mail is off or the Worker has no domain', () => {
    const config = ready();
    config.vars = { ...config.vars, MAIL_API_URL: '' };
    delete config.routes;
    const findings = configFindings(config);
    expect(findings.map((f) => f.level)).toEqual(['warning', 'warning']);
    expect(findings[0]!.what).toContain('MAIL_API_URL is not set');
    expect(findings[0]!.todo).toContain('create-admin');
    expect(findings[1]!.what).toContain('caches.default');
  });

  it('accepts the single route spelling as a domain', () => {
    const config = ready();
    delete config.routes;
    config.route = 'stats.acme.test/*';
    expect(configFindings(config)).toEqual([]);
  });

  it('names every binding that is missing, and a store class without SQLite', () => {
    const config = ready();
    config.kv_namespaces = config.kv_namespaces!.filter((kv) => kv.binding !== 'SESSION');
    config.workflows = [];
    config.migrations = [{ tag: 'v1', new_classes: ['NetworkStore'] }];
    expect(whats(configFindings(config))).toEqual([
      'error: binding SESSION is missing',
      'error: binding REPORT_LOADS is missing',
      'error: binding ARCHIVE_LOADS is missing',
      'error: Durable Object NetworkStore is not declared in a [[migrations]] new_sqlite_classes',
    ]);
  });

  it('judges [limits] cpu_ms against a sign-in, a load step and the ceiling', () => {
    const at = (cpuMs: number, pieceBytes?: string) => {
      const config = ready();
      config.limits = { cpu_ms: cpuMs };
      if (pieceBytes) config.vars = { ...config.vars, REPORT_PIECE_BYTES: pieceBytes };
      return configFindings(config);
    };
    expect(whats(at(50))[0]).toContain('one sign-in');
    expect(whats(at(10_000))[0]).toContain('below what a report load step needs (30000 ms');
    expect(at(30_000)).toEqual([]);
    expect(at(300_000)).toEqual([]);
    expect(whats(at(300_001))[0]).toContain("above Cloudflare's ceiling");
    // A 64 MiB piece is twice the measured one: twice the default CPU.
    expect(whats(at(30_000, String(64 * 1024 * 1024)))[0]).toContain('(60000 ms at REPORT_PIECE_BYTES 67108864');
  });

  it('asks for [limits] when a larger piece size needs more than the default CPU', () => {
    const config = ready();
    config.vars = { ...config.vars, REPORT_PIECE_BYTES: String(96 * 1024 * 1024) };
    const findings = configFindings(config);
    expect(whats(findings)).toEqual(['error: REPORT_PIECE_BYTES 100663296 needs about 90000 ms of CPU a load step']);
    expect(findings[0]!.todo).toContain('cpu_ms = 90000');
  });

  it('refuses secrets written in [vars]', () => {
    const config = ready();
    config.vars = { ...config.vars, ADMIN_TOKEN: 'x'.repeat(40) };
    expect(whats(configFindings(config))).toEqual(['error: ADMIN_TOKEN is in [vars], stored and shown in plain text']);
  });

  it('names missing secrets only when their list is given: ADMIN_TOKEN and a mail key are errors, the rest warnings', () => {
    expect(configFindings(ready())).toEqual([]);
    const findings = configFindings(ready(), ['GOOGLE_CLIENT_ID']);
    expect(whats(findings).map((w) => w.replace(/:.*/, ''))).toEqual(['error', 'error', 'warning', 'warning', 'warning']);
    expect(findings[0]!.what).toContain('ADMIN_TOKEN');
    expect(findings[1]!.what).toContain('MAIL_API_KEY');
    expect(findings.find((f) => f.what.includes('CONNECTIONS_KEY'))!.todo).toContain('openssl rand -base64 32');
  });

  it('finds every binding and the SQLite class in the repository wrangler.toml', () => {
    const { rawConfig } = experimental_readRawConfig({ config: path.resolve(import.meta.dirname, '../../wrangler.toml') });
    const bindingFindings = configFindings(rawConfig).filter((f) => f.what.startsWith('binding') || f.what.startsWith('Durable Object'));
    expect(bindingFindings).toEqual([]);
  });
});

describe('loadStepCpuNeed', () => {
  it('is the default 30 s up to the measured 32 MiB piece, then grows with the piece', () => {
    expect(loadStepCpuNeed(1024)).toBe(30_000);
    expect(loadStepCpuNeed(32 * 1024 * 1024)).toBe(30_000);
    expect(loadStepCpuNeed(128 * 1024 * 1024)).toBe(120_000);
  });
});

describe('secretNamesFrom', () => {
  it("reads wrangler secret list's JSON", () => {
    const json = JSON.stringify([
      { name: 'ADMIN_TOKEN', type: 'secret_text' },
      { name: 'YOUTUBE_API_KEY', type: 'secret_text' },
    ]);
    expect(secretNamesFrom(json)).toEqual(['ADMIN_TOKEN', 'YOUTUBE_API_KEY']);
    expect(secretNamesFrom(`\n ⛅️ wrangler 4.59.2\n───────────────────\n${json}\n`)).toEqual(['ADMIN_TOKEN', 'YOUTUBE_API_KEY']);
  });

  it('reads one name a line, skipping blanks and comments', () => {
    expect(secretNamesFrom('ADMIN_TOKEN\n\n# mail\nMAIL_API_KEY\n')).toEqual(['ADMIN_TOKEN', 'MAIL_API_KEY']);
  });

  it('refuses broken JSON, JSON of another shape and lines that are not names', () => {
    expect(() => secretNamesFrom('[{"name": ')).toThrow('starts like JSON but is not');
    expect(() => secretNamesFrom('[1, 2]')).toThrow('not a list of {"name"');
    expect(() => secretNamesFrom('ADMIN_TOKEN=abc')).toThrow('"ADMIN_TOKEN=abc", not a secret name');
  });
});
