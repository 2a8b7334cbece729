/**
 * Quaternions and vectors as small objects, in plain JavaScript: the few that the controller's
 * JavaScript side needs (the query's trajectory seen from bone 0, a loop's wrap), and their
 * reads and writes of WebAssembly arrays.
 * @packageDocumentation
 * @internal
 */

export type V = { x: number; y: number; z: number };
export type Q = { x: number; y: number; z: number; w: number };

export function qmul(a: Q, b: Q, o: Q): Q {
  const x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
    w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  o.x = x;
  o.y = y;
  o.z = z;
  o.w = w;
  return o;
}
export function qinv(q: Q, o: Q): Q {
  o.x = -q.x;
  o.y = -q.y;
  o.z = -q.z;
  o.w = q.w;
  return o;
}
export function qnorm(q: Q): Q {
  const l = Math.hypot(q.x, q.y, q.z, q.w) || 1;
  q.x /= l;
  q.y /= l;
  q.z /= l;
  q.w /= l;
  return q;
}
/** q·v·q⁻¹ into o. */
export function qrot(q: Q, v: V, o: V): V {
  const tx = 2 * (q.y * v.z - q.z * v.y),
    ty = 2 * (q.z * v.x - q.x * v.z),
    tz = 2 * (q.x * v.y - q.y * v.x);
  const x = v.x + q.w * tx + (q.y * tz - q.z * ty),
    y = v.y + q.w * ty + (q.z * tx - q.x * tz),
    z = v.z + q.w * tz + (q.x * ty - q.y * tx);
  o.x = x;
  o.y = y;
  o.z = z;
  return o;
}
/** exp(w·t/2): the rotation by the angle |w|·t about w. */
export function qexp(w: V, t: number, o: Q): Q {
  const a = Math.hypot(w.x, w.y, w.z) * t,
    s = a > 1e-12 ? Math.sin(a / 2) / (a / t) : t / 2;
  o.x = w.x * s;
  o.y = w.y * s;
  o.z = w.z * s;
  o.w = Math.cos(a / 2);
  return o;
}
export const v3 = (x = 0, y = 0, z = 0): V => ({ x, y, z });
export const q4 = (x = 0, y = 0, z = 0, w = 1): Q => ({ x, y, z, w });
export function getV(a: Float32Array, i: number, o: V): V {
  o.x = a[i];
  o.y = a[i + 1];
  o.z = a[i + 2];
  return o;
}
export function setV(a: Float32Array, i: number, v: V): void {
  a[i] = v.x;
  a[i + 1] = v.y;
  a[i + 2] = v.z;
}
export function getQ(a: Float32Array, i: number, o: Q): Q {
  getV(a, i, o);
  o.w = a[i + 3];
  return o;
}
export function setQ(a: Float32Array, i: number, q: Q): void {
  setV(a, i, q);
  a[i + 3] = q.w;
}
