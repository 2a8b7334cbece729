// init.test.mjs — loading the core: bad options, a failed init() that the next call retries,
// bytes that are not sprung, initSync, the compiled module for workers, and `reserve` after
// loading. (The loading from URLs, under a Content-Security-Policy and in workers is tested
// in Chromium by tests/package/.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as sp from '../../dist/index.js';
import { wasm, build } from '../../dist/wasm.js';

const dist = new URL('../../dist/', import.meta.url);

test('bad options and bad modules reject with a sprung error; the next init() retries and loads', async () => {
  await assert.rejects(sp.init(null), /sprung\.init: options must be an object, got null/);
  await assert.rejects(sp.init({ reserve: -1 }), /sprung\.init: options\.reserve must be a number of bytes/);
  await assert.rejects(
    sp.init({ wasm: 42 }),
    /sprung\.init: options\.wasm must be a URL, a Response, bytes or a WebAssembly\.Module, got number/,
  );
  await assert.rejects(sp.init({ wasm: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]) }), (e) => {
    assert.match(e.message, /^sprung\.init: wasm is not a WebAssembly module sprung can load: /);
    assert.ok(e.cause instanceof WebAssembly.CompileError, 'the engine error is the cause');
    return true;
  });
  // a module whose start function traps: refused before it is instantiated (so it never runs)
  const trap = new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 8, 1, 0, 10, 5, 1, 3, 0, 0, 11,
  ]);
  assert.throws(() => new WebAssembly.Instance(new WebAssembly.Module(trap)), WebAssembly.RuntimeError);
  await assert.rejects(
    sp.init({ wasm: trap }),
    /^TypeError: sprung\.init: wasm is not a sprung WebAssembly module/,
  );
  assert.throws(
    () => sp.initSync({ wasm: trap }),
    /^TypeError: sprung\.initSync: wasm is not a sprung WebAssembly module/,
  );
  await assert.rejects(
    sp.init({ wasm: new URL('sprung-simd.wasm', dist) }),
    /sprung\.init: fetch\(\) cannot load file:.*sprung-simd\.wasm here; pass the bytes/,
  );
  await assert.rejects(
    sp.init({ wasm: 'http://127.0.0.1:9/sprung-simd.wasm' }), // port 9 (discard): nothing listens
    /sprung\.init: cannot fetch http:\/\/127\.0\.0\.1:9\/sprung-simd\.wasm: /,
  );
  // a valid module that is not sprung: () -> () exported as "f"
  const other = new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 4, 1, 2, 0, 11,
  ]);
  await assert.rejects(sp.init({ wasm: other }), /sprung\.init: wasm is not a sprung WebAssembly module/);
  // sprung's custom section ("simd") and nothing else: refused before instantiation, naming what
  // it lacks (issue 33: it gave "Cannot read properties of undefined (reading 'value')")
  const labelled = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 0, 11, 6, ...Buffer.from('sprungsimd')]);
  assert.equal(
    new TextDecoder().decode(
      WebAssembly.Module.customSections(new WebAssembly.Module(labelled), 'sprung')[0],
    ),
    'simd',
  );
  for (const call of [() => sp.init({ wasm: labelled }), async () => sp.initSync({ wasm: labelled })])
    await assert.rejects(
      call,
      /^TypeError: sprung\.init(Sync)?: wasm is not a sprung WebAssembly module \(its memory is not exported\)/,
    );
  await assert.rejects(sp.init({ wasm: Promise.reject(new Error('network down')) }), /network down/);
  assert.equal(sp.isReady(), false);
  assert.throws(() => sp.lerp(0, 1, 0.5), /sprung\.lerp: call and await init\(\) before using the library/);
  await sp.init();
  assert.equal(sp.isReady(), true);
  assert.equal(build, process.env.SPRUNG_TEST_BUILD ?? 'simd'); // scalar under load-scalar.mjs
  assert.ok(sp.wasmModule() instanceof WebAssembly.Module);
  // later calls: the same library, their wasm ignored, initSync a no-op
  await sp.init({ wasm: 42 });
  sp.initSync();
  assert.equal(sp.lerp(2, 4, 0.25), 2.5);
});

test('init({ reserve }) after loading grows the memory once, so later objects do not', async () => {
  const size = wasm.memory.buffer.byteLength;
  await sp.init({ reserve: 16 << 20 });
  assert.ok(wasm.memory.buffer.byteLength > size);
  const buffer = wasm.memory.buffer;
  const b = new sp.CriticalSpringDamperExactBatch(3 << 20); // 4 fields of 3 Mi floats: 48 MB > 16 MB
  assert.notEqual(wasm.memory.buffer, buffer, 'more than the reserve grows the memory');
  b.dispose();
  await sp.init({ reserve: 64 << 20 });
  const reserved = wasm.memory.buffer;
  const c = new sp.CriticalSpringDamperExactBatch(3 << 20);
  assert.equal(wasm.memory.buffer, reserved, 'within the reserve, no growth');
  c.dispose();
  await assert.rejects(
    sp.init({ reserve: 2 ** 40 }),
    /sprung\.init: options\.reserve must be a number of bytes in \[0, 2³¹\]/,
  );
});

test('initSync in a fresh process: from the embedded bytes, or from a compiled module', () => {
  const run = (code) =>
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dist, encoding: 'utf8' });
  // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
  const exact = 10 * (1 - 2 ** (-1 / 60 / 0.1));
  const synced = Number(
    run(`import * as s from './index.js'; s.initSync(); console.log(s.damperExact(0, 10, 0.1, 1 / 60));`),
  );
  assert.ok(Math.abs(synced - exact) < 1e-6, `${synced}`);
  const scalar = readFileSync(new URL('sprung-scalar.wasm', dist));
  const out =
    run(`import * as s from './index.js'; import * as w from './wasm.js'; import { readFileSync } from 'node:fs';
    s.initSync({ wasm: new WebAssembly.Module(readFileSync('sprung-scalar.wasm')) });
    console.log(w.build, s.damperExact(0, 10, 0.1, 1 / 60));`);
  assert.match(out, /^scalar 1\.0910/);
  assert.ok(scalar.length > 1000);
  assert.match(
    run(
      `import * as s from './index.js'; const p = s.init(); try { s.initSync(); } catch (e) { console.log(e.message); } await p;`,
    ),
    /sprung\.initSync: init\(\) is already loading the module; await it instead/,
  );
});

test("init reads only its options' own properties (Object.prototype.wasm is not a module)", () => {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `Object.prototype.wasm = new Uint8Array([1, 2, 3]);
       Object.prototype.reserve = -1;
       const sp = await import(${JSON.stringify(new URL('index.js', dist).href)});
       await sp.init({});
       console.log(sp.lerp(2, 4, 0.25));`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(out.trim(), '2.5');
});
