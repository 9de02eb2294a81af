// The local scripts' workerd script: entry.ts bundled with the product's store class and migrations.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { migrationsFrom } from '../../../src/server/partner-store/migrations.ts';

/**
 * The bridge worker as one ES module: entry.ts and what it imports (the store class, objectDb), with
 * the migrations under root/migrations written in, as Vite writes them into the product's build.
 * @example const script = await bridgeScript(ROOT) // Miniflare's `script`, modules: true
 */
export async function bridgeScript(root: string): Promise<string> {
  const folder = path.join(root, 'migrations');
  const files = Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => [`/migrations/${name}`, readFileSync(path.join(folder, name), 'utf8')]),
  );
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    external: ['cloudflare:*'],
    define: { STORE_MIGRATIONS: JSON.stringify(migrationsFrom(files)) },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('the local bridge worker did not bundle');
  return output.text;
}
