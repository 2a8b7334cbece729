/**
 * The rotations and matrices of sprung/three (three.ts), in double as three.js keeps them:
 * a rotation's offset from its goal as a scaled axis and back (the rotation spring steps the
 * offset), a rotation from a basis, a matrix taken apart into position, rotation and scale and
 * put together again, and the rotation that looks from one point at another. Every function
 * reads and writes numbers at offsets of Float64Arrays: no allocation per call.
 * @internal
 * @packageDocumentation
 */

/**
 * out[o..o+4) = the product a·b of the quaternions a = (ax, ay, az, aw) and b = (bx, by, bz, bw),
 * x, y, z, w (a conjugate is passed as −x, −y, −z, w).
 */
export function mul(
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
  out: Float64Array,
  o: number,
): void {
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/**
 * out[0..3) = 2·log(a·b⁻¹) on the shortest arc: the rotation from b to a as a scaled axis
 * (radians), where a = p[i..i+4) and b = q[i..i+4) are quaternions x, y, z, w; out[3] is
 * scratch.
 */
export function offsetOf(p: Float64Array, q: Float64Array, i: number, out: Float64Array): void {
  mul(p[i], p[i + 1], p[i + 2], p[i + 3], -q[i], -q[i + 1], -q[i + 2], q[i + 3], out, 0);
  const s = out[3] < 0 ? -1 : 1, // the shortest arc: w ≥ 0
    l = Math.hypot(out[0], out[1], out[2]),
    f = l > 0 ? (2 * s * Math.atan2(l, s * out[3])) / l : 0;
  for (let k = 0; k < 3; k++) out[k] *= f;
}

/** out[i..i+4) = exp(j/2)·g, normalised: the rotation at the scaled axis j = s[0..3) from the
 *  goal g = q[i..i+4). */
export function fromOffset(s: Float64Array, q: Float64Array, i: number, out: Float64Array): void {
  const angle = Math.hypot(s[0], s[1], s[2]),
    f = angle > 0 ? Math.sin(angle / 2) / angle : 0.5;
  mul(s[0] * f, s[1] * f, s[2] * f, Math.cos(angle / 2), q[i], q[i + 1], q[i + 2], q[i + 3], out, i);
  const n = Math.hypot(out[i], out[i + 1], out[i + 2], out[i + 3]);
  for (let k = i; k < i + 4; k++) out[k] /= n;
}

/** Scratch: a basis, a matrix (filled and read with no caller's code in between). */
const basis = /* @__PURE__ */ new Float64Array(9),
  work = /* @__PURE__ */ new Float64Array(16);

/**
 * q[i..i+4) = the unit quaternion of the rotation whose matrix has the columns m[c], m[c+1],
 * m[c+2] (unit vectors, at stride `s` in m: 4 in a column-major 4×4 matrix), from the largest
 * of its four candidates (trace, or a diagonal element), which never divides by a small number.
 */
export function basisToQuat(m: Float64Array, c: number, s: number, q: Float64Array, i: number): void {
  const m00 = m[c],
    m10 = m[c + 1],
    m20 = m[c + 2],
    m01 = m[c + s],
    m11 = m[c + s + 1],
    m21 = m[c + s + 2],
    m02 = m[c + 2 * s],
    m12 = m[c + 2 * s + 1],
    m22 = m[c + 2 * s + 2];
  const t = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (t > 0) {
    const r = 2 * Math.sqrt(1 + t);
    ((w = r / 4), (x = (m21 - m12) / r), (y = (m02 - m20) / r), (z = (m10 - m01) / r));
  } else if (m00 > m11 && m00 > m22) {
    const r = 2 * Math.sqrt(1 + m00 - m11 - m22);
    ((x = r / 4), (w = (m21 - m12) / r), (y = (m01 + m10) / r), (z = (m02 + m20) / r));
  } else if (m11 > m22) {
    const r = 2 * Math.sqrt(1 + m11 - m00 - m22);
    ((y = r / 4), (w = (m02 - m20) / r), (x = (m01 + m10) / r), (z = (m12 + m21) / r));
  } else {
    const r = 2 * Math.sqrt(1 + m22 - m00 - m11);
    ((z = r / 4), (w = (m10 - m01) / r), (x = (m02 + m20) / r), (y = (m12 + m21) / r));
  }
  q[i] = x;
  q[i + 1] = y;
  q[i + 2] = z;
  q[i + 3] = w;
}

/**
 * Takes the column-major 4×4 matrix m[0..16) apart into out[o..o+10): position (3), rotation
 * (quaternion, 4) and scale (3), the scale's x negative where the matrix mirrors. The rotation
 * is that of the columns divided by their scales.
 */
export function decompose(e: Float64Array, out: Float64Array, o: number): void {
  const m = work;
  m.set(e);
  const sx0 = Math.hypot(m[0], m[1], m[2]),
    sy = Math.hypot(m[4], m[5], m[6]),
    sz = Math.hypot(m[8], m[9], m[10]);
  // the determinant of the upper 3×3: negative where the matrix mirrors
  const det =
    m[0] * (m[5] * m[10] - m[6] * m[9]) -
    m[4] * (m[1] * m[10] - m[2] * m[9]) +
    m[8] * (m[1] * m[6] - m[2] * m[5]);
  out[o] = m[12];
  out[o + 1] = m[13];
  out[o + 2] = m[14];
  out[o + 7] = det < 0 ? -sx0 : sx0;
  out[o + 8] = sy;
  out[o + 9] = sz;
  for (let k = 0; k < 11; k++) if ((k & 3) < 3) m[k] /= out[o + 7 + (k >> 2)];
  basisToQuat(m, 0, 4, out, o + 3);
}

/** m[0..16) = the column-major matrix of position p[o..o+3), rotation p[o+3..o+7) and scale p[o+7..o+10). */
export function compose(p: Float64Array, o: number, m: Float64Array): void {
  const x = p[o + 3],
    y = p[o + 4],
    z = p[o + 5],
    w = p[o + 6],
    sx = p[o + 7],
    sy = p[o + 8],
    sz = p[o + 9];
  m[0] = (1 - 2 * (y * y + z * z)) * sx;
  m[1] = 2 * (x * y + w * z) * sx;
  m[2] = 2 * (x * z - w * y) * sx;
  m[4] = 2 * (x * y - w * z) * sy;
  m[5] = (1 - 2 * (x * x + z * z)) * sy;
  m[6] = 2 * (y * z + w * x) * sy;
  m[8] = 2 * (x * z + w * y) * sz;
  m[9] = 2 * (y * z - w * x) * sz;
  m[10] = (1 - 2 * (x * x + y * y)) * sz;
  m[3] = m[7] = m[11] = 0;
  m[12] = p[o];
  m[13] = p[o + 1];
  m[14] = p[o + 2];
  m[15] = 1;
}

/**
 * q[i..i+4) = the rotation whose +z axis points along f = a[0..3) (not zero) and whose +y axis
 * is as near `up` = a[3..6) as f allows (three.js's `lookAt` basis: x = up × f, y = f × x; an
 * `up` along f is nudged off it).
 */
export function lookRotation(a: Float64Array, q: Float64Array, i: number): void {
  let fx = a[0],
    fy = a[1],
    fz = a[2];
  const ux = a[3],
    uy = a[4],
    uz = a[5];
  let l = Math.hypot(fx, fy, fz);
  ((fx /= l), (fy /= l), (fz /= l));
  let xx = uy * fz - uz * fy,
    xy = uz * fx - ux * fz,
    xz = ux * fy - uy * fx;
  if (Math.hypot(xx, xy, xz) === 0) {
    // up along f: nudge f off it, as three.js does
    if (Math.abs(uz) === 1) fx += 1e-4;
    else fz += 1e-4;
    l = Math.hypot(fx, fy, fz);
    ((fx /= l), (fy /= l), (fz /= l));
    ((xx = uy * fz - uz * fy), (xy = uz * fx - ux * fz), (xz = ux * fy - uy * fx));
  }
  l = Math.hypot(xx, xy, xz);
  ((xx /= l), (xy /= l), (xz /= l));
  const b = basis;
  ((b[0] = xx), (b[1] = xy), (b[2] = xz), (b[6] = fx), (b[7] = fy), (b[8] = fz));
  ((b[3] = fy * xz - fz * xy), (b[4] = fz * xx - fx * xz), (b[5] = fx * xy - fy * xx));
  basisToQuat(b, 0, 3, q, i);
}
