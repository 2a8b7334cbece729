// The playground's stand-in for the package's embedded everyday module (dist/wasm-binary-springs.js,
// 5.6 KB gzip). Every page of the playground holds functions of the full module, so init() always
// loads that one (web/src/wasm.ts, embeddedModule) and the everyday bytes would be fetched by
// every embed for nothing. The Vite config resolves the package's import of it here. An empty
// module: were it ever loaded, WebAssembly would refuse it at once rather than run anything.
export const wasmSpringsSize = 0;
export const wasmSpringsZlib = '';
