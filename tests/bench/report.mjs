// report.mjs — the benchmark's result (tests/bench/results/latest.json) as Markdown tables,
// Node / Chromium side by side: printed by run.mjs and written into the README by readme.mjs.

const num = (v) =>
  v === undefined || Number.isNaN(v)
    ? '—'
    : v >= 100
      ? v.toFixed(0)
      : v >= 10
        ? v.toFixed(1)
        : v >= 1
          ? v.toFixed(2)
          : v.toFixed(3);
const times = (v) => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(v >= 10 ? 0 : 1)}×`);
const both = (r, f, fmt = num) => `${fmt(f(r.node))} / ${r.chromium ? fmt(f(r.chromium)) : '—'}`;
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((c) => `| ${c.join(' | ')} |`),
  ].join('\n');
const engines = (r) => [r.node, r.chromium].filter(Boolean);
const ok = (pass) => (pass ? 'yes' : '**no**');

/** The batch at size N of one engine's result. */
const at = (e, N) => e?.batch?.find((b) => b.N === N)?.ns;
const bigN = (r) => Math.max(...r.node.batch.map((b) => b.N));

/** Each target of issue 13, measured in both engines, and what limits it when it is missed. */
function targetRows(r) {
  const rows = [];
  const E = engines(r);
  // name, figure of an engine, format, target, met in an engine, the limit (figures of Node and Chromium)
  const add = (name, f, fmt, target, pass, limit) =>
    rows.push({
      name,
      figure: both(r, f, fmt),
      target,
      met: E.every(pass),
      limit: limit && (() => limit(...E)),
    });
  const ns = (v) => `${num(v)} ns`;
  // a figure of both engines in a sentence: "1.67 / 1.90 ns (Node / Chromium)"
  const two = (f, unit = ' ns') => `${both(r, f)}${unit} (Node / Chromium)`;
  if (r.node.batch) {
    const N = r.node.batch.some((b) => b.N === 65536) ? 65536 : r.node.batch.at(-1).N;
    const b = (e) => at(e, N);
    add(
      `per-element halflife batch, ns per spring (N = ${N.toLocaleString('en')})`,
      (e) => b(e)?.simdPerElement,
      num,
      '≤ 0.9',
      (e) => b(e).simdPerElement <= 0.9,
      () =>
        `each element needs its own e^(−y·dt) (and 1/halflife, and the series of the goal-velocity term): ` +
        `with 128-bit WebAssembly SIMD and no fused multiply-add, the exponential alone, vectorised, ` +
        `costs ${two((e) => b(e).expFloor)} per element, ${two((e) => b(e).expFloor / b(e).simd, '×')} the whole ` +
        `shared-halflife batch, measured in the same run by a kernel that computes nothing else`,
    );
    add(
      `per-element / shared halflife (N = ${N.toLocaleString('en')})`,
      (e) => b(e)?.simdPerElement / b(e)?.simd,
      times,
      '≤ 3.5×',
      (e) => b(e).simdPerElement / b(e).simd <= 3.5,
      () => 'the same floor: the exponential per element',
    );
    const B = bigN(r);
    const lim = (e) => at(e, B).simd / at(e, B).stream;
    add(
      `${B.toLocaleString('en')} springs: batch / streaming limit`,
      lim,
      (v) => (v === undefined ? '—' : `${v.toFixed(2)}×`),
      '≤ 1.2×',
      (e) => lim(e) <= 1.2,
      () =>
        `main memory: a kernel that only moves the same bytes takes ${two((e) => at(e, B).stream)} per spring`,
    );
  }
  const c = (e) => e.perCall;
  if (r.node.perCall) {
    add(
      '`simpleSpringDamperExactQuat`, ns per call',
      (e) => c(e).simpleSpringDamperExactQuat,
      num,
      '≤ 50',
      (e) => c(e).simpleSpringDamperExactQuat <= 50,
      () =>
        `the step is one chain of dependent operations (a square root, atan2 and a division for the log ` +
        `map; a square root, sin/cos and the normalisation for the exp map), in double: the C call on ` +
        `float state alone, with its inputs copied and no checks, costs ${two((e) => c(e).quatRawCall)}; ` +
        `plain JS with Math.atan2/sin/cos, unchecked, ${two((e) => c(e).quatSpringJs)}`,
    );
    const spring = (e) => Math.max(c(e).springDamperExactUnder, c(e).springDamperExactOver);
    add(
      '`springDamperExact` (under / over damped, the slower), ns per call',
      spring,
      num,
      '≤ 20',
      (e) => spring(e) <= 20,
      () => 'a step in double on cached coefficients, with the checks of seven arguments',
    );
    rows.push({
      name: '`criticalSpringDamperExact`, ns per call',
      figure: both(r, (e) => c(e).criticalSpringDamperExact),
      target: '≤ 12 in Node',
      met: c(r.node).criticalSpringDamperExact <= 12,
      limit: () =>
        `the step without its checks costs ${ns(c(r.node).criticalStepNoChecks)} in Node (the checks ` +
        `${ns(c(r.node).criticalSpringDamperExact - c(r.node).criticalStepNoChecks)})`,
    });
    add(
      '`inertializeUpdate`, ns per call',
      (e) => c(e).inertializeUpdate,
      num,
      '≤ 15',
      (e) => c(e).inertializeUpdate <= 15,
      () => 'a decay step and two sums in double, with the checks of six arguments',
    );
  }
  const p = (e) => e.pose;
  if (r.node.pose) {
    add(
      '`CubicPoseInertializer` update, ns per bone',
      (e) => p(e).cubic,
      num,
      '≤ 25',
      (e) => p(e).cubic <= 25,
      () => 'the log and exp maps of every rotation offset, every frame',
    );
    add(
      '`PoseInertializer` update, 64 bones: plain JS / sprung',
      (e) => p(e).springJs / p(e).spring,
      times,
      '≥ 6×',
      (e) => p(e).springJs / p(e).spring >= 6,
      () => 'the log and exp maps of the rotation offsets (atan2, sin/cos) dominate',
    );
    add(
      'settled pose / fresh pose',
      (e) => p(e).springSettled / p(e).spring,
      (v) => `${v.toFixed(2)}×`,
      '≤ 1.5×',
      (e) => p(e).springSettled / p(e).spring <= 1.5,
    );
  }
  const l = (e) => e.landscape;
  if (r.node.landscape) {
    add(
      '512² exact cost landscape, spring, ms',
      (e) => l(e).spring,
      num,
      '≤ 1',
      (e) => l(e).spring <= 1,
      () => 'an exponential per cell',
    );
    add(
      '512² exact cost landscape, dead blending, ms',
      (e) => l(e).deadBlending,
      num,
      '≤ 2',
      (e) => l(e).deadBlending <= 2,
      () => 'a logarithm, two divisions and the closed-form integral per cell',
    );
  }
  return rows;
}

/** The targets as a table, and what limits each one that is missed. */
function targets(r) {
  const rows = targetRows(r);
  const missed = rows.filter((t) => !t.met && t.limit);
  return (
    table(
      ['path (Node / Chromium)', 'measured', 'target', 'met'],
      rows.map((t) => [t.name, t.figure, t.target, ok(t.met)]),
    ) +
    (missed.length
      ? '\n\nWhere a target is missed, what limits it:\n\n' +
        missed.map((t) => `- ${t.name}: ${t.limit()}.`).join('\n')
      : '')
  );
}

function batchTable(r) {
  const rows = r.node.batch.map(({ N }) => {
    const f = (g) => both(r, (e) => g(at(e, N)));
    const ratio = (g) => both(r, (e) => g(at(e, N)), times);
    return [
      N.toLocaleString('en'),
      f((b) => b.simd),
      f((b) => b.simdPerElement),
      f((b) => b.expFloor),
      f((b) => b.stream),
      both(
        r,
        (e) => at(e, N).simd / at(e, N).stream,
        (v) => `${v.toFixed(2)}×`,
      ),
      f((b) => b.scalar),
      f((b) => b.jsLoop),
      ratio((b) => b.jsLoop / b.simd),
      ratio((b) => b.jsLoopPerElement / b.simdPerElement),
      ratio((b) => b.maathDamp / b.simd),
      ratio((b) => b.motionSpring / b.simd),
    ];
  });
  return table(
    [
      'N',
      'SIMD, shared halflife',
      'per-element halflife',
      'its exponential alone',
      'streaming limit',
      'SIMD / limit',
      'scalar WASM',
      'plain JS',
      'plain JS / SIMD',
      'per-element: plain JS / SIMD',
      'maath / SIMD',
      'motion / SIMD',
    ],
    rows,
  );
}

function perCallTable(r) {
  const c = (e) => e.perCall;
  const rows = [
    ['`criticalSpringDamperExact`', 'criticalSpringDamperExact', 'criticalJs'],
    ['  the same step without the argument checks', 'criticalStepNoChecks', 'criticalJs'],
    ['`springDamperExact`, under damped', 'springDamperExactUnder', 'springDamperExactJs'],
    ['`springDamperExact`, over damped', 'springDamperExactOver', 'springDamperExactJs'],
    ['`simpleSpringDamperExactQuat`', 'simpleSpringDamperExactQuat', 'quatSpringJs'],
    ['  the C call alone (inputs copied, no checks)', 'quatRawCall', 'quatSpringJs'],
    ['`inertializeUpdate`', 'inertializeUpdate', 'inertializeUpdateJs'],
    ['`damperExact`', 'damperExact', 'damperExactJs'],
    ['`springCharacterUpdate`', 'springCharacterUpdate', undefined],
    ['`maath` `damp` (for scale)', 'maathDamp', undefined],
  ].map(([name, k, js]) => [
    name,
    both(r, (e) => c(e)[k]),
    js ? both(r, (e) => c(e)[js]) : '—',
    js ? both(r, (e) => c(e)[js] / c(e)[k], times) : '—',
  ]);
  return table(['function (Node / Chromium)', 'ns per call', 'plain JS, ns', 'plain JS / sprung'], rows);
}

function poseTable(r) {
  const p = (e) => e.pose;
  const rows = [
    ['`PoseInertializer` mid-blend', 'spring', 'springJs'],
    ['  input copied from a JS array', 'springCopyingInput', 'springJs'],
    ['  settled (offsets decayed to 0)', 'springSettled', 'springJs'],
    ['`CubicPoseInertializer` mid-blend', 'cubic', 'cubicJs'],
    ['`SimpleSpringDamperExactQuatBatch`, far from the goal', 'quatBatch', undefined],
    ['  settled at the goal', 'quatBatchSettled', undefined],
  ].map(([name, k, js]) => [
    name,
    both(r, (e) => p(e)[k]),
    js ? both(r, (e) => p(e)[js]) : '—',
    js ? both(r, (e) => p(e)[js] / p(e)[k], times) : '—',
  ]);
  return table(
    ['64 bones (Node / Chromium)', 'ns per bone', 'plain JS, ns per bone', 'plain JS / sprung'],
    rows,
  );
}

function landscapeTable(r) {
  const l = (e) => e.landscape;
  const rows = [
    ['spring (halflife 0.15 s)', 'spring', 'springJs'],
    ['dead blending (halflife 0.15 s, blend 0.5 s)', 'deadBlending', 'deadBlendingJs'],
  ].map(([name, k, js]) => [
    name,
    both(r, (e) => l(e)[k]),
    both(r, (e) => l(e)[js]),
    both(r, (e) => l(e)[js] / l(e)[k], times),
  ]);
  return table(['512² exact landscape (Node / Chromium)', 'ms', 'plain JS, ms', 'plain JS / sprung'], rows);
}

/** The machine and the run, in one sentence. */
export function describeRun(r) {
  const m = r.machine,
    la = (a) => a.map((v) => v.toFixed(2)).join(', ');
  return (
    `${r.date.slice(0, 10)}, ${m.cpu} (${m.nproc} cores, ${m.memoryGiB ?? '?'} GiB), Node ${m.node.replace(/^v/, '')}` +
    (r.chromium ? `, ${m.chromium}` : '') +
    `; load average (1, 5, 15 min) ${la(r.loadavg.before)} before the run, ${la(r.loadavg.after)} after` +
    (r.clock === 'cpu' ? '; Node timed by its CPU time (--cpu-time), Chromium by the wall clock' : '') +
    `; each figure the median of ${r.samples ?? 7} interleaved samples`
  );
}

/** Every table of a result, as Markdown. */
export function report(r) {
  const parts = [`Run: ${describeRun(r)}.`, targets(r)];
  if (r.node.batch)
    parts.push(
      'Critical spring batch, ns per spring (`SIMD / limit`: the batch over the streaming limit):',
      batchTable(r),
    );
  if (r.node.perCall) parts.push('State-object API, one call per update:', perCallTable(r));
  if (r.node.pose) parts.push('Pose inertializers and the quaternion batch:', poseTable(r));
  if (r.node.landscape) parts.push('Transition cost landscapes:', landscapeTable(r));
  const b = r.bundle,
    kb = (x) => `${(x.bytes / 1024).toFixed(0)} KB (${(x.gzip / 1024).toFixed(0)} KB gzipped)`;
  if (b)
    parts.push(
      `Modules: the full one, \`sprung-simd.wasm\`, ${kb(b.wasm_simd)} (embedded); the everyday one, ` +
        `\`sprung-springs.wasm\`, ${kb(b.wasm_springs)} (embedded); \`sprung-scalar.wasm\` ` +
        `${kb(b.wasm_scalar)} (a file); bundled and minified with esbuild: everything ` +
        `${kb(b.js_entry_bundled_min)}, \`damperExact\` alone ${kb(b.one_function_bundled_min)}.`,
    );
  return parts.join('\n\n');
}
