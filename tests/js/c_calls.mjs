// c_calls.mjs — the C per-call functions on float state, called directly through the raw WASM
// exports on a block of their own (not the library's scratch area): what the batches equal bit
// for bit, and what the JS-stepped wrappers, which keep the caller's double state, equal within
// float rounding for one step from float state. Call after init().
import { wasm, heapF32 } from '../../dist/wasm.js';

let block = 0;
/** The float index of the block (32 floats), allocated on first use. */
const at = () => (block ||= wasm.malloc(128)) >> 2;

/** Writes `values` at float k of the block, calls `call(pointer of float k, …)`, returns floats. */
function onBlock(values, call, n = values.length) {
  const i = at();
  heapF32.set(values, i);
  call((k) => (i + k) * 4);
  return Array.from(heapF32.subarray(i, i + n));
}

/** sp_<name>(&x, &v, …rest): [x, v] after the call (critical, simple, decay, spring families). */
export function cState(name, x, v, ...rest) {
  return onBlock([x, v], (p) => wasm[`sp_${name}`](p(0), p(1), ...rest));
}

/** sp_critical_spring_damper_exact on (x, v). */
export const cCritical = (x, v, g, q, h, dt) => cState('critical_spring_damper_exact', x, v, g, q, h, dt);

/** sp_inertialize_update: [offset x, offset v, out x, out v]. */
export function cInertialize(ox, ov, inX, inV, h, dt) {
  return onBlock([ox, ov, 0, 0], (p) => wasm.sp_inertialize_update(p(2), p(3), p(0), p(1), inX, inV, h, dt));
}

/** sp_damper_exact_quat on rotation `r` toward `g` (objects {x, y, z, w}): the new rotation. */
export function cDamperQuat(r, g, h, dt) {
  const [x, y, z, w] = onBlock(
    [r.x, r.y, r.z, r.w, g.x, g.y, g.z, g.w],
    (p) => wasm.sp_damper_exact_quat(p(0), p(4), h, dt),
    4,
  );
  return { x, y, z, w };
}

/** The quaternion springs (toward `g`, or the decay spring for g null): [rotation, velocity]. */
export function cQuatSpring(r, av, g, h, dt) {
  const f = onBlock(
    [r.x, r.y, r.z, r.w, av.x, av.y, av.z, 0, ...(g ? [g.x, g.y, g.z, g.w] : [])],
    (p) =>
      g
        ? wasm.sp_simple_spring_damper_exact_quat(p(0), p(4), p(8), h, dt)
        : wasm.sp_decay_spring_damper_exact_quat(p(0), p(4), h, dt),
    7,
  );
  return [
    { x: f[0], y: f[1], z: f[2], w: f[3] },
    { x: f[4], y: f[5], z: f[6] },
  ];
}

/** sp_<name>(out, …args): the `n` coefficients it writes (sp_critical_spring_damper_coefs,
 *  sp_spring_damper_exact_coefs), here to bound the terms whose rounding a test allows for. */
export function cCoefs(name, n, ...args) {
  return onBlock(new Array(n).fill(0), (p) => wasm[`sp_${name}`](p(0), ...args));
}

/** sp_inertialize_cubic_update on float state: [out x, out v, the clock after]. */
export function cCubicUpdate(offset, inX, inV, blendtime, dt) {
  return onBlock([0, 0, offset.t], (p) =>
    wasm.sp_inertialize_cubic_update(p(0), p(1), p(2), offset.x, offset.v, inX, inV, blendtime, dt),
  );
}

/** sp_inertialize_update_quat on float state (offset rotation `o`, angular velocity `w`):
 *  { out: rotation, outV, offset: rotation, offsetV }. */
export function cInertializeQuat(o, w, inX, inV, halflife, dt) {
  const f = onBlock(
    [
      o.x,
      o.y,
      o.z,
      o.w,
      w.x,
      w.y,
      w.z,
      0,
      inX.x,
      inX.y,
      inX.z,
      inX.w,
      inV.x,
      inV.y,
      inV.z,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ],
    (p) => wasm.sp_inertialize_update_quat(p(16), p(20), p(0), p(4), p(8), p(12), halflife, dt),
  );
  const q = (k) => ({ x: f[k], y: f[k + 1], z: f[k + 2], w: f[k + 3] }),
    v = (k) => ({ x: f[k], y: f[k + 1], z: f[k + 2] });
  return { out: q(16), outV: v(20), offset: q(0), offsetV: v(4) };
}
