// suite.mjs — the benchmark itself, shared by Node (run.mjs) and Chromium (browser.mjs).
// Every case of one size is timed round-robin, sample after sample, so that the ratios
// compare runs made side by side on this noisy shared machine; each figure is the median.

const LN2 = Math.LN2;
const SAMPLES = 5; // medians of 5 interleaved samples
const SAMPLE_MS = 15; // each sample repeats its case for about this long

/** Median of an array of numbers. */
function median(a) {
  const s = [...a].sort((p, q) => p - q);
  return s[s.length >> 1];
}

/** Times `cases` ({name: () => void}, each doing `work` updates per call) side by side; ns per update. */
function timeSideBySide(now, cases, work) {
  const names = Object.keys(cases);
  const reps = {};
  for (const n of names) {
    // calibrate: repetitions for about SAMPLE_MS per sample
    // warm up first (lazy WASM compilation and JIT tiers make the first calls slow), so
    // that a slow first call cannot shrink the repetitions below the clock's resolution
    const w0 = now();
    while (now() - w0 < SAMPLE_MS) cases[n]();
    let r = 1,
      t;
    for (;;) {
      const t0 = now();
      for (let i = 0; i < r; i++) cases[n]();
      t = now() - t0;
      if (t > SAMPLE_MS / 4 || r > 1 << 24) break;
      r *= 4;
    }
    reps[n] = Math.max(1, Math.round((r * SAMPLE_MS) / Math.max(t, 1e-3)));
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let s = 0; s < SAMPLES; s++)
    for (const n of names) {
      const f = cases[n],
        r = reps[n],
        t0 = now();
      for (let i = 0; i < r; i++) f();
      samples[n].push(((now() - t0) * 1e6) / (r * work));
    }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

/** A raw instance of one build, for timing the kernels of both builds in one run. */
async function instantiate(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: { emscripten_notify_memory_growth() {} },
    wasi_snapshot_preview1: {},
  });
  const w = { ...instance.exports };
  if (w._initialize) w._initialize();
  // the module has no malloc (the package's loader owns the heap): a bump allocator above
  // __heap_base, growing the memory as needed, is enough for the benchmark's arrays
  let top = Math.ceil(w.__heap_base.value / 16) * 16;
  w.malloc = (bytes) => {
    const p = top;
    top += Math.ceil(bytes / 16) * 16;
    const pages = Math.ceil(top / 65536) - w.memory.buffer.byteLength / 65536;
    if (pages > 0) w.memory.grow(pages);
    return p;
  };
  w.free = () => {};
  return w;
}

