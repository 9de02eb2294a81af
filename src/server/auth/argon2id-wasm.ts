// Loads the argon2id Wasm once per isolate, from a compiled module in workerd or the package's file in Node.
import setupWasm, { type computeHash } from 'argon2id/lib/setup.js';

export type ComputeArgon2id = computeHash;

/** The package ships a SIMD build and a fallback for runtimes without Wasm SIMD. */
export interface Argon2idWasmModules {
  simd: WebAssembly.Module;
  noSimd: WebAssembly.Module;
}

let loading: Promise<ComputeArgon2id> | undefined;

function isWorkerd(): boolean {
  return globalThis.navigator?.userAgent === 'Cloudflare-Workers';
}

function instantiator(module: WebAssembly.Module) {
  return async (imports: WebAssembly.Imports): Promise<WebAssembly.WebAssemblyInstantiatedSource> => ({
    module,
    instance: await WebAssembly.instantiate(module, imports),
  });
}

async function load(): Promise<ComputeArgon2id> {
  const { getWasmModules } = isWorkerd() ? await import('./argon2id-wasm-workerd') : await import('./argon2id-wasm-node');
  const modules = await getWasmModules();
  return setupWasm(instantiator(modules.simd), instantiator(modules.noSimd));
}

/**
 * The argon2id function, instantiated on first use. Its linear memory (65 MiB, the minimum the
 * binary declares) is kept for the life of the isolate and zeroed after every hash.
 * @example const tag = (await getArgon2id())({ password, salt, passes: 2, memorySize: 19456, parallelism: 1, tagLength: 32 })
 */
export function getArgon2id(): Promise<ComputeArgon2id> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
