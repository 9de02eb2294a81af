// Types `.wasm` imports, which the adapter, wrangler and the Workers test pool turn into compiled modules.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
