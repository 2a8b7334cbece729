// obstacles.test.mjs — simulationCollideObstacles(V2) against closed forms (a head-on stop at a
// wall, a slide along it, a stop in a concave corner, a push out of an obstacle) and against the
// article's own method, written here in double: move in many small substeps and push the disc
// out of every obstacle after each one, whose limit the library computes exactly. Also: no
// tunnelling through thin walls, the order of the obstacles does not matter, the 2D and 3D
// forms agree, and the Obstacles class, plain arrays and bad input behave as documented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

await sp.init();

/** Signed distance from plane point (px, pz) to an obstacle grown by r, and its outward normal.
 *  circles: [x, z, radius]; boxes: [x, z, width, depth, yaw] (yaw turns +Z toward +X). */
function sd(o, px, pz, r) {
  if (o.length === 3) {
    const dx = px - o[0],
      dz = pz - o[1],
      l = Math.hypot(dx, dz);
    return { d: l - o[2] - r, nx: l > 0 ? dx / l : 1, nz: l > 0 ? dz / l : 0 };
  }
  const [cx, cz, w, dep, yaw] = o,
    c = Math.cos(yaw),
    s = Math.sin(yaw);
  // local axes: width along (cos, −sin), depth along (sin, cos) in (x, z)
  const dx = px - cx,
    dz = pz - cz;
  const lx = dx * c - dz * s,
    lz = dx * s + dz * c;
  const qx = Math.abs(lx) - w / 2,
    qz = Math.abs(lz) - dep / 2;
  let d, gx, gz;
  if (qx > 0 || qz > 0) {
    const ox = Math.max(qx, 0),
      oz = Math.max(qz, 0),
      l = Math.hypot(ox, oz);
    d = l;
    gx = (ox / l) * Math.sign(lx);
    gz = (oz / l) * Math.sign(lz);
  } else if (qx > qz) {
    d = qx;
    gx = Math.sign(lx) || 1;
    gz = 0;
  } else {
    d = qz;
    gx = 0;
    gz = Math.sign(lz) || 1;
  }
  // back to the plane: local (gx, gz) → world gx·(c, −s) + gz·(s, c)
  return { d: d - r, nx: gx * c + gz * s, nz: -gx * s + gz * c };
}

/** The article's method: N substeps, each followed by pushing out of every obstacle. */
function substeps(a, b, obstacles, r, N = 20000) {
  let x = a[0],
    z = a[1];
  const push = () => {
    for (let round = 0; round < 50; round++) {
      let moved = false;
      for (const o of obstacles) {
        const h = sd(o, x, z, r);
        if (h.d < 0) {
          x -= h.nx * h.d;
          z -= h.nz * h.d;
          moved = true;
        }
      }
      if (!moved) break;
    }
  };
  push();
  for (let i = 0; i < N; i++) {
    x += (b[0] - a[0]) / N;
    z += (b[1] - a[1]) / N;
    push();
  }
  return [x, z];
}

/** The library in 3D on flat arrays of circles and boxes. */
function collide(a, b, circles, boxes, r, y = 0) {
  const out = sp.simulationCollideObstacles(
    { x: a[0], y: 7, z: a[1] },
    { x: b[0], y, z: b[1] },
    { circles: new Float32Array(circles.flat()), boxes: new Float32Array(boxes.flat()) },
    r,
  );
  assert.equal(out.y, Math.fround(y), 'y is taken from the next position');
  return [out.x, out.z];
}
const close = (p, q, tol, what) =>
  assert.ok(Math.hypot(p[0] - q[0], p[1] - q[1]) < tol, `${what}: (${p}) vs (${q})`);

test('closed forms: a head-on stop at a wall, a slide along it, a stop in a concave corner, a push out', () => {
  const wall = [0, 5, 20, 1, 0]; // 20 wide, 1 deep, its near face at z = 4.5
  close(collide([0, 0], [0, 10], [], [wall], 0.5), [0, 4], 1e-5, 'head-on');
  close(collide([0, 0], [3, 10], [], [wall], 0.5), [3, 4], 1e-5, 'slides with the tangential part');
  // a concave corner: the wall and a second one whose face is at x = 2.5
  const side = [3, 0, 1, 20, 0];
  close(collide([0, 0], [10, 10], [], [wall, side], 0.5), [2, 4], 1e-5, 'stops in the corner');
  // starting inside a circle: pushed out the shortest way, then moves
  close(collide([0.5, 0], [0.5, 0], [[0, 0, 1]], [], 0.5), [1.5, 0], 1e-5, 'pushed out');
  // radius 0 and no obstacles: the motion itself
  close(collide([1, 2], [3, -4], [], [], 0), [3, -4], 1e-6, 'free');
});

test('the article’s substeps converge to the library’s result (circles, rotated boxes, several at once)', () => {
  const scenes = [
    { a: [0, 0], b: [0.4, 8], circles: [[0, 4, 1.5]], boxes: [] },
    { a: [-1, 0], b: [2, 7], circles: [], boxes: [[0, 4, 4, 1, 0.5]] },
    { a: [3, -2], b: [-4, 6], circles: [[0, 2, 1]], boxes: [[-1, 4, 3, 0.5, -0.3]] },
    { a: [0, 0], b: [6, 6], circles: [[2, 2.2, 0.7]], boxes: [[5, 3, 1, 6, 0.2]] },
  ];
  for (const [k, s] of scenes.entries())
    for (const r of [0.5, 0.2]) {
      const got = collide(s.a, s.b, s.circles, s.boxes, r);
      const all = [...s.circles, ...s.boxes];
      const err = (N) => {
        const p = substeps(s.a, s.b, all, r, N);
        return Math.hypot(got[0] - p[0], got[1] - p[1]);
      };
      // the substeps' error shrinks like 1/N toward the library's result
      const coarse = err(2000),
        fine = err(20000);
      assert.ok(fine < 1e-3, `scene ${k} r=${r}: ${fine} from 20000 substeps`);
      assert.ok(
        fine < coarse / 4 || coarse < 1e-6,
        `scene ${k} r=${r}: no convergence (${coarse} → ${fine})`,
      );
    }
});

