// compare.mjs — two builds of the package side by side in one run (these machines are noisy):
// the per-call functions of the benchmark and a sample of the generated wrappers of each shape,
// and a batch update at 1 and 1024 elements, each timed round-robin against the other build;
// prints ns per update and the ratio (after / before, median of 7 interleaved samples).
//
//   node tests/bench/compare.mjs BEFORE_DIST [AFTER_DIST]   (AFTER_DIST defaults to dist/)
//
// BEFORE_DIST is a dist/ of another build, e.g. the one of main built in a second worktree.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { timeSideBySide } from './suite.mjs';

const [before = '', after = 'dist'] = process.argv.slice(2);
if (!before) {
  console.error('usage: node tests/bench/compare.mjs BEFORE_DIST [AFTER_DIST]');
  process.exit(2);
}
const load = async (dir) => {
  const sp = await import(pathToFileURL(resolve(dir, 'index.js')).href);
  await sp.init();
  return sp;
};
const builds = { before: await load(before), after: await load(after) };
const now = () => performance.now();
const M = 1024,
  mask = M - 1,
  h = 0.2,
  dt = 1 / 60;
const goals = Float64Array.from({ length: M }, (_, i) => Math.sin(i));
const many = (f) => Array.from({ length: M }, (_, i) => f(i));
const v3 = (i) => ({ x: Math.sin(i), y: Math.cos(i), z: 0.5 });
const v2 = (i) => ({ x: Math.sin(i), y: Math.cos(i) });
const quat = (i) => {
  const a = Math.sin(i);
  return { x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) };
};

/** Per-call cases of build `sp`: each does M updates, goals moving pass by pass. */
function perCall(sp) {
  let k = 0;
  const next = () => (k = (k + 7) & mask);
  const s1 = many(() => ({ x: 0, v: 0 })),
    s2 = many(() => ({ x: 0, v: 0 })),
    s3 = many(() => ({ x: 0, v: 0 })),
    chars = many(() => ({ x: 0, v: 0, a: 0 })),
    offs = many((i) => ({ x: goals[i], v: 0 })),
    outs = many(() => ({ x: 0, v: 0 })),
    rots = many(quat),
    avs = many(() => ({ x: 0, y: 0, z: 0 })),
    qgoals = many((i) => quat(i + 5)),
    ps = many(v3),
    vs = many(() => ({ x: 0, y: 0, z: 0 })),
    gs = many((i) => v3(i + 3)),
    p2 = many(v2),
    g2 = many((i) => v2(i + 3)),
    out3 = many(() => ({ x: 0, y: 0, z: 0 })),
    outq = many(() => ({ x: 0, y: 0, z: 0, w: 1 })),
    offX = many(() => ({ x: 0, y: 0, z: 0 })),
    offV = many(() => ({ x: 0, y: 0, z: 0 })),
    outV = many(() => ({ x: 0, y: 0, z: 0 }));
  const xs = Float64Array.from(goals);
  const loop = (f) => () => {
    const o = next();
    for (let i = 0; i < M; i++) f(i, (i + o) & mask);
  };
  return {
    damperExact: loop((i, j) => (xs[i] = sp.damperExact(xs[i], goals[j], h, dt))),
    criticalSpringDamperExact: loop((i, j) => sp.criticalSpringDamperExact(s1[i], goals[j], 0.5, h, dt)),
    springDamperExact: loop((i, j) => sp.springDamperExact(s2[i], goals[j], 0.5, 2, h, dt)),
    simpleSpringDamperExactQuat: loop((i, j) =>
      sp.simpleSpringDamperExactQuat(rots[i], avs[i], qgoals[j], h, dt),
    ),
    inertializeUpdate: loop((i, j) => sp.inertializeUpdate(outs[i], offs[i], goals[j], 0, h, dt)),
    springCharacterUpdate: loop((i, j) => sp.springCharacterUpdate(chars[i], goals[j], h, dt)),
    damperExactV3: loop((i, j) => sp.damperExactV3(ps[i], gs[j], h, dt)),
    simpleSpringDamperExactV2: loop((i, j) => sp.simpleSpringDamperExactV2(p2[i], v2(0), g2[j], h, dt)),
    extrapolateV3: loop((i) => sp.extrapolateV3(ps[i], vs[i], 0.5, dt)),
    quatMul: loop((i, j) => sp.quatMul(rots[i], qgoals[j], outq[i])),
    damperExactQuat: loop((i, j) => sp.damperExactQuat(rots[i], qgoals[j], h, dt)),
    inertializeUpdateV3: loop((i, j) =>
      sp.inertializeUpdateV3(out3[i], outV[i], offX[i], offV[i], gs[j], vs[i], h, dt),
    ),
    adjustCharacterPosition: loop((i, j) => sp.adjustCharacterPosition(ps[i], gs[j], h, dt, out3[i])),
    springIsAtRest: loop((i, j) => sp.springIsAtRest(s3[i], goals[j], 0, 1e-3, 1e-3)),
    lerp: loop((i, j) => (xs[i] = sp.lerp(xs[i], goals[j], 0.5))),
  };
}

/** Batch updates of build `sp` at N elements (one update per call: ns per element). */
function batch(sp, N) {
  const b = new sp.CriticalSpringDamperExactBatch(N, { halflife: h });
  b.goal.set(goals.subarray(0, N));
  const q = new sp.SimpleSpringDamperExactQuatBatch(N, { halflife: h });
  return { critical: () => b.update(dt), quat: () => q.update(dt) };
}

function compare(title, make, work) {
  const cases = {};
  for (const [build, sp] of Object.entries(builds))
    for (const [name, f] of Object.entries(make(sp))) cases[`${name}|${build}`] = f;
  const r = timeSideBySide(now, cases, work);
  console.log(`\n${title} (ns per update; after / before)`);
  for (const name of new Set(Object.keys(cases).map((c) => c.split('|')[0])))
    console.log(
      `  ${name.padEnd(30)} ${r[`${name}|before`].toFixed(1).padStart(8)} ${r[`${name}|after`].toFixed(1).padStart(8)}  ${(r[`${name}|after`] / r[`${name}|before`]).toFixed(2)}`,
    );
}

compare('per call', perCall, M);
for (const N of [1, 1024]) compare(`batch, N = ${N}`, (sp) => batch(sp, N), N);
