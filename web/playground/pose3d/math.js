// Rotation math of the 3D pose panel, on flat arrays (quaternions x,y,z,w; vectors x,y,z;
// `a, i` = array and float offset) so that a frame allocates nothing. Scaled angle-axis
// vectors (angle·axis, radians) are the library's convention for angular velocities:
// a rotation q moving at ω (parent frame) has dq/dt = ½·ω·q.

/** out[o..o+4) = a[i..) · b[j..) (Hamilton product: b first, then a). */
export function qmul(out, o, a, i, b, j) {
  const ax = a[i],
    ay = a[i + 1],
    az = a[i + 2],
    aw = a[i + 3];
  const bx = b[j],
    by = b[j + 1],
    bz = b[j + 2],
    bw = b[j + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o..o+4) = a[i..) · b[j..)⁻¹ (unit b). */
export function qmulInv(out, o, a, i, b, j) {
  const ax = a[i],
    ay = a[i + 1],
    az = a[i + 2],
    aw = a[i + 3];
  const bx = -b[j],
    by = -b[j + 1],
    bz = -b[j + 2],
    bw = b[j + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o..o+4) = a[i..)⁻¹ · b[j..) (unit a). */
export function qinvMul(out, o, a, i, b, j) {
  const ax = -a[i],
    ay = -a[i + 1],
    az = -a[i + 2],
    aw = a[i + 3];
  const bx = b[j],
    by = b[j + 1],
    bz = b[j + 2],
    bw = b[j + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o..o+3) = q[i..) rotating v[j..) (unit q). */
export function qrot(out, o, q, i, v, j) {
  const qx = q[i],
    qy = q[i + 1],
    qz = q[i + 2],
    qw = q[i + 3];
  const vx = v[j],
    vy = v[j + 1],
    vz = v[j + 2];
  // t = 2·(q.xyz × v); v' = v + w·t + q.xyz × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out[o..o+4) = the rotation by |v| radians about v (v = v[j..)). */
export function qexp(out, o, v, j) {
  const x = v[j],
    y = v[j + 1],
    z = v[j + 2];
  const half = 0.5 * Math.hypot(x, y, z);
  // sin(h)/h·½, with its series near 0 (exact to double precision below 1e-4)
  const s = half < 1e-4 ? 0.5 * (1 - (half * half) / 6) : (0.5 * Math.sin(half)) / half;
  out[o] = x * s;
  out[o + 1] = y * s;
  out[o + 2] = z * s;
  out[o + 3] = Math.cos(half);
}

/** out[o..o+3) = the scaled angle-axis of q[i..), taking the shorter arc (angle in [0, π]). */
export function qlog(out, o, q, i) {
  let x = q[i],
    y = q[i + 1],
    z = q[i + 2],
    w = q[i + 3];
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  const len = Math.hypot(x, y, z);
  // angle = 2·atan2(len, w); scale = angle / len, → 2/w as len → 0
  const k = len < 1e-9 ? 2 / w : (2 * Math.atan2(len, w)) / len;
  out[o] = x * k;
  out[o + 1] = y * k;
  out[o + 2] = z * k;
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

/**
 * The left Jacobian of the rotation exponential and its inverse: for R = exp(φ), the
 * angular velocity (parent frame) is ω = J(φ)·dφ/dt, and dφ/dt = J(φ)⁻¹·ω. `inverse`
 * picks which; out[o..o+3) = J(φ)·v or J(φ)⁻¹·v with φ = p[i..), v = v[j..).
 *   J(φ)v  = v + (1 − cos θ)/θ² · φ×v + (θ − sin θ)/θ³ · φ×(φ×v)
 *   J⁻¹(φ)v = v − ½ φ×v + (1/θ² − (1 + cos θ)/(2θ sin θ)) · φ×(φ×v)
 */
export function jacobian(out, o, p, i, v, j, inverse) {
  const px = p[i],
    py = p[i + 1],
    pz = p[i + 2];
  const vx = v[j],
    vy = v[j + 1],
    vz = v[j + 2];
  const t2 = px * px + py * py + pz * pz;
  const t = Math.sqrt(t2);
  let a, b;
  if (inverse) {
    a = -0.5;
    b = t < 1e-3 ? 1 / 12 + t2 / 720 : 1 / t2 - (1 + Math.cos(t)) / (2 * t * Math.sin(t));
  } else {
    a = t < 1e-3 ? 0.5 - t2 / 24 : (1 - Math.cos(t)) / t2;
    b = t < 1e-3 ? 1 / 6 - t2 / 120 : (t - Math.sin(t)) / (t2 * t);
  }
  const cx = py * vz - pz * vy,
    cy = pz * vx - px * vz,
    cz = px * vy - py * vx; // φ×v
  const dx = py * cz - pz * cy,
    dy = pz * cx - px * cz,
    dz = px * cy - py * cx; // φ×(φ×v)
  out[o] = vx + a * cx + b * dx;
  out[o + 1] = vy + a * cy + b * dy;
  out[o + 2] = vz + a * cz + b * dz;
}

/** Angle in radians of the rotation between unit quaternions a[i..) and b[j..) (shorter arc). */
export function qangle(a, i, b, j) {
  // 2·atan2(|vector part|, |w|) of a·b⁻¹: accurate for small angles, where acos of the dot product is not
  const ax = a[i],
    ay = a[i + 1],
    az = a[i + 2],
    aw = a[i + 3];
  const bx = -b[j],
    by = -b[j + 1],
    bz = -b[j + 2],
    bw = b[j + 3];
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  return 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));
}
