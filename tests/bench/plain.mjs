// plain.mjs — the benchmark's baselines: each algorithm sprung runs, written the way a
// developer would write it in plain JS (double arithmetic, Math.exp/atan2/sin/cos, no
// WebAssembly), so that each sprung figure has a ratio to the same algorithm in JS.
// They are baselines for speed, not oracles (the tests have their own).

const LN2 = Math.LN2;

// ---- the critical spring -------------------------------------------------------------------

/** Critical spring with goal velocity over Float32Arrays, shared halflife. */
export function criticalLoop(x, v, g, q, halflife, dt, n) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt),
    ydt = y * dt;
  for (let i = 0; i < n; i++) {
    const c = g[i] + (2 * q[i]) / y,
      x0 = x[i] - c;
    const ej1 = e * (v[i] + x0 * y);
    x[i] = e * x0 + ej1 * dt + c;
    v[i] = e * v[i] - ej1 * ydt;
  }
}

/** The same with a halflife per element. */
export function criticalLoopPerElement(x, v, g, q, h, dt, n) {
  for (let i = 0; i < n; i++) {
    const y = (2 * LN2) / h[i],
      e = Math.exp(-y * dt);
    const c = g[i] + (2 * q[i]) / y,
      x0 = x[i] - c;
    const ej1 = e * (v[i] + x0 * y);
    x[i] = e * x0 + ej1 * dt + c;
    v[i] = e * v[i] - ej1 * y * dt;
  }
}

/** One critical spring step on a `{x, v}` state. */
export function critical(state, goal, goalVelocity, halflife, dt) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt);
  const c = goal + (2 * goalVelocity) / y,
    x0 = state.x - c;
  const ej1 = e * (state.v + x0 * y);
  state.x = e * x0 + ej1 * dt + c;
  state.v = e * state.v - ej1 * y * dt;
  return state;
}

/** The spring inertializer's update: decay the offset, add it to the input. */
export function inertializeUpdate(out, off, inX, inV, halflife, dt) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt);
  const ej1 = e * (off.v + off.x * y);
  off.x = e * off.x + ej1 * dt;
  off.v = e * off.v - ej1 * y * dt;
  out.x = inX + off.x;
  out.v = inV + off.v;
  return out;
}

// ---- the general spring (every regime) -------------------------------------------------------

/** One step of the exact spring by frequency (Hz) and halflife, in every regime: the closed
 *  form around the rest point c = g + d·q/s with the basis C(t), S(t) of the regime. */
export function springDamperExact(state, goal, goalVelocity, frequency, halflife, dt) {
  const s = (2 * Math.PI * frequency) ** 2,
    d = (4 * LN2) / halflife,
    y = d / 2;
  const c = goal + (d * goalVelocity) / s,
    u = state.x - c,
    v0 = state.v;
  const w2 = s - y * y,
    e = Math.exp(-y * dt);
  let C, S;
  if (w2 > 1e-9) {
    const w = Math.sqrt(w2);
    C = e * Math.cos(w * dt);
    S = (e * Math.sin(w * dt)) / w;
  } else if (w2 < -1e-9) {
    const w = Math.sqrt(-w2);
    C = e * Math.cosh(w * dt);
    S = (e * Math.sinh(w * dt)) / w;
  } else {
    C = e;
    S = e * dt;
  }
  state.x = c + u * C + (v0 + y * u) * S;
  state.v = v0 * C - (s * u + y * v0) * S;
  return state;
}

// ---- quaternions ----------------------------------------------------------------------------

/** The critical spring on a rotation toward `goal`: 2·log of the offset (shortest arc),
 *  decayed like the scalar spring, mapped back by the exponential. */
