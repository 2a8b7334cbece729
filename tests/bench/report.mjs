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

/** The targets of issue 13, each measured in both engines: [row, figure, target, met]. */
function targets(r) {
  const rows = [];
  const E = engines(r);
  const add = (name, f, fmt, target, pass) => rows.push([name, both(r, f, fmt), target, ok(E.every(pass))]);
  if (r.node.batch) {
    const N = r.node.batch.some((b) => b.N === 65536) ? 65536 : r.node.batch.at(-1).N;
    add(
      `per-element halflife batch, ns per spring (N = ${N})`,
      (e) => at(e, N)?.simdPerElement,
      num,
      '≤ 0.9',
      (e) => at(e, N).simdPerElement <= 0.9,
    );
    add(
      `per-element / shared halflife (N = ${N})`,
      (e) => at(e, N)?.simdPerElement / at(e, N)?.simd,
      times,
      '≤ 3.5×',
      (e) => at(e, N).simdPerElement / at(e, N).simd <= 3.5,
    );
    const B = bigN(r);
    add(
      `${B.toLocaleString('en')} springs: batch / streaming limit`,
      (e) => at(e, B)?.simd / at(e, B)?.stream,
      (v) => (v === undefined ? '—' : `${v.toFixed(2)}×`),
      '≤ 1.2×',
      (e) => at(e, B).simd / at(e, B).stream <= 1.2,
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
    );
    add(
      '`springDamperExact` (under / over damped, the slower), ns per call',
      (e) => Math.max(c(e).springDamperExactUnder, c(e).springDamperExactOver),
      num,
      '≤ 20',
      (e) => Math.max(c(e).springDamperExactUnder, c(e).springDamperExactOver) <= 20,
    );
    rows.push([
      '`criticalSpringDamperExact`, ns per call',
      both(r, (e) => c(e).criticalSpringDamperExact),
      '≤ 12 in Node',
      ok(c(r.node).criticalSpringDamperExact <= 12),
    ]);
    add(
      '`inertializeUpdate`, ns per call',
      (e) => c(e).inertializeUpdate,
      num,
      '≤ 15',
      (e) => c(e).inertializeUpdate <= 15,
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
    );
    add(
      '`PoseInertializer` update, 64 bones: plain JS / sprung',
      (e) => p(e).springJs / p(e).spring,
      times,
      '≥ 6×',
      (e) => p(e).springJs / p(e).spring >= 6,
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
    );
    add(
      '512² exact cost landscape, dead blending, ms',
      (e) => l(e).deadBlending,
      num,
      '≤ 2',
      (e) => l(e).deadBlending <= 2,
    );
  }
  return table(['path (Node / Chromium)', 'measured', 'target', 'met'], rows);
}

function batchTable(r) {
  const rows = r.node.batch.map(({ N }) => {
    const f = (g) => both(r, (e) => g(at(e, N)));
    const ratio = (g) => both(r, (e) => g(at(e, N)), times);
    return [
      N.toLocaleString('en'),
      f((b) => b.simd),
      f((b) => b.simdPerElement),
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
    `; load average (1, 5, 15 min) ${la(r.loadavg.before)} before the run, ${la(r.loadavg.after)} after`
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
  return parts.join('\n\n');
}
