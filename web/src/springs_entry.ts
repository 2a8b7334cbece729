/**
 * `sprung/springs`: the everyday subset — the exact dampers and springs, settling,
 * quaternions and the quaternion springs, and the conversions. Its files never import the
 * full module, so it loads the small everyday module (the C functions these wrappers call,
 * scalar: no SIMD needed) even unbundled. The functions are the very ones of the main entry,
 * with the same results; with the main entry's other functions in the program, either
 * entry's `init()` loads the full module, which serves both.
 * @packageDocumentation
 */
import { embeddedModule, load, loadSync, type InitOptions } from './wasm.js';
import { unpack, unpackSync, EVERYDAY } from './embedded.js';
export { isReady, wasmModule } from './wasm.js';
export type { Vec3, Quat, InitOptions, WasmSource, ResponseLike } from './wasm.js';
// The exact functions and the conversions; the article's comparison variants (`…Bad`,
// `…Implicit`, `damperExponential`, `fastNegexp`, …) stay in the main entry. build.sh builds
// this entry's module from the C functions these wrappers call.
export {
  lerp,
  halflifeToDamping,
  dampingToHalflife,
  frequencyToStiffness,
  stiffnessToFrequency,
  criticalHalflife,
  criticalFrequency,
  resonantFrequency,
  springEnergy,
  damperDecayExact,
  criticalSettleTime,
  criticalSettleHalflife,
} from './gen/scalar.js';
export { damperExact } from './dampers.js';
export {
  springDamperExact,
  springDamperExactStiffness,
  springDamperExactRatio,
  criticalSpringDamperExact,
  simpleSpringDamperExact,
  decaySpringDamperExact,
} from './springs.js';
export type { SpringState } from './springs.js';
export * from './settle.js';
export { smoothTimeToHalflife, halflifeToSmoothTime } from './smooth_time.js';
export {
  quatMul,
  quatMulInv,
  quatInvMul,
  quatMulVec3,
  quatInvMulVec3,
  quatInv,
  quatAbs,
  quatNormalize,
  quatToScaledAngleAxis,
  quatFromScaledAngleAxis,
  simpleSpringDamperExactQuat,
  decaySpringDamperExactQuat,
} from './quat.js';

/**
 * Loads the everyday module (the full one when the program holds a function of the main
 * entry that needs it); await it once before anything else (every function throws a
 * `TypeError` naming itself before it).
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm load this module instead (a URL, a `Response`, bytes or a compiled `WebAssembly.Module`).
 * @param options.reserve bytes of memory to set aside at once.
 * @example
 * import { init, simpleSpringDamperExact } from 'sprung/springs';
 * await init();
 * const camera = { x: 0, v: 0 };
 * simpleSpringDamperExact(camera, 10, 0.15, 1 / 60); // camera.x ≈ 0.107
 */
export function init(options?: InitOptions): Promise<void> {
  return load(options, () => unpack(embeddedModule(EVERYDAY)));
}

/**
 * Loads the everyday module (or the full one, as {@link init} does) synchronously, from the
 * embedded bytes or `options.wasm`.
 * @param options - `wasm`: bytes or a compiled `WebAssembly.Module` to load instead; `reserve`: bytes of memory to set aside at once.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options, () => unpackSync(embeddedModule(EVERYDAY)));
}
