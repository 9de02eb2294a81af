// The argon2id Wasm binaries as compiled modules: workerd refuses to compile Wasm from bytes at run time.
// The Astro Cloudflare adapter (cloudflareModules, on by default), wrangler and the Workers test pool
// all turn a `.wasm` import into a WebAssembly.Module; Node cannot load this file.
import noSimd from 'argon2id/dist/no-simd.wasm';
import simd from 'argon2id/dist/simd.wasm';
import type { Argon2idWasmModules } from './argon2id-wasm';

/** The modules bundled with the worker. */
export async function getWasmModules(): Promise<Argon2idWasmModules> {
  return { simd, noSimd };
}
