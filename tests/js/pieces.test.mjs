// pieces.test.mjs — the everyday tier as small WebAssembly pieces sharing one memory
// (web/tools/pieces.mjs, build.sh's build_pieces, the loader in web/src/wasm.ts), tested as an
// adversary would: every piece's static data and stack lie in a region of its own, below the
// scratch area; a piece imported after init() (a lazy chunk) is refused until init() is awaited
// again, then instantiated beside the others in the same memory; a growth of that memory is
// seen by every piece; the full module replaces the pieces, and a binding held from before
// still computes in the old memory without touching the new one; a worker gets the full module
// through wasmModule(); options.wasm is refused where the program has no use for it. Each case
// runs in a fresh Node process (the loader's state is the process's). The oracle of the
// computing cases is the scalar build of the full module, instantiated on its own: the same C,
// through none of the loader's code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const dist = new URL('../../dist/', import.meta.url);

/** Runs `body` (an async function body, with `dist` the URL of dist/) in a fresh Node, with this
 *  process's flags (under load-scalar.mjs, the scalar build embedded); its JSON result. */
function fresh(body) {
  const script = `const dist = ${JSON.stringify(dist.href)};
    const result = await (async () => { ${body} })();
    process.stdout.write(JSON.stringify(result));`;
  return JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', script], {
      encoding: 'utf8',
    }),
  );
}

/** The pieces as dist embeds them: name → { bytes (the module), top (where the scratch area starts) }. */
function pieces() {
  const out = {};
  for (const f of readdirSync(new URL('pieces/', dist))) {
    const text = readFileSync(new URL(`pieces/${f}`, dist), 'utf8');
    const [, z, n, top] = text.match(/\("([A-Za-z0-9+/=]+)",(\d+),(\d+),/);
    const bytes = inflateSync(Buffer.from(z, 'base64'));
    assert.equal(bytes.length, +n, `${f}: its size`);
    out[f.replace('.js', '')] = { bytes, top: +top };
  }
  return out;
}

/** The unsigned LEB128 at `at`: [value, offset after it]. */
function leb(b, at) {
  let v = 0,
    shift = 0,
    byte;
  do {
    byte = b[at++];
    v += (byte & 127) * 2 ** shift;
    shift += 7;
  } while (byte & 128);
  return [v, at];
}
/** The signed LEB128 at `at` (an i32.const). */
function sleb(b, at) {
  let v = 0,
    shift = 0,
    byte;
  do {
    byte = b[at++];
    v |= (byte & 127) << shift;
    shift += 7;
  } while (byte & 128);
  if (shift < 32 && byte & 64) v |= -1 << shift;
  return [v, at];
}

/** The initial values of a module's mutable i32 globals (its section 6): the stack pointer, from
 *  which a piece's stack grows down. */
function mutableGlobals(bytes) {
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    if (id === 6) {
      const out = [];
      let [count, p] = leb(bytes, start);
      for (; count > 0; count--) {
        assert.equal(bytes[p + 2], 0x41, 'an i32.const initialiser');
        const [value, q] = sleb(bytes, p + 3);
        if (bytes[p + 1]) out.push(value);
        p = q + 1; // past the end opcode
      }
      return out;
    }
    at = start + size;
  }
  return [];
}

/** The bytes a module writes when it is instantiated (its data segments, its start function),
 *  as [first, last + 1): the difference from a memory filled with a pattern. */
function written(module) {
  const memory = new WebAssembly.Memory({ initial: 32, maximum: 32768 });
  const bytes = new Uint8Array(memory.buffer).fill(0x5a);
  new WebAssembly.Instance(module, { env: { memory } });
  let first = -1,
    last = -1;
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] !== 0x5a) {
      if (first < 0) first = i;
      last = i;
    }
  return first < 0 ? null : [first, last + 1];
}

