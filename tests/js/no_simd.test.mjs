// no_simd.test.mjs — an engine without WebAssembly SIMD, as Node plays it when
// WebAssembly.validate refuses every module (the loader's probe is a one-instruction SIMD
// module): the embedded full module is refused with a sprung error that names the scalar build,
// which then loads and computes; a program of everyday functions needs no SIMD at all.
// Each case runs in a child process, so that the probe is refused before anything loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const dist = new URL('../../dist/', import.meta.url).href;
/** The closed form of the exact damper: x + (g − x)(1 − 2^(−dt/halflife)). */
const damper = (x, g, h, dt) => x + (g - x) * (1 - 2 ** (-dt / h));

/** Runs `body` (an async function body) in a fresh Node whose engine refuses SIMD; returns its JSON result. */
function withoutSimd(body) {
  const script = `WebAssembly.validate = () => false;
    const result = await (async () => { ${body} })();
    process.stdout.write(JSON.stringify(result));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

test('the full module on an engine without SIMD: init and initSync say so and name the scalar build, which then loads', () => {
  const r = withoutSimd(`
    const sp = await import('${dist}index.js');
    const { readFileSync } = await import('node:fs');
    const errors = [];
    try { await sp.init(); } catch (e) { errors.push(e.constructor.name + ': ' + e.message); }
    try { sp.initSync(); } catch (e) { errors.push(e.constructor.name + ': ' + e.message); }
    await sp.init({ wasm: readFileSync(new URL('sprung-scalar.wasm', '${dist}')) });
    const batch = new sp.DamperExactBatch(3, { halflife: 0.1 });
    batch.x.set([0, 1, 2]);
    batch.goal.fill(10);
    batch.update(1 / 60);
    return { errors, one: sp.damperExact(0, 10, 0.1, 1 / 60), batch: [...batch.x] };`);
  assert.equal(r.errors.length, 2);
  assert.match(
    r.errors[0],
    /^TypeError: sprung\.init: this engine has no WebAssembly SIMD.*sprung-scalar\.wasm/,
  );
  assert.match(r.errors[1], /^TypeError: sprung\.initSync: this engine has no WebAssembly SIMD/);
  assert.ok(Math.abs(r.one - damper(0, 10, 0.1, 1 / 60)) < 1e-6, `scalar build: ${r.one}`);
  r.batch.forEach((x, i) => assert.ok(Math.abs(x - damper(i, 10, 0.1, 1 / 60)) < 1e-5, `batch ${i}: ${x}`));
});

test('everyday functions on an engine without SIMD: the embedded everyday module loads', () => {
  const r = withoutSimd(`
    const sp = await import('${dist}springs_entry.js');
    await sp.init();
    return sp.damperExact(0, 10, 0.1, 1 / 60);`);
  assert.ok(Math.abs(r - damper(0, 10, 0.1, 1 / 60)) < 1e-6, `everyday module: ${r}`);
});
