/**
 * The full WebAssembly module, for the wrappers of the C functions outside the everyday
 * module: they call them through `full`, so a bundle holds these bytes exactly when it holds
 * such a function, and every entry's init() then loads this module instead of the everyday
 * one (which it serves too). `sprung/no-embed` ships with the bytes left out.
 * @internal
 * @packageDocumentation
 */
import { registerFull, requireSimd, type Exports } from './wasm.js';
import { wasmSize, wasmZlib } from './wasm-binary.js';

/** What `full` is until the full module is loaded (while nothing, or the everyday module, is):
 *  every C function throws, naming its wrapper. Here rather than in the loader, so that a
 *  bundle of everyday functions leaves it out. */
const notLoaded = new Proxy({} as Exports, {
  get: (_, name) => () => {
    // the wrapper's name: the C name without sp_, camelCased (sp_inertialize_transition → inertializeTransition)
    const fn = String(name)
      .replace(/^sp_/, '')
      .replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    throw new TypeError(
      `sprung.${fn}: needs sprung's full module, but init() loaded the everyday one before the code ` +
        'that calls it was imported; await init() again after importing it',
    );
  },
});

/** The full module's exports once it is loaded; until then, {@link notLoaded}. */
export let full: Exports = notLoaded;
// (The callback's parameter must not be named `exports`: in the CommonJS build that is the
// module's own exports object, and `full` would never be set.)
registerFull({ zlib: wasmZlib, size: wasmSize, check: requireSimd }, (loaded) => {
  full = loaded ?? notLoaded;
});
