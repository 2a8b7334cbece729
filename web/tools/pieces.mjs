// pieces.mjs — the everyday tier as small WebAssembly modules, "pieces": a bundle embeds the
// pieces whose functions it calls, and the loader (web/src/wasm.ts) instantiates them side by
// side in one memory (build.sh lays their static data and stacks out one after another). A
// piece is the everyday functions of a C file, or of files that share their helpers (the
// quaternions'); springs.c's two coefficient functions are pieces of their own, since the
// critical one (which sprung/three and the critical springs call) is a quarter of the other's
// size. api.mjs gen writes build/pieces.txt from this and calls each function through its
// piece's binding; build.sh builds and embeds them as web/src/pieces/<name>.ts.

const BY_FILE = {
  'c/dampers.c': 'damper',
  'c/helpers.c': 'helpers',
  'c/settle.c': 'helpers',
  'c/inertialize.c': 'helpers',
  'c/quat.c': 'quat',
  'c/quat_damper.c': 'quat',
  'c/quat_springs.c': 'quat',
};
const BY_FUNCTION = {
  sp_critical_spring_damper_coefs: 'critical',
  sp_spring_damper_exact_coefs: 'spring',
};

/** Every piece, the small first. */
export const PIECES = ['damper', 'critical', 'spring', 'helpers', 'quat'];

/** The piece of the everyday C function `fn` (a manifest function: name, source). */
export function pieceOf(fn) {
  const piece = BY_FUNCTION[fn.name] ?? BY_FILE[fn.source];
  if (!piece) throw new Error(`web/tools/pieces.mjs: ${fn.name} (${fn.source}) is everyday but in no piece`);
  return piece;
}

/** The name of the binding a piece's file exports (web/src/pieces/<piece>.ts): wasmDamper, … */
export const bindingOf = (piece) => `wasm${piece[0].toUpperCase()}${piece.slice(1)}`;
