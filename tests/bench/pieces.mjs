// pieces.mjs — the per-call cost of the everyday functions as a program of them alone runs them
// (the small WebAssembly pieces, sharing one memory) and as a program that also holds a function
// of the full module runs them (the full module, loaded alone), side by side:
//   node tests/bench/pieces.mjs [rounds]
// Each round runs both programs, each in a fresh Node process (the loader's state is the
// process's), alternately, so that a load on the machine weighs on both alike; each process
// prints the median ns per call of each function over its samples. Printed: per function, the
// median over the rounds of each and pieces/full. No assertion: a ratio near 1 is what the
// pieces promise (each binding is a plain object of its instance's exports, as the full
// module's is), and the coordinator reads the figures.
import { execFileSync } from 'node:child_process';

const ROUNDS = +(process.argv[2] ?? 5);
const dist = new URL('../../dist/', import.meta.url).href;
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];

/** The child: loads sprung (`full`: with a function of the full module in the program), times
 *  each call, prints { name: ns per call }. */
const child = (full) => `
  const dist = ${JSON.stringify(dist)};
  const sp = await import(dist + 'springs_entry.js');
  const three = await import(dist + 'three.js');
  ${full ? "const whole = await import(dist + 'index.js'); whole.DamperExactBatch;" : ''}
  await sp.init();
  const loader = await import(dist + 'wasm.js');
  if (loader.build !== ${JSON.stringify(full ? 'simd' : 'pieces')}) throw new Error('loaded ' + loader.build);
  const state = { x: 0, v: 0 }, q = { x: 0, y: 0, z: 0, w: 1 }, w = { x: 0, y: 0, z: 0 };
  const goal = { x: 0, y: 0.6, z: 0, w: 0.8 }, target = { x: 1, y: 2, z: 3 }, rot = { x: 0, y: 0, z: 0, w: 1 }, p = { x: 0, y: 0, z: 0 };
  let sink = 0, i = 0;
  const calls = {
    damperExact: () => (sink += sp.damperExact(i & 7, 10, 0.1, 1 / 60)),
    simpleSpringDamperExact: () => { state.x = i & 7; state.v = 0; sp.simpleSpringDamperExact(state, 10, 0.1, 1 / 60); sink += state.x; },
    damperExactQuat: () => { sp.damperExactQuat(q, goal, 0.1, 1 / 60); sink += q.w; q.x = q.y = q.z = 0; q.w = 1; },
    simpleSpringDamperExactQuat: () => { sp.simpleSpringDamperExactQuat(q, w, goal, 0.1, 1 / 60); sink += q.w; q.x = q.y = q.z = 0; q.w = 1; w.x = w.y = w.z = 0; },
    damp3: () => { p.x = i & 7; p.y = p.z = 0; three.damp3(p, target, 0.25, 1 / 60); sink += p.x; },
    dampQ: () => { three.dampQ(rot, goal, 0.25, 1 / 60); sink += rot.w; rot.x = rot.y = rot.z = 0; rot.w = 1; },
  };
  const N = 20000, out = {};
  for (const [name, f] of Object.entries(calls)) {
    for (i = 0; i < 10 * N; i++) f(); // warm-up: past the JIT's tiers
    const samples = [];
    for (let s = 0; s < 9; s++) {
      const t0 = process.hrtime.bigint();
      for (i = 0; i < N; i++) f();
      samples.push(Number(process.hrtime.bigint() - t0) / N);
    }
    out[name] = samples.sort((a, b) => a - b)[4];
  }
  if (!Number.isFinite(sink)) throw new Error('sink');
  process.stdout.write(JSON.stringify(out));`;

const runs = { pieces: [], full: [] };
for (let r = 0; r < ROUNDS; r++)
  for (const mode of r % 2 ? ['full', 'pieces'] : ['pieces', 'full'])
    runs[mode].push(
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', child(mode === 'full')], {
          encoding: 'utf8',
        }),
      ),
    );

console.log(`per call, ns (median of ${ROUNDS} rounds, each the median of 9 samples of 20,000 calls)`);
console.log('function'.padEnd(30), 'pieces'.padStart(8), 'full'.padStart(8), 'pieces/full'.padStart(12));
for (const name of Object.keys(runs.pieces[0])) {
  const a = median(runs.pieces.map((x) => x[name])),
    b = median(runs.full.map((x) => x[name]));
  console.log(
    name.padEnd(30),
    a.toFixed(1).padStart(8),
    b.toFixed(1).padStart(8),
    (a / b).toFixed(3).padStart(12),
  );
}