test('every piece: only sp_* exports and the memory import; its static data and stack in a region of its own, below the scratch area', () => {
  const all = pieces();
  assert.deepEqual(Object.keys(all).sort(), ['critical', 'damper', 'helpers', 'quat', 'spring']);
  const tops = new Set(Object.values(all).map((p) => p.top));
  assert.equal(tops.size, 1, 'every piece puts the scratch area at the same place');
  const [top] = tops;
  const regions = [];
  for (const [name, { bytes }] of Object.entries(all)) {
    const module = new WebAssembly.Module(bytes);
    assert.deepEqual(
      WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}:${i.kind}`),
      ['env.memory:memory'],
      name,
    );
    const exports = WebAssembly.Module.exports(module);
    assert.ok(
      exports.length > 0 && exports.every((e) => /^sp_\w+$/.test(e.name)),
      `${name}: ${exports.map((e) => e.name)}`,
    );
    // its stack pointer, where it has a stack (some pieces need none)
    const globals = mutableGlobals(bytes);
    assert.ok(globals.length <= 1, `${name}: at most one mutable global, the stack pointer`);
    // what it writes when instantiated (its static data) lies below its stack's top, and its
    // stack (64 KB: build.sh) ends there
    const data = written(module);
    const stackTop = globals[0] ?? data?.[1] ?? 1024;
    const low = Math.min(globals.length ? stackTop - 65536 : Infinity, data ? data[0] : Infinity, stackTop);
    if (data)
      assert.ok(data[1] <= stackTop, `${name}: static data [${data}) above its stack's top ${stackTop}`);
    assert.ok(low >= 1024 && stackTop <= top, `${name}: [${low}, ${stackTop}) below ${top}`);
    regions.push([low, stackTop, name]);
  }
  regions.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < regions.length; i++)
    assert.ok(
      regions[i][0] >= regions[i - 1][1],
      `${regions[i - 1][2]} [${regions[i - 1][0]}, ${regions[i - 1][1]}) overlaps ${regions[i][2]} [${regions[i][0]}, ${regions[i][1]})`,
    );
});

/** The computing cases' oracle in the child: the scalar build of the full module alone, and
 *  `calls(w, at)`, the same calls on any exports `w` with their scratch floats at byte `at`. */
const ORACLE = `
  const { readFileSync } = await import('node:fs');
  const oracle = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(new URL('sprung-scalar.wasm', dist))), {}).exports;
  const calls = (w, memory, at) => {
    const f = () => new Float32Array(memory.buffer, at, 16);
    const out = [];
    w.sp_critical_spring_damper_coefs(at, 0.2, 1 / 60);
    out.push(...f().slice(0, 7));
    out.push(w.sp_damper_exact(0.5, 10, 0.1, 1 / 30), w.sp_damper_decay_exact(3, 0.25, 0.5));
    f().set([0.1, 0.2, 0.3, 0.927, 0, 0.6, 0, 0.8]);
    w.sp_quat_mul(at + 32, at, at + 16);
    out.push(...f().slice(8, 12));
    return out;
  };`;

test('a piece imported after init(): refused until init() is awaited again, then loaded beside the others in the same memory', () => {
  const r = fresh(`${ORACLE}
    const loader = await import(new URL('wasm.js', dist));
    const crit = await import(new URL('pieces/critical.js', dist));
    const damper = await import(new URL('pieces/damper.js', dist));
    await loader.load();
    const memory = loader.wasm.memory, before = loader.wasm;
    const late = await import(new URL('pieces/quat.js', dist)); // a lazy chunk
    let refused;
    try { late.wasmQuat.sp_quat_mul(0, 0, 0); } catch (e) { refused = e.message; }
    const still = crit.wasmCritical === before; // the loaded pieces keep working meanwhile
    await loader.load();
        const at = loader.scratch;
    const oat = (oracle.__heap_base.value + 15) & ~15; // the oracle's scratch: above its heap base
    return { build: loader.build, refused, still, same: loader.wasm.memory === memory,
      loaded: [crit.wasmCritical === loader.wasm, damper.wasmDamper === loader.wasm, late.wasmQuat === loader.wasm],
      got: calls(loader.wasm, loader.wasm.memory, at), want: calls(oracle, oracle.memory, oat) };`);
  assert.equal(r.build, 'pieces');
  assert.equal(r.refused, 'sprung: sp_quat_mul was imported after init() resolved; await init() again');
  assert.ok(r.still);
  assert.ok(r.same, 'the late piece joined the same memory');
  assert.deepEqual(r.loaded, [true, true, true]);
  assert.deepEqual(r.got, r.want);
  // and the critical spring's coefficients against their closed form: y = 2·ln2/halflife,
  // x' = e^(−y·dt)(1 + y·dt)·x + … (kxx, less 1 in the incremental form, flag r.got[6]),
  // v' = −y²·dt·e^(−y·dt)·x + … (kvx)
  const y = (2 * Math.LN2) / 0.2,
    e = Math.exp((-y * 1) / 60);
  assert.ok(Math.abs(r.got[0] + r.got[6] - e * (1 + y / 60)) < 1e-6, `kxx ${r.got[0]}, inc ${r.got[6]}`);
  assert.ok(Math.abs(r.got[3] - -y * y * (1 / 60) * e) < 1e-5, `kvx ${r.got[3]}`);
});

