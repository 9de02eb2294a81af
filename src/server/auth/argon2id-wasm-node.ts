// The argon2id Wasm binaries compiled from the package's files, for Node (scripts, unit tests, astro dev).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Argon2idWasmModules } from './argon2id-wasm';

async function compile(specifier: string): Promise<WebAssembly.Module> {
  // Resolved here rather than at load: the worker bundle carries this module without ever running it.
  const path = createRequire(import.meta.url).resolve(specifier);
  return WebAssembly.compile(await readFile(path));
}

/** The modules compiled from node_modules. */
export async function getWasmModules(): Promise<Argon2idWasmModules> {
  const [simd, noSimd] = await Promise.all([compile('argon2id/dist/simd.wasm'), compile('argon2id/dist/no-simd.wasm')]);
  return { simd, noSimd };
}