export function quatSpring(rot, avel, goal, halflife, dt) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt),
    ydt = y * dt;
  // d = rot · goal⁻¹
  const gx = -goal.x,
    gy = -goal.y,
    gz = -goal.z,
    gw = goal.w;
  const { x: ax, y: ay, z: az, w: aw } = rot;
  let dx = aw * gx + ax * gw + ay * gz - az * gy,
    dy = aw * gy - ax * gz + ay * gw + az * gx,
    dz = aw * gz + ax * gy - ay * gx + az * gw,
    dw = aw * gw - ax * gx - ay * gy - az * gz;
  if (dw < 0) {
    dx = -dx;
    dy = -dy;
    dz = -dz;
    dw = -dw;
  }
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const k = l > 1e-12 ? (2 * Math.atan2(l, dw)) / l : 2;
  let jx = dx * k,
    jy = dy * k,
    jz = dz * k;
  const ex = e * (avel.x + jx * y),
    ey = e * (avel.y + jy * y),
    ez = e * (avel.z + jz * y);
  jx = e * jx + ex * dt;
  jy = e * jy + ey * dt;
  jz = e * jz + ez * dt;
  avel.x = e * avel.x - ex * ydt;
  avel.y = e * avel.y - ey * ydt;
  avel.z = e * avel.z - ez * ydt;
  const half = 0.5 * Math.sqrt(jx * jx + jy * jy + jz * jz);
  const sk = half > 1e-6 ? Math.sin(half) / half : 1;
  const px = 0.5 * sk * jx,
    py = 0.5 * sk * jy,
    pz = 0.5 * sk * jz,
    pw = Math.cos(half);
  // rot = exp · goal, normalised
  const qx = pw * goal.x + px * goal.w + py * goal.z - pz * goal.y,
    qy = pw * goal.y - px * goal.z + py * goal.w + pz * goal.x,
    qz = pw * goal.z + px * goal.y - py * goal.x + pz * goal.w,
    qw = pw * goal.w - px * goal.x - py * goal.y - pz * goal.z;
  const il = 1 / Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
  rot.x = qx * il;
  rot.y = qy * il;
  rot.z = qz * il;
  rot.w = qw * il;
  return rot;
}

// ---- pose inertializers (layout of poseLayout: positions, velocities, rotations, angular velocities)
// Written without temporary arrays or objects (no allocation per bone), as fast JS would be.

/** The output of bone b for a rotation offset o (unit quaternion) with angular velocity w:
 *  rotation o·in, angular velocity w + o·in_v·o⁻¹ (the C kernels' world-frame rule). */
function applyOffset(out, inp, r, w, ox, oy, oz, ow, wx, wy, wz) {
  const ix = inp[r],
    iy = inp[r + 1],
    iz = inp[r + 2],
    iw = inp[r + 3];
  out[r] = ow * ix + ox * iw + oy * iz - oz * iy;
  out[r + 1] = ow * iy - ox * iz + oy * iw + oz * ix;
  out[r + 2] = ow * iz + ox * iy - oy * ix + oz * iw;
  out[r + 3] = ow * iw - ox * ix - oy * iy - oz * iz;
  // v + 2w·(u × v) + 2u × (u × v), u = (ox, oy, oz)
  const vx = inp[w],
    vy = inp[w + 1],
    vz = inp[w + 2];
  const tx = 2 * (oy * vz - oz * vy),
    ty = 2 * (oz * vx - ox * vz),
    tz = 2 * (ox * vy - oy * vx);
  out[w] = wx + vx + ow * tx + (oy * tz - oz * ty);
  out[w + 1] = wy + vy + ow * ty + (oz * tx - ox * tz);
  out[w + 2] = wz + vz + ow * tz + (ox * ty - oy * tx);
}

/** Spring pose inertializer update: decay the offsets (rotations through their log), then
 *  out = in + offset (rotations: offset · in). */
