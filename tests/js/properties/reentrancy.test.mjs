// reentrancy.test.mjs — a getter or setter of an argument that calls sprung (a MobX or Vue
// computed field does) must not change the call it interrupts (issue 22). For every wrapper of
// the manifest — the generated ones, the hand-written functions and the classes' methods — every
// field of every object argument in turn becomes a getter and setter that calls sprung: calls
// that use the frames of the scratch area, the JS-stepped paths' coefficient caches and slots,
// and the work buffer, with other values. The call must leave its arguments, its return value
// and its object's arrays bit for bit as the same call with plain objects does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as sp from '../../../dist/index.js';
import { instance, validArgs } from '../spec-args.mjs';

await sp.init();
const manifest = JSON.parse(readFileSync(new URL('../../../build/manifest.json', import.meta.url), 'utf8'));

/** Other calls, with other values, through every shared place a call may use. */
const predictor = new sp.TrajectoryPredictor(2);
function disturb() {
  sp.extrapolateV3({ x: 1e3, y: -1e3, z: 7 }, { x: 5, y: 5, z: 5 }, 0.5, 0.1);
  sp.quatMul({ x: 0.6, y: 0, z: 0, w: 0.8 }, { x: 0, y: 0.8, z: 0, w: 0.6 });
  const r = { x: 0, y: 0.6, z: 0, w: 0.8 };
  sp.simpleSpringDamperExactQuat(r, { x: 3, y: 2, z: 1 }, { x: 0, y: 0, z: 0, w: 1 }, 0.37, 0.01);
  sp.criticalSpringDamperExact({ x: 3, v: 1 }, 9, 2, 0.77, 0.003);
  sp.springDamperExact({ x: 3, v: 1 }, 9, 2, 3.3, 0.77, 0.003);
  sp.damperExact(1, 2, 0.9, 0.001);
  sp.damperExactV3({ x: 1, y: 2, z: 3 }, { x: -4, y: 5, z: 9 }, 0.9, 0.002);
  sp.piecewiseInterpolation(0.3, [1, 5, 2]);
  predictor.predictPositions({ x: 9, y: 8, z: 7 }, { x: 1, y: 1, z: 1 }, { x: 0, y: 0, z: 0 }, r, 0.3, 0.1);
}

/** Bit-exact snapshot of a value: NaN, ±0, Infinity and typed arrays kept apart. */
function snapshot(v) {
  return JSON.stringify(v, (k, x) => {
    if (typeof x === 'number') return Object.is(x, -0) ? '-0' : Number.isFinite(x) ? x : String(x);
    if (x instanceof Float32Array) return Array.from(x, (e) => (Object.is(e, -0) ? '-0' : String(e)));
    return x;
  });
}

/** The Float32Array views of an object (a batch's arrays, read after its method ran). */
function views(o) {
  const out = {};
  for (let p = Object.getPrototypeOf(o); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(p)))
      if (d.get && !(k in out)) {
        const v = o[k];
        if (v instanceof Float32Array) out[k] = Array.from(v);
      }
  return out;
}

/** Runs wrapper `name` on `args`; returns a snapshot of its arguments, result and object. */
function run(name, args) {
  let result, object;
  if (name.includes('.')) {
    const [cls, method] = name.split('.');
    const o = instance(sp, cls);
    try {
      result = o[method](...args) === o ? 'this' : undefined;
      object = views(o);
    } finally {
      o.dispose();
    }
  } else if (/^[A-Z]/.test(name)) {
    const o = new sp[name](...args);
    object = views(o);
    o.dispose?.();
  } else result = sp[name](...args);
  return snapshot({ args, result, object });
}

/** Each (argument, path) of an object field of `spec`: [index, [field, …]]. */
function fieldsOf(spec) {
  const out = [];
  const walk = (i, path, fields) => {
    for (const f of fields) {
      if (f.arr) continue;
      if (f.f) walk(i, [...path, f.n], f.f);
      else out.push([i, [...path, f.n]]);
    }
  };
  spec.a.forEach((a, i) => a.f && walk(i, [], a.f));
  return out;
}

/** Makes field `path` of argument `i` a getter and setter that call sprung. */
function trap(args, i, path) {
  let o = args[i];
  for (const k of path.slice(0, -1)) o = o[k];
  const key = path[path.length - 1];
  let value = o[key];
  Object.defineProperty(o, key, {
    get() {
      disturb();
      return value;
    },
    set(v) {
      disturb();
      value = v;
    },
    enumerable: true,
    configurable: true,
  });
}

test('a getter or setter that calls sprung changes nothing in the call it interrupts', () => {
  const failures = [];
  let checked = 0;
  for (const [name, w] of Object.entries(manifest.wrappers)) {
    if (name === 'FeatureDatabase.search' || /^[A-Z]\w+$/.test(name)) continue; // constructors: no object fields
    for (const [i, path] of fieldsOf(w.spec)) {
      const plain = run(name, validArgs(w.spec));
      const args = validArgs(w.spec);
      trap(args, i, path);
      let got;
      try {
        got = run(name, args);
      } catch (e) {
        failures.push(`${name} (${w.spec.a[i].n}.${path.join('.')}): threw ${e}`);
        continue;
      }
      checked++;
      if (got !== plain) failures.push(`${name} (${w.spec.a[i].n}.${path.join('.')}): ${got} ≠ ${plain}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 400, `${checked} object fields`);
});

test('a search result whose fields call sprung gets the search’s own answer', () => {
  const db = new sp.FeatureDatabase(3, 2);
  db.features.set([0, 0, 1, 1, 2, 2]);
  const plain = db.search(new Float32Array([1.1, 0.9]));
  const result = { index: 0, cost: 0 };
  trap([result], 0, ['index']);
  trap([result], 0, ['cost']);
  db.search(new Float32Array([1.1, 0.9]), result);
  assert.deepEqual({ index: result.index, cost: result.cost }, plain);
  db.dispose();
});

test('calls nested without end in getters end in a RangeError, and sprung works afterwards', () => {
  let depth = 0;
  const deep = {
    get x() {
      depth++;
      return sp.quatMul(deep, deep).x * 0;
    },
    y: 0,
    z: 0,
    w: 1,
  };
  // the engine's (the stack), or sprung's where the getters run one frame deeper and the frames run out
  assert.throws(
    () => sp.quatMul(deep, deep),
    /^RangeError: (Maximum call stack|sprung: calls nested too deeply)/,
  );
  assert.ok(depth >= 8, `${depth} nested calls before the refusal`);
  // and the frames are whole again afterwards
  assert.deepEqual(sp.quatMul({ x: 0, y: 0, z: 0, w: 1 }, { x: 0, y: 0, z: 0.6, w: 0.8 }), {
    x: 0,
    y: 0,
    z: 0.6000000238418579,
    w: 0.800000011920929,
  });
});
