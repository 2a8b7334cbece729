// Rotation math of the 3D pose panel, on flat arrays (quaternions x,y,z,w; vectors x,y,z;
// `a, i` = array and float offset) so that a frame allocates nothing. Scaled angle-axis
// vectors (angle·axis, radians) are the library's convention for angular velocities:
// a rotation q moving at ω (parent frame) has dq/dt = ½·ω·q.

/**
 * out[o..o+4) = a[i..) · b[j..) (Hamilton product: b first, then a). `sa` = −1 takes a's
 * conjugate instead (its inverse, for a unit quaternion), `sb` = −1 b's.
 */
export function qmul(out, o, a, i, b, j, sa = 1, sb = 1) {
  const ax = sa * a[i];
  const ay = sa * a[i + 1];
  const az = sa * a[i + 2];
  const aw = a[i + 3];
  const bx = sb * b[j];
  const by = sb * b[j + 1];
  const bz = sb * b[j + 2];
  const bw = b[j + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o..o+3) = q[i..) rotating v[j..) (unit q): v + w·t + q×t with t = 2·q×v. */
export function qrot(out, o, q, i, v, j) {
  const qx = q[i];
  const qy = q[i + 1];
  const qz = q[i + 2];
  const qw = q[i + 3];
  const vx = v[j];
  const vy = v[j + 1];
  const vz = v[j + 2];
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out[o..o+4) = the rotation by |v| radians about v (v = v[j..)). */
export function qexp(out, o, v, j) {
  const half = 0.5 * Math.hypot(v[j], v[j + 1], v[j + 2]);
  // ½·sin(h)/h, by its series near 0 (exact to double precision below 1e-4)
  const s = half < 1e-4 ? 0.5 * (1 - (half * half) / 6) : (0.5 * Math.sin(half)) / half;
  out[o] = v[j] * s;
  out[o + 1] = v[j + 1] * s;
  out[o + 2] = v[j + 2] * s;
  out[o + 3] = Math.cos(half);
}

/** out[o..o+3) = the scaled angle-axis of q[i..), taking the shorter arc (angle in [0, π]). */
export function qlog(out, o, q, i) {
  const sign = q[i + 3] < 0 ? -1 : 1;
  const w = sign * q[i + 3];
  const len = Math.hypot(q[i], q[i + 1], q[i + 2]);
  // angle = 2·atan2(len, w), and angle / len → 2/w as len → 0
  const k = (sign * (len < 1e-9 ? 2 / w : 2 * Math.atan2(len, w))) / (len < 1e-9 ? 1 : len);
  out[o] = q[i] * k;
  out[o + 1] = q[i + 1] * k;
  out[o + 2] = q[i + 2] * k;
}

/** Normalises q[i..) in place. */
export function qnormalize(q, i) {
  const n = 1 / Math.hypot(q[i], q[i + 1], q[i + 2], q[i + 3]);
  q[i] *= n;
  q[i + 1] *= n;
  q[i + 2] *= n;
  q[i + 3] *= n;
}

/** out[o..o+4) = rotation by `angle` about the unit axis (x, y, z). */
export function qaxis(out, o, x, y, z, angle) {
  const s = Math.sin(angle / 2);
  out[o] = x * s;
  out[o + 1] = y * s;
  out[o + 2] = z * s;
  out[o + 3] = Math.cos(angle / 2);
}

const scratch = new Float64Array(4);

/** Angle in radians between the rotations of unit quaternions a[i..) and b[j..). */
export function qangle(a, i, b, j) {
  // 2·atan2(|xyz|, |w|) of a·b⁻¹: accurate for small angles, where acos of a dot product is not
  qmul(scratch, 0, a, i, b, j, 1, -1);
  return 2 * Math.atan2(Math.hypot(scratch[0], scratch[1], scratch[2]), Math.abs(scratch[3]));
}

/**
 * The left Jacobian of the rotation exponential and its inverse: for R = exp(φ), the
 * angular velocity (parent frame) is ω = J(φ)·dφ/dt, and dφ/dt = J(φ)⁻¹·ω. `inverse`
 * picks which; out[o..o+3) = J(φ)·v or J(φ)⁻¹·v with φ = p[i..), v = v[j..).
 *   J(φ)v   = v + (1 − cos θ)/θ² · φ×v + (θ − sin θ)/θ³ · φ×(φ×v)
 *   J⁻¹(φ)v = v − ½·φ×v + (1/θ² − (1 + cos θ)/(2θ·sin θ)) · φ×(φ×v)
 * (their series below θ = 10⁻³).
 */
export function jacobian(out, o, p, i, v, j, inverse) {
  const px = p[i];
  const py = p[i + 1];
  const pz = p[i + 2];
  const t2 = px * px + py * py + pz * pz;
  const t = Math.sqrt(t2);
  const small = t < 1e-3;
  let a;
  let b;
  if (inverse) {
    a = -0.5;
    b = small ? 1 / 12 + t2 / 720 : 1 / t2 - (1 + Math.cos(t)) / (2 * t * Math.sin(t));
  } else {
    a = small ? 0.5 - t2 / 24 : (1 - Math.cos(t)) / t2;
    b = small ? 1 / 6 - t2 / 120 : (t - Math.sin(t)) / (t2 * t);
  }
  // c = φ×v, d = φ×c
  const cx = py * v[j + 2] - pz * v[j + 1];
  const cy = pz * v[j] - px * v[j + 2];
  const cz = px * v[j + 1] - py * v[j];
  out[o] = v[j] + a * cx + b * (py * cz - pz * cy);
  out[o + 1] = v[j + 1] + a * cy + b * (pz * cx - px * cz);
  out[o + 2] = v[j + 2] + a * cz + b * (px * cy - py * cx);
}