export function poseUpdate(out, off, inp, halflife, dt, n) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt),
    ydt = y * dt;
  const R = 6 * n,
    W = 10 * n;
  for (let j = 0; j < 3 * n; j++) {
    const ej1 = e * (off[3 * n + j] + off[j] * y);
    off[j] = e * off[j] + ej1 * dt;
    off[3 * n + j] = e * off[3 * n + j] - ej1 * ydt;
  }
  for (let j = 0; j < 6 * n; j++) out[j] = inp[j] + off[j];
  for (let b = 0; b < n; b++) {
    const r = R + 4 * b,
      w = W + 3 * b;
    // the offset rotation as a scaled angle-axis: 2·log(q), shortest arc
    let qx = off[r],
      qy = off[r + 1],
      qz = off[r + 2],
      qw = off[r + 3];
    if (qw < 0) {
      qx = -qx;
      qy = -qy;
      qz = -qz;
      qw = -qw;
    }
    const s = Math.sqrt(qx * qx + qy * qy + qz * qz);
    const k = s > 1e-12 ? (2 * Math.atan2(s, qw)) / s : 2;
    let ax = qx * k,
      ay = qy * k,
      az = qz * k;
    // the critical decay of the angle-axis and the angular velocity
    const ejx = e * (off[w] + ax * y),
      ejy = e * (off[w + 1] + ay * y),
      ejz = e * (off[w + 2] + az * y);
    ax = e * ax + ejx * dt;
    ay = e * ay + ejy * dt;
    az = e * az + ejz * dt;
    const wx = e * off[w] - ejx * ydt,
      wy = e * off[w + 1] - ejy * ydt,
      wz = e * off[w + 2] - ejz * ydt;
    // back to a unit quaternion: exp(axis/2), normalised
    const half = 0.5 * Math.sqrt(ax * ax + ay * ay + az * az);
    const sk = half > 1e-6 ? Math.sin(half) / half : 1;
    let ox = 0.5 * sk * ax,
      oy = 0.5 * sk * ay,
      oz = 0.5 * sk * az,
      ow = Math.cos(half);
    const il = 1 / Math.sqrt(ox * ox + oy * oy + oz * oz + ow * ow);
    ox *= il;
    oy *= il;
    oz *= il;
    ow *= il;
    off[r] = ox;
    off[r + 1] = oy;
    off[r + 2] = oz;
    off[r + 3] = ow;
    off[w] = wx;
    off[w + 1] = wy;
    off[w + 2] = wz;
    applyOffset(out, inp, r, w, ox, oy, oz, ow, wx, wy, wz);
  }
}

/** Cubic pose inertializer update at time t since the transition: positions per component by
 *  the cubic (1−τ)²·(d + (2d + v·T)·τ), rotations by the same cubic on the log of their
 *  offset, mapped back and applied on the left. */
export function cubicPoseUpdate(out, off, inp, T, t, n) {
  const R = 6 * n,
    W = 10 * n;
  const done = t >= T,
    tau = done ? 1 : t / T,
    u = 1 - tau;
  for (let j = 0; j < 3 * n; j++) {
    const d = off[j],
      v = off[3 * n + j];
    out[j] = inp[j] + (done ? 0 : u * u * (d + (2 * d + v * T) * tau));
    out[3 * n + j] = inp[3 * n + j] + (done ? 0 : u * (v * (1 - 3 * tau) - (6 * d * tau) / T));
  }
  for (let b = 0; b < n; b++) {
    const r = R + 4 * b,
      w = W + 3 * b;
    let qx = off[r],
      qy = off[r + 1],
      qz = off[r + 2],
      qw = off[r + 3];
    if (qw < 0) {
      qx = -qx;
      qy = -qy;
      qz = -qz;
      qw = -qw;
    }
    const s = Math.sqrt(qx * qx + qy * qy + qz * qz);
    const k = s > 1e-12 ? (2 * Math.atan2(s, qw)) / s : 2;
    const jx = qx * k,
      jy = qy * k,
      jz = qz * k,
      vx = off[w],
      vy = off[w + 1],
      vz = off[w + 2];
    const ax = done ? 0 : u * u * (jx + (2 * jx + vx * T) * tau),
      ay = done ? 0 : u * u * (jy + (2 * jy + vy * T) * tau),
      az = done ? 0 : u * u * (jz + (2 * jz + vz * T) * tau);
    const wx = done ? 0 : u * (vx * (1 - 3 * tau) - (6 * jx * tau) / T),
      wy = done ? 0 : u * (vy * (1 - 3 * tau) - (6 * jy * tau) / T),
      wz = done ? 0 : u * (vz * (1 - 3 * tau) - (6 * jz * tau) / T);
    const half = 0.5 * Math.sqrt(ax * ax + ay * ay + az * az);
    const sk = half > 1e-6 ? Math.sin(half) / half : 1;
    applyOffset(out, inp, r, w, 0.5 * sk * ax, 0.5 * sk * ay, 0.5 * sk * az, Math.cos(half), wx, wy, wz);
  }
}