test('a growth of the shared memory is seen by every piece; the full module replaces the pieces, and a binding held from before computes in the old memory only', () => {
  const r = fresh(`${ORACLE}
    const loader = await import(new URL('wasm.js', dist));
    const crit = await import(new URL('pieces/critical.js', dist));
    const damper = await import(new URL('pieces/damper.js', dist));
    const quat = await import(new URL('pieces/quat.js', dist));
    await loader.load();
    const memory = loader.wasm.memory, size = memory.buffer.byteLength;
    const view = loader.heapF32; // held across the growth
    loader.grow(3);
    const grown = memory.buffer.byteLength - size, stale = view.length, renewed = loader.heapF32.length * 4 === memory.buffer.byteLength;
    const oat = (oracle.__heap_base.value + 15) & ~15;
    const want = calls(oracle, oracle.memory, oat);
    // each piece computes after the growth, through the loader's renewed view
    const afterGrowth = calls(loader.wasm, memory, loader.scratch);
    const held = loader.wasm, heldScratch = loader.scratch; // the pieces' exports, held
    const { wasmModule } = await import(new URL('full.js', dist));
    await loader.load();
    const fullMemory = loader.wasm.memory;
    const snapshot = new Uint8Array(fullMemory.buffer.slice(0));
    // the held pieces compute in their own memory, at its scratch area, and leave the new one alone
    const oldOnes = calls(held, memory, heldScratch);
    const untouched = Buffer.compare(snapshot, new Uint8Array(fullMemory.buffer)) === 0;
    return { grown, stale, renewed, want, afterGrowth, oldOnes, untouched, build: loader.build,
      replaced: fullMemory !== memory, bound: [crit.wasmCritical, damper.wasmDamper, quat.wasmQuat].every((b) => b === loader.wasm),
      module: wasmModule() instanceof WebAssembly.Module,
      afterFull: calls(loader.wasm, fullMemory, loader.scratch) };`);
  assert.equal(r.grown, 3 * 65536);
  assert.equal(r.stale, 0, 'a view held across the growth is detached');
  assert.ok(r.renewed, "the loader's view covers the grown memory");
  assert.deepEqual(r.afterGrowth, r.want);
  assert.equal(r.build, process.env.SPRUNG_TEST_BUILD ?? 'simd');
  assert.ok(r.replaced && r.bound && r.module);
  assert.deepEqual(r.afterFull, r.want);
  assert.deepEqual(r.oldOnes, r.want);
  assert.ok(r.untouched, 'the full module’s memory is untouched by the held pieces');
});

test('a worker gets the full module through wasmModule(): no second compilation, the same results', () => {
  const r = fresh(`
    const { Worker } = await import('node:worker_threads');
    const sp = await import(new URL('index.js', dist));
    await sp.init();
    const worker = new Worker(\`
      const { parentPort } = await import('node:worker_threads');
      parentPort.once('message', async ({ module, dist }) => {
        const sp = await import(new URL('no-embed/no-embed.js', dist));
        await sp.init({ wasm: module });
        parentPort.postMessage(sp.damperExact(0, 10, 0.1, 1 / 60));
      });\`, { eval: true });
    worker.postMessage({ module: sp.wasmModule(), dist });
    const there = await new Promise((ok, fail) => { worker.once('message', ok); worker.once('error', fail); });
    await worker.terminate();
    return { there, here: sp.damperExact(0, 10, 0.1, 1 / 60) };`);
  assert.equal(r.there, r.here);
  // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
  assert.ok(Math.abs(r.here - 10 * (1 - 2 ** (-1 / 60 / 0.1))) < 1e-5);
});

test('options.wasm where the program holds no function of the full module: refused, naming why', () => {
  const r = fresh(`
    const sp = await import(new URL('three.js', dist));
    const { readFileSync } = await import('node:fs');
    const errors = [];
    for (const wasm of [readFileSync(new URL('sprung-simd.wasm', dist)), readFileSync(new URL('sprung-springs.wasm', dist))])
      try { await sp.init({ wasm }); } catch (e) { errors.push(e.constructor.name + ': ' + e.message); }
    await sp.init();
    const v = { x: 0, y: 0, z: 0 };
    sp.damp3(v, [1, 2, 3], 0.25, 0.1);
    return { errors, ready: sp.isReady(), x: v.x };`);
  assert.deepEqual(r.errors, [
    'TypeError: sprung.init: options.wasm is for the full module, which this program does not use',
    'TypeError: sprung.init: options.wasm is for the full module, which this program does not use',
  ]);
  assert.ok(r.ready);
  // the critical spring of smoothTime 0.25 from rest: x(t) = g(1 − e^(−2t/s)(1 + 2t/s))
  assert.ok(Math.abs(r.x - (1 - Math.exp(-0.8) * 1.8)) < 1e-6, `${r.x}`);
});
