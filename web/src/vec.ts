/**
 * Checks and scratch copies shared by the vector and quaternion APIs.
 * @internal
 */
import { shape, finite } from './check.js';
import type { Vec3, Quat } from './wasm.js';

const XYZ = ['x', 'y', 'z'] as const;
const XYZW = ['x', 'y', 'z', 'w'] as const;

/** `v` must be a `{x, y, z}` of finite numbers. */
export function vec3(fn: string, name: string, v: unknown): asserts v is Vec3 {
  shape(fn, name, v, XYZ);
  const o = v as Vec3;
  finite(fn, `${name}.x`, o.x);
  finite(fn, `${name}.y`, o.y);
  finite(fn, `${name}.z`, o.z);
}

/** `q` must be a `{x, y, z, w}` of finite numbers. */
export function quat(fn: string, name: string, q: unknown): asserts q is Quat {
  shape(fn, name, q, XYZW);
  const o = q as Quat;
  finite(fn, `${name}.x`, o.x);
  finite(fn, `${name}.y`, o.y);
  finite(fn, `${name}.z`, o.z);
  finite(fn, `${name}.w`, o.w);
}
