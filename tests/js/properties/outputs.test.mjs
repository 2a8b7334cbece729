// outputs.test.mjs — what a call writes (issue 22): objects that refuse to be written (a
// throwing setter, a Proxy whose `set` trap throws) are refused before anything changes; a
// setter that accepts its own value and throws on the result stops the writing at its field,
// as the input policy of docs/API.md says; one object passed for two outputs is refused; and an
// absurd count is named, not the array it would size. Every wrapper of the manifest with an
// output is driven.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as sp from '../../../dist/index.js';
import { caller, validArgs } from '../spec-args.mjs';

await sp.init();
const manifest = JSON.parse(readFileSync(new URL('../../../build/manifest.json', import.meta.url), 'utf8'));

/** [wrapper, spec, argument index, field] of every field a wrapper writes (one level of nesting). */
function writtenFields() {
  const out = [];
  for (const [name, w] of Object.entries(manifest.wrappers))
    w.spec.a.forEach((a, i) => {
      for (const f of a.f ?? []) {
        if (f.f) for (const g of f.f) if (g.r & 2) out.push([name, w.spec, i, [f.n, g.n]]);
        if (!f.f && !f.arr && f.r & 2) out.push([name, w.spec, i, [f.n]]);
      }
    });
  return out;
}

const parent = (args, i, path) => path.slice(0, -1).reduce((o, k) => o[k], args[i]);
const snapshot = (args) => JSON.stringify(args, (k, v) => (Number.isNaN(v) ? 'NaN' : v));

test('an output whose setter, or Proxy set trap, throws is refused with a TypeError naming it; nothing changes', () => {
  const failures = [];
  let checked = 0;
  for (const [name, spec, i, path] of writtenFields()) {
    for (const kind of ['setter', 'proxy']) {
      const args = validArgs(spec);
      const o = parent(args, i, path),
        key = path[path.length - 1];
      let value = o[key];
      if (kind === 'setter')
        Object.defineProperty(o, key, {
          get: () => value,
          set: () => {
            throw new Error('refused');
          },
          enumerable: true,
        });
      const trapped = new Proxy(o, {
        set() {
          throw new Error('refused');
        },
      });
      if (kind === 'proxy') {
        if (path.length === 1) args[i] = trapped;
        else parent(args, i, path.slice(0, -1))[path[0]] = trapped;
      }
      const before = snapshot(args);
      let error = null;
      try {
        caller(sp, name)(args);
      } catch (e) {
        error = e;
      }
      checked++;
      // a Proxy refuses every field: the message names the first one the call writes
      const where = kind === 'setter' ? path : path.slice(0, -1);
      const named = `sprung.${name}: ${[spec.a[i].n, ...where].join('.')}${kind === 'setter' ? '' : '.'}`;
      if (!(error instanceof TypeError && error.message.startsWith(named)))
        failures.push(`${name} (${kind} on ${path.join('.')}): ${error ?? 'no error'}`);
      else if (snapshot(args) !== before) failures.push(`${name} (${kind} on ${path.join('.')}): changed`);
      value = 0;
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 300, `${checked} outputs`);
});

test('a setter that throws only on the result stops the writing at its field, as the reference says', () => {
  // quatMul writes x, y, z, w in this order: x and y are written, z throws, z and w keep theirs
  let z = 9;
  const out = {
    x: 9,
    y: 9,
    get z() {
      return z;
    },
    set z(v) {
      if (v !== z) throw new Error('only 9');
    },
    w: 9,
  };
  assert.throws(() => sp.quatMul({ x: 0, y: 0, z: 0, w: 1 }, { x: 0.6, y: 0, z: 0, w: 0.8 }, out), /only 9/);
  assert.deepEqual({ ...out }, { x: 0.6000000238418579, y: 0, z: 9, w: 9 });
});

test('one object passed for two outputs is refused, naming both; an output may alias an input', () => {
  const failures = [];
  let checked = 0;
  for (const [name, w] of Object.entries(manifest.wrappers)) {
    const written = w.spec.a.map((a, i) => (a.f && a.r & 2 ? i : -1)).filter((i) => i >= 0);
    for (const i of written)
      for (const j of written) {
        if (i >= j || JSON.stringify(w.spec.a[i].f) !== JSON.stringify(w.spec.a[j].f)) continue;
        const args = validArgs(w.spec);
        args[j] = args[i];
        checked++;
        try {
          caller(sp, name)(args);
          failures.push(`${name}: ${w.spec.a[i].n} = ${w.spec.a[j].n} passed`);
        } catch (e) {
          const message = `sprung.${name}: ${w.spec.a[i].n} and ${w.spec.a[j].n} must be different objects`;
          if (!(e instanceof TypeError && e.message.startsWith(message))) failures.push(`${name}: ${e}`);
        }
      }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked >= 20, `${checked} pairs`);
  // the inputs are read before anything is written: an output may be an input
  const a = { x: 0, y: 0, z: 0.6, w: 0.8 };
  assert.deepEqual(sp.quatMul(a, a, a), { x: 0, y: 0, z: 0.9600000381469727, w: 0.2800000309944153 });
  const p = { x: 1, y: 2, z: 3 };
  sp.damperExactV3(p, p, 0.1, 1 / 60); // the goal is the position: nothing moves
  assert.deepEqual(p, { x: 1, y: 2, z: 3 });
});

test('an absurd count is named, not the array it would size', () => {
  assert.throws(
    () => sp.transitionCostLandscape(2e15, 2e15, -1, 1, -1, 1, {}, new Float32Array(4)),
    (e) =>
      e instanceof RangeError &&
      e.message.startsWith('sprung.transitionCostLandscape: nx·ny must be at most'),
  );
  assert.throws(
    () => sp.transitionCostLandscape(2e15, 2e15, -1, 1, -1, 1),
    (e) => e instanceof RangeError && e.message.startsWith('sprung.transitionCostLandscape: nx·ny'),
  );
  const f = new Float32Array(3);
  assert.throws(
    () => sp.springCharacterPredict(f, f, f, { x: 0, v: 0, a: 0 }, 1, 0.1, 0.1, 4e30),
    (e) =>
      e instanceof RangeError && e.message.startsWith('sprung.springCharacterPredict: count must be at most'),
  );
  assert.throws(
    () => sp.inertializationFeatures('spring', f, f, 2e15, 2e15, 0.1, 0.3),
    (e) =>
      e instanceof RangeError &&
      e.message.startsWith('sprung.inertializationFeatures: rows·dims must be at most'),
  );
});