// ---- transition cost landscapes -------------------------------------------------------------

/** The spring's exact displacement ∫|offset| over a grid (x across, v up), row-major. */
export function springLandscape(out, nx, ny, xMin, xMax, vMin, vMax, halflife) {
  const y = (2 * LN2) / halflife;
  for (let j = 0; j < ny; j++) {
    const v = vMin + ((vMax - vMin) * j) / (ny - 1);
    for (let i = 0; i < nx; i++) {
      const x = xMin + ((xMax - xMin) * i) / (nx - 1);
      const a = x,
        jj = a + v / y;
      let r;
      if ((a > 0 && jj < 0) || (a < 0 && jj > 0)) {
        const aj = Math.abs(jj);
        r = Math.abs(a) - aj + 2 * aj * Math.exp(a / jj);
      } else r = Math.abs(a + jj);
      out[j * nx + i] = r / y;
    }
  }
}

/** Dead blending's exact displacement over a grid: the offset P(τ)·(x + w·E(τ)) with
 *  P = (1−τ)²(1+2τ), E = (1 − e^(−kτ))/k, integrated in closed form and split at its zero. */
export function deadLandscape(out, nx, ny, xMin, xMax, vMin, vMax, halflife, blendtime) {
  const k = (LN2 * blendtime) / halflife;
  const E = (t) => (k === 0 ? t : -Math.expm1(-k * t) / k);
  const Pi = (t) => t - t * t * t + 0.5 * t ** 4;
  // Q(τ) = ∫₀^τ P·E: a series for small k (term by term against P = 1 − 3s² + 2s³), by parts beyond
  const coef = new Float64Array(24);
  for (let n = 1, c = 1; n <= 18; n++, c *= -k / n) {
    coef[n + 1] += c / (n + 1);
    coef[n + 3] -= (3 * c) / (n + 3);
    coef[n + 4] += (2 * c) / (n + 4);
  }
  const Q = (t) => {
    if (k <= 2) {
      let s = 0;
      for (let m = 23; m >= 2; m--) s = s * t + coef[m];
      return s * t * t;
    }
    const ik = 1 / k,
      u = 1 - t;
    const p = u * u * (1 + 2 * t),
      dp = 6 * t * (t - 1),
      ddp = 12 * t - 6;
    const r0 = ik - 6 * ik ** 3 + 12 * ik ** 4;
    const rt = Math.exp(-k * t) * (p * ik + dp * ik * ik + ddp * ik ** 3 + 12 * ik ** 4);
    return (Pi(t) - r0 + rt) * ik;
  };
  const e1 = E(1),
    q1 = Q(1);
  for (let j = 0; j < ny; j++) {
    const w = (vMin + ((vMax - vMin) * j) / (ny - 1)) * blendtime;
    for (let i = 0; i < nx; i++) {
      const x = xMin + ((xMax - xMin) * i) / (nx - 1);
      const whole = 0.5 * x + w * q1,
        end = x + w * e1;
      let r;
      if ((x > 0 && end < 0) || (x < 0 && end > 0)) {
        const tau = k === 0 ? -x / w : -Math.log1p((k * x) / w) / k;
        const head = x * Pi(tau) + w * Q(tau);
        r = Math.abs(head) + Math.abs(whole - head);
      } else r = Math.abs(whole);
      out[j * nx + i] = r * blendtime;
    }
  }
}