test('nothing tunnels: a step far longer than a thin wall is deep stops at it', () => {
  const thin = [0, 5, 10, 0.01, 0];
  close(collide([0, 0], [0, 1000], [], [thin], 0), [0, 4.995], 1e-4, 'thin wall, radius 0');
  close(collide([0, 0], [0, 1000], [[0, 500, 0.001]], [], 0.2), [0, 500 - 0.201], 1e-3, 'tiny pillar');
});

test('the order of the obstacles does not matter', () => {
  const circles = [
      [0, 3, 1],
      [2, 4, 0.8],
      [-2, 5, 1.2],
    ],
    boxes = [
      [0, 7, 6, 1, 0.4],
      [3, 2, 1, 3, -0.2],
    ];
  const a = collide([0, 0], [1, 9], circles, boxes, 0.4);
  const b = collide([0, 0], [1, 9], [...circles].reverse(), [...boxes].reverse(), 0.4);
  close(a, b, 1e-6, 'reversed');
});

test('the 2D form is the 3D one in the (x, y) plane with counterclockwise angles', () => {
  const yaw = 0.6;
  const a3 = collide([0, 0], [1, 8], [[1, 3, 0.5]], [[0, 5, 4, 1, yaw]], 0.3);
  // 3D (x, z) with yaw θ turning +Z toward +X is the plane (x, y) with angle −θ
  const o = new sp.Obstacles(1, 1);
  o.circles.set([1, 3, 0.5]);
  o.boxes.set([0, 5, 4, 1, -yaw]);
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
    set(x, y) {
      this.x = x;
      this.y = y;
      return this;
    }
  }
  const out = new Point(0, 0);
  const r = sp.simulationCollideObstaclesV2(new Point(0, 0), { x: 1, y: 8 }, o, 0.3, out);
  assert.equal(r, out);
  assert.equal(typeof r.set, 'function');
  close([r.x, r.y], a3, 1e-5, '2D = 3D');
  o.dispose();
});

test('Obstacles: views in WASM memory, equal to plain arrays; NaN or negative sizes leave an entry out', () => {
  const o = new sp.Obstacles(2, 1);
  assert.equal(o.circles.length, 6);
  assert.equal(o.boxes.length, 5);
  o.circles.set([0, 5, 1, NaN, 0, 0]); // the second circle is switched off
  o.boxes.set([0, 9, 10, 1, 0]);
  const prev = { x: 0, y: 0, z: 0 },
    next = { x: 0.2, y: 0, z: 12 };
  const a = sp.simulationCollideObstacles(prev, next, o, 0.5);
  const b = sp.simulationCollideObstacles(
    prev,
    next,
    { circles: new Float32Array([0, 5, 1]), boxes: o.boxes },
    0.5,
  );
  assert.deepEqual(a, b);
  o.circles.set([0, 5, -1], 0); // a negative radius leaves the pillar out: the wall stops it
  const c = sp.simulationCollideObstacles(prev, next, o, 0.5);
  close([c.x, c.z], [0.2, 8], 1e-5, 'only the wall');
  // the views stay valid across memory growth (read through the getters)
  const big = new sp.SimpleSpringDamperExactBatch(1 << 20, { dim: 3 });
  const d = sp.simulationCollideObstacles(prev, next, o, 0.5);
  assert.deepEqual(d, c);
  big.dispose();
  o.dispose();
  assert.throws(
    () => sp.simulationCollideObstacles(prev, next, o, 0.5),
    /^TypeError: sprung\.simulationCollideObstacles: obstacles was disposed/,
  );
  assert.throws(() => new sp.Obstacles(-1), /sprung\.Obstacles: circleCount must be an integer/);
});

test('obstacle arrays must hold whole obstacles, and are checked like every Float32Array argument', () => {
  const p = { x: 0, y: 0, z: 0 },
    out = { x: 9, y: 9, z: 9 };
  assert.throws(
    () =>
      sp.simulationCollideObstacles(
        p,
        p,
        { circles: new Float32Array(4), boxes: new Float32Array(0) },
        0.5,
        out,
      ),
    /^RangeError: sprung\.simulationCollideObstacles: obstacles\.circles must hold 3 floats per circle, got 4/,
  );
  assert.throws(
    () =>
      sp.simulationCollideObstaclesV2(
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { circles: new Float32Array(0), boxes: [1, 2, 3, 4, 5] },
        0.5,
      ),
    /^TypeError: sprung\.simulationCollideObstaclesV2: obstacles\.boxes must be a Float32Array/,
  );
  assert.throws(() => sp.simulationCollideObstacles(p, p, null, 0.5), /obstacles must be an object/);
  assert.throws(
    () => sp.simulationCollideObstacles(p, p, new sp.Obstacles(0), -1),
    /radius must be a finite number ≥ 0/,
  );
  assert.deepEqual(out, { x: 9, y: 9, z: 9 });
});
