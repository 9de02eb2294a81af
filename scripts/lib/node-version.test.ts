// The Node version the product promises (package.json engines, README) is one every installed package accepts:
// `npm install` on the oldest promised Node must not warn that a package needs a newer one.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

/** Every package.json under node_modules (nested copies too), with its engines.node when it has one. */
function installedEngines(dir: string, found: { name: string; node: string }[] = []): { name: string; node: string }[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const where = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedEngines(where, found);
      continue;
    }
    const file = path.join(where, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } };
      if (typeof pkg.engines?.node === 'string') found.push({ name: `${pkg.name}@${pkg.version}`, node: pkg.engines.node });
    }
    const nested = path.join(where, 'node_modules');
    if (existsSync(nested)) installedEngines(nested, found);
  }
  return found;
}

describe('the promised Node version', () => {
  const oldest = semver.minVersion(manifest.engines.node);

  it('is a range with a lowest version', () => {
    expect(oldest).not.toBeNull();
  });

  it('is accepted by every installed package', () => {
    const refusing = installedEngines(path.join(ROOT, 'node_modules')).filter(
      (p) => !semver.satisfies(oldest!.version, p.node, { includePrerelease: true }),
    );
    expect(refusing).toEqual([]);
  });

  it('is the one README names', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${oldest!.major}.${oldest!.minor}`);
  });
});