/** The critical spring with goal velocity as a plain JS loop over Float32Arrays, shared halflife. */
function jsCriticalLoop(x, v, g, q, halflife, dt, n) {
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

// ---- the pose inertializer in plain TS/JS, the same algorithm as c/batch_pose.c ----------

function jsDecay(off, i, j, e, y, dt, ydt) {
  const ej1 = e * (off[j] + off[i] * y);
  off[i] = e * off[i] + ej1 * dt;
  off[j] = e * off[j] - ej1 * ydt;
}
/** Pose inertializer update in plain JS (layout of poseLayout): decay offsets, out = in + off. */
function jsPoseUpdate(out, off, inp, halflife, dt, n) {
  const y = (2 * LN2) / halflife,
    e = Math.exp(-y * dt),
    ydt = y * dt;
  const R = 6 * n,
    W = 10 * n;
  for (let j = 0; j < 3 * n; j++) jsDecay(off, j, 3 * n + j, e, y, dt, ydt);
  for (let b = 0; b < n; b++) {
    const r = R + 4 * b,
      w = W + 3 * b;
    // offset rotation as scaled angle axis (2·log q, shortest arc)
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
    const k = s > 0 ? (2 * Math.atan2(s, qw)) / s : 2;
    let ax = qx * k,
      ay = qy * k,
      az = qz * k;
    const ejx = e * (off[w] + ax * y),
      ejy = e * (off[w + 1] + ay * y),
      ejz = e * (off[w + 2] + az * y);
    ax = e * ax + ejx * dt;
    ay = e * ay + ejy * dt;
    az = e * az + ejz * dt;
    off[w] = e * off[w] - ejx * ydt;
    off[w + 1] = e * off[w + 1] - ejy * ydt;
    off[w + 2] = e * off[w + 2] - ejz * ydt;
    // back to a quaternion: exp(axis / 2), normalised
    const half = 0.5 * Math.sqrt(ax * ax + ay * ay + az * az);
    const sk = half > 1e-4 ? Math.sin(half) / half : 1 - (half * half) / 6;
    qx = 0.5 * sk * ax;
    qy = 0.5 * sk * ay;
    qz = 0.5 * sk * az;
    qw = Math.cos(half);
    const len = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    off[r] = qx / len;
    off[r + 1] = qy / len;
    off[r + 2] = qz / len;
    off[r + 3] = qw / len;
    // out rotation = off · in
    const ix = inp[r],
      iy = inp[r + 1],
      iz = inp[r + 2],
      iw = inp[r + 3];
    const ox = off[r],
      oy = off[r + 1],
      oz = off[r + 2],
      ow = off[r + 3];
    out[r] = ow * ix + ox * iw + oy * iz - oz * iy;
    out[r + 1] = ow * iy - ox * iz + oy * iw + oz * ix;
    out[r + 2] = ow * iz + ox * iy - oy * ix + oz * iw;
    out[r + 3] = ow * iw - ox * ix - oy * iy - oz * iz;
  }
  for (let j = 0; j < 6 * n; j++) out[j] = inp[j] + off[j];
  for (let j = W; j < W + 3 * n; j++) out[j] = inp[j] + off[j];
}

/**
 * Runs every benchmark. `env`: { sprung (the package, initialised), bytes: {scalar, simd}
 * (the two .wasm builds), damp (maath/easing damp), spring (motion's spring), now (ms
 * clock), log, sizes }.
 */
export async function runSuite(env) {
  const { sprung, damp, spring, now, log } = env;
  const raw = { scalar: await instantiate(env.bytes.scalar), simd: await instantiate(env.bytes.simd) };
  const h = 0.2,
    dt = 1 / 60,
    smoothTime = h / LN2; // SmoothDamp's smoothTime ≈ halflife / ln 2
  const stiffness = ((4 * LN2) / h) ** 2 / 4; // critical: damping² = 4·stiffness, damping = 4 ln2 / h
  const springs = [];

  for (const N of env.sizes) {
    // raw arrays in both builds: x, v, g, q, h (per element), shared halflife
    const arrays = {};
    for (const [name, w] of Object.entries(raw)) {
      const p = w.malloc(N * 20 + 16);
      const f = new Float32Array(w.memory.buffer, p, N * 5);
      for (let i = 0; i < N; i++) {
        f[2 * N + i] = Math.sin(i);
        f[3 * N + i] = (i % 7) * 0.1;
        f[4 * N + i] = h;
      }
      const hp = w.malloc(4);
      new Float32Array(w.memory.buffer, hp, 1)[0] = h;
      arrays[name] = { p, hp };
    }
    const k = (name, per, kernel) => {
      const w = raw[name],
        { p, hp } = arrays[name];
      if (kernel === 'simple')
        return () => w.sp_simple_spring_damper_exact_batch(p, p + 4 * N, p + 8 * N, hp, 0, dt, N, 1);
      return () =>
        w.sp_critical_spring_damper_exact_batch(
          p,
          p + 4 * N,
          p + 8 * N,
          p + 12 * N,
          per ? p + 16 * N : hp,
          per,
          dt,
          N,
          1,
        );
    };
    const jx = new Float32Array(N),
      jv = new Float32Array(N),
      jg = new Float32Array(N),
      jq = new Float32Array(N);
    for (let i = 0; i < N; i++) {
      jg[i] = Math.sin(i);
      jq[i] = (i % 7) * 0.1;
    }
    const pkg = new sprung.CriticalSpringDamperExactBatch(N, { halflife: h });
    pkg.goal.set(jg);
    pkg.goalVelocity.set(jq);

    const cases = {
      simd: k('simd', 0),
      scalar: k('scalar', 0),
      simdPerElement: k('simd', 1),
      scalarPerElement: k('scalar', 1),
      simdSimple: k('simd', 0, 'simple'),
      scalarSimple: k('scalar', 0, 'simple'),
      package: () => pkg.update(dt),
      jsLoop: () => jsCriticalLoop(jx, jv, jg, jq, h, dt, N),
    };
    // per-object JS allocates an object (and a generator) per spring: capped to keep memory sane
    if (N <= 1 << 20) {
      const objs = Array.from({ length: N }, () => ({ x: 0 }));
      cases.maathDamp = () => {
        for (let i = 0; i < N; i++) damp(objs[i], 'x', jg[i], smoothTime, dt);
      };
    }
    if (N <= 1 << 16) {
      const gens = Array.from({ length: N }, (_, i) =>
        spring({ keyframes: [0, jg[i]], stiffness, damping: 2 * Math.sqrt(stiffness), mass: 1 }),
      );
      let t = 0;
      cases.motionSpring = () => {
        t += 1000 * dt;
        for (let i = 0; i < N; i++) gens[i].next(t);
      };
    }
    const r = timeSideBySide(now, cases, N);
    pkg.dispose();
    for (const [name, w] of Object.entries(raw)) {
      w.free(arrays[name].p);
      w.free(arrays[name].hp);
    }
    springs.push({ N, ns: r });
    log(
      `  N=${N}: ` +
        Object.entries(r)
          .map(([n, v]) => `${n} ${v.toFixed(2)}`)
          .join(', '),
    );
  }

  // the scalar state-object API against maath's damp, one call per update
  const M = 1024,
    states = Array.from({ length: M }, () => ({ x: 0, v: 0 })),
    objs = Array.from({ length: M }, () => ({ x: 0 }));
  const goals = Float64Array.from({ length: M }, (_, i) => Math.sin(i));
  const chars = Array.from({ length: M }, () => ({ x: 0, v: 0, a: 0 }));
  const offs = Array.from({ length: M }, (_, i) => ({ x: goals[i], v: 0 })),
    outs = Array.from({ length: M }, () => ({ x: 0, v: 0 }));
  const rots = Array.from({ length: M }, () => ({ x: 0, y: 0, z: 0, w: 1 })),
    avels = Array.from({ length: M }, () => ({ x: 0, y: 0, z: 0 }));
  const qgoals = Array.from({ length: M }, (_, i) => {
    const a = goals[i];
    return { x: Math.sin(a / 2), y: 0, z: 0, w: Math.cos(a / 2) };
  });
  const xs = Float64Array.from(goals);
  const perCall = timeSideBySide(
    now,
    {
      sprungCritical: () => {
        for (let i = 0; i < M; i++) sprung.criticalSpringDamperExact(states[i], goals[i], 0, h, dt);
      },
      sprungSimple: () => {
        for (let i = 0; i < M; i++) sprung.simpleSpringDamperExact(states[i], goals[i], h, dt);
      },
      sprungDamperExact: () => {
        for (let i = 0; i < M; i++) xs[i] = sprung.damperExact(xs[i], goals[i], h, dt);
      },
      sprungSpringDamperExact: () => {
        for (let i = 0; i < M; i++) sprung.springDamperExact(states[i], goals[i], 0, 2, h, dt);
      },
      sprungQuatSpring: () => {
        for (let i = 0; i < M; i++) sprung.simpleSpringDamperExactQuat(rots[i], avels[i], qgoals[i], h, dt);
      },
      sprungCharacter: () => {
        for (let i = 0; i < M; i++) sprung.springCharacterUpdate(chars[i], goals[i], h, dt);
      },
      sprungInertialize: () => {
        for (let i = 0; i < M; i++) sprung.inertializeUpdate(outs[i], offs[i], goals[i], 0, h, dt);
      },
      maathDamp: () => {
        for (let i = 0; i < M; i++) damp(objs[i], 'x', goals[i], smoothTime, dt);
      },
    },
    M,
  );
  log(
    '  per call: ' +
      Object.entries(perCall)
        .map(([n, v]) => `${n} ${v.toFixed(2)}`)
        .join(', '),
  );

  // pose inertializer update, 64 bones
  const B = 64,
    L = sprung.poseLayout(B);
  const mkPose = (seed) => {
    const p = new Float32Array(L.length);
    for (let j = 0; j < L.length; j++) p[j] = Math.sin(seed + j);
    for (let r = L.rotations; r < L.angularVelocities; r += 4) {
      const n = Math.hypot(p[r], p[r + 1], p[r + 2], p[r + 3]);
      for (let c = 0; c < 4; c++) p[r + c] /= n;
    }
    return p;
  };
  const src = mkPose(1),
    dst = mkPose(2);
  const inert = new sprung.PoseInertializer(B, { halflife: h });
  const jsOff = new Float32Array(L.length),
    jsOut = new Float32Array(L.length);
  // a huge halflife keeps the offsets alive (not decayed to zero) through the timing
  const slow = 1e6;
  inert.halflife = slow;
  inert.transition(src, dst);
  jsOff.set(inert.offset);
  inert.input.set(dst);
  // the cubic pose inertializer, with a blend time long enough to stay mid-blend
  const cubic = new sprung.CubicPoseInertializer(B, { blendtime: 1e6 });
  cubic.transition(src, dst);
  cubic.input.set(dst);
  const pose = timeSideBySide(
    now,
    {
      sprung: () => inert.update(inert.input, dt),
      sprungCopyingInput: () => inert.update(dst, dt),
      sprungCubic: () => cubic.update(cubic.input, dt),
      plainJs: () => jsPoseUpdate(jsOut, jsOff, dst, slow, dt, B),
    },
    B,
  );
  inert.dispose();
  cubic.dispose();
  log(
    '  pose (ns per bone): ' +
      Object.entries(pose)
        .map(([n, v]) => `${n} ${v.toFixed(2)}`)
        .join(', '),
  );

  return { springs, perCall, pose64: pose };
}
