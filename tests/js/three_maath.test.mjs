// three_maath.test.mjs — sprung/three as a drop-in for maath's `easing`: a program written for
// maath (every function it has, its defaults, its easing argument, colours as hex numbers, CSS
// names, arrays and Colors, dampLookAt under a parent, dampM) runs with only its import line
// changed, and every value lands where the exact solution says.
//
// Oracles, none sharing code with the layer: the critical spring's closed form from rest,
// x(t) = g + (x0 − g)·e^(−ωt)·(1 + ωt) with ω = 2/smoothTime, worked out here in double; a
// rotation from rest turns about its fixed offset axis by that same factor; three.js itself for
// the rotations it builds (lookAt, compose) and the sRGB transfer function for CSS colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as THREE from 'three';
import * as three from '../../dist/three.js';

/** A program written for maath (its import line is the only one this test changes). */
const PROGRAM = `import { easing } from 'maath';
import * as THREE from 'three';

export function run() {
  const out = {};
  // damp with every default: smoothTime 0.25, delta 0.01
  const fade = { opacity: 0 };
  for (let i = 0; i < 30; i++) easing.damp(fade, 'opacity', 1);
  out.opacity = fade.opacity;
  // dampAngle the short way, with maath's easing argument and eps
  const yaw = { y: 3 };
  for (let i = 0; i < 20; i++) easing.dampAngle(yaw, 'y', -3, 0.2, 1 / 60, Infinity, easing.exp, 0.001);
  out.yaw = yaw.y;
  // damp2 toward one number, damp3 through a frame hitch, damp4 toward an array
  const p2 = new THREE.Vector2(1, -1);
  for (let i = 0; i < 10; i++) easing.damp2(p2, 5, 0.3, 1 / 30);
  out.p2 = p2.toArray();
  const p3 = new THREE.Vector3(0, 0, 0);
  for (const dt of [1 / 60, 1 / 60, 0.5, 1 / 60]) easing.damp3(p3, new THREE.Vector3(1, 2, 3), 0.25, dt);
  out.p3 = p3.toArray();
  const p4 = new THREE.Vector4(0, 0, 0, 0);
  for (let i = 0; i < 8; i++) easing.damp4(p4, [1, 2, 3, 4], 0.4, 1 / 50, Infinity, easing.linear);
  out.p4 = p4.toArray();
  // dampE, dampS
  const euler = new THREE.Euler(0.1, 0.2, 0.3, 'YXZ');
  for (let i = 0; i < 12; i++) easing.dampE(euler, [1, -1, 0.5, 'YXZ'], 0.2, 1 / 60);
  out.euler = [euler.x, euler.y, euler.z];
  const orbit = new THREE.Spherical(10, 1, 0.5);
  for (let i = 0; i < 12; i++) easing.dampS(orbit, [4, 0.5, 2], 0.3, 1 / 60);
  out.orbit = [orbit.radius, orbit.phi, orbit.theta];
  // dampC toward a CSS name, a hex number, an array, a Color
  out.colors = [];
  for (const target of ['hotpink', 0x00ff80, [0.2, 0.4, 0.6], new THREE.Color(0.9, 0.1, 0.3)]) {
    const c = new THREE.Color(0, 0, 0);
    for (let i = 0; i < 15; i++) easing.dampC(c, target, 0.25, 1 / 60);
    out.colors.push(c.toArray());
  }
  // dampQ
  const q = new THREE.Quaternion();
  const turned = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 2, 2).normalize(), 2);
  for (let i = 0; i < 25; i++) easing.dampQ(q, turned, 0.25, 1 / 60);
  out.q = q.toArray();
  // dampLookAt: a camera in a rotated rig, and a mesh, each looking at a point
  const rig = new THREE.Group();
  rig.rotation.set(0.3, -0.5, 0.2);
  rig.position.set(1, 1, 1);
  const camera = new THREE.PerspectiveCamera();
  camera.position.set(0, 2, 5);
  rig.add(camera);
  const mesh = new THREE.Mesh();
  mesh.position.set(-2, 0, 0);
  for (let i = 0; i < 20; i++) {
    easing.dampLookAt(camera, [3, 0, -1], 0.3, 1 / 60);
    easing.dampLookAt(mesh, new THREE.Vector3(0, 1, 4), 0.3, 1 / 60);
  }
  out.camera = camera.quaternion.toArray();
  out.mesh = mesh.quaternion.toArray();
  // dampM toward a matrix given as a Matrix4 and as 16 numbers (row-major, as Matrix4.set takes them)
  const goal = new THREE.Matrix4().compose(
    new THREE.Vector3(1, -2, 3),
    new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1.2),
    new THREE.Vector3(2, 0.5, 1),
  );
  const m1 = new THREE.Matrix4(), m2 = new THREE.Matrix4();
  for (let i = 0; i < 16; i++) {
    easing.dampM(m1, goal, 0.3, 1 / 60);
    easing.dampM(m2, goal.clone().transpose().elements, 0.3, 1 / 60);
  }
  out.m1 = [...m1.elements];
  out.m2 = [...m2.elements];
  return out;
}
`;

const dir = mkdtempSync(join(tmpdir(), 'sprung-maath-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** x(t) of the critical spring from rest at x0 toward g (see the header). */
const critical = (x0, g, smoothTime, t) => {
  const w = 2 / smoothTime;
  return g + (x0 - g) * Math.exp(-w * t) * (1 + w * t);
};
/** The fraction of the way a spring from rest has gone after t. */
const gone = (smoothTime, t) => 1 - critical(1, 0, smoothTime, t);
const near = (got, want, what, tol = 2e-6) =>
  assert.ok(Math.abs(got - want) <= tol * Math.max(1, Math.abs(want)), `${what}: ${got} vs ${want}`);
const nearAll = (got, want, what, tol) => want.forEach((w, i) => near(got[i], w, `${what}[${i}]`, tol));
/** The rotation from rest at q0 toward g after t: the offset q0·g⁻¹ shrinks by the spring's factor. */
function turnedToward(q0, g, smoothTime, t) {
  const off = q0.clone().multiply(g.clone().invert());
  if (off.w < 0) off.set(-off.x, -off.y, -off.z, -off.w);
  const angle = 2 * Math.atan2(Math.hypot(off.x, off.y, off.z), off.w);
  const axis = new THREE.Vector3(off.x, off.y, off.z).normalize();
  const left = angle * (1 - gone(smoothTime, t));
  return new THREE.Quaternion().setFromAxisAngle(axis, left).multiply(g);
}
const sameRotation = (got, want, what) => {
  const q = new THREE.Quaternion().fromArray(got);
  assert.ok(q.angleTo(want) < 2e-6, `${what}: ${q.angleTo(want)} rad off`);
};
/** sRGB to linear (the transfer function, IEC 61966-2-1). */
const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

test('a program written for maath runs with only its import line changed, and lands on the exact solution', async () => {
  assert.match(PROGRAM, /^import \{ easing \} from 'maath';/);
  const file = join(dir, 'program.mjs');
  const threeUrl = pathToFileURL(fileURLToPath(import.meta.resolve('three'))).href;
  const sprungUrl = new URL('../../dist/three.js', import.meta.url).href;
  writeFileSync(
    file,
    PROGRAM.replace("import { easing } from 'maath';", `import * as easing from '${sprungUrl}';`).replace(
      "from 'three'",
      `from '${threeUrl}'`,
    ),
  );
  assert.equal(
    readFileSync(file, 'utf8').split('\n').slice(1).join('\n'),
    PROGRAM.split('\n').slice(1).join('\n').replace("from 'three'", `from '${threeUrl}'`),
  );
  await three.init(); // once, as an app does at startup
  const out = (await import(pathToFileURL(file).href)).run();

  near(out.opacity, critical(0, 1, 0.25, 30 * 0.01), 'damp with the defaults');
  // −3 from 3 the short way: 3 + (−6 + 2π)
  near(out.yaw, critical(3, 3 + (2 * Math.PI - 6), 0.2, 20 / 60), 'dampAngle');
  nearAll(out.p2, [critical(1, 5, 0.3, 10 / 30), critical(-1, 5, 0.3, 10 / 30)], 'damp2');
  const t3 = 3 / 60 + 0.5;
  nearAll(
    out.p3,
    [1, 2, 3].map((g) => critical(0, g, 0.25, t3)),
    'damp3 through a hitch',
  );
  nearAll(
    out.p4,
    [1, 2, 3, 4].map((g) => critical(0, g, 0.4, 8 / 50)),
    'damp4',
  );
  nearAll(
    out.euler,
    [0.1, 0.2, 0.3].map((x, i) => critical(x, [1, -1, 0.5][i], 0.2, 12 / 60)),
    'dampE',
  );
  nearAll(
    out.orbit,
    [critical(10, 4, 0.3, 0.2), critical(1, 0.5, 0.3, 0.2), critical(0.5, 2, 0.3, 0.2)],
    'dampS',
  );

  const f = gone(0.25, 15 / 60);
  const hotpink = [0xff, 0x69, 0xb4].map((b) => linear(b / 255)); // CSS hotpink is #ff69b4
  const green = [0x00, 0xff, 0x80].map((b) => linear(b / 255));
  for (const [got, want, what] of [
    [out.colors[0], hotpink, "'hotpink'"],
    [out.colors[1], green, '0x00ff80'],
    [out.colors[2], [0.2, 0.4, 0.6], 'an array, as it is'],
    [out.colors[3], [0.9, 0.1, 0.3], 'a Color'],
  ])
    nearAll(
      got,
      want.map((c) => c * f),
      `dampC toward ${what}`,
    );

  const turned = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 2, 2).normalize(), 2);
  sameRotation(out.q, turnedToward(new THREE.Quaternion(), turned, 0.25, 25 / 60), 'dampQ');

  // dampLookAt: the local rotation three.js's lookAt gives, reached by the rotation spring
  const t = 20 / 60;
  const rig = new THREE.Group();
  rig.rotation.set(0.3, -0.5, 0.2);
  rig.position.set(1, 1, 1);
  const camera = new THREE.PerspectiveCamera();
  camera.position.set(0, 2, 5);
  rig.add(camera);
  camera.lookAt(3, 0, -1);
  sameRotation(
    out.camera,
    turnedToward(new THREE.Quaternion(), camera.quaternion, 0.3, t),
    'dampLookAt, a camera in a rig',
  );
  const mesh = new THREE.Mesh();
  mesh.position.set(-2, 0, 0);
  mesh.lookAt(0, 1, 4);
  sameRotation(out.mesh, turnedToward(new THREE.Quaternion(), mesh.quaternion, 0.3, t), 'dampLookAt, a mesh');

  // dampM: position and scale by the spring, the rotation by the rotation spring, composed
  const tm = 16 / 60;
  const yTurn = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1.2);
  const want = new THREE.Matrix4().compose(
    new THREE.Vector3(...[1, -2, 3].map((g) => critical(0, g, 0.3, tm))),
    turnedToward(new THREE.Quaternion(), yTurn, 0.3, tm),
    new THREE.Vector3(...[2, 0.5, 1].map((g) => critical(1, g, 0.3, tm))),
  );
  nearAll(out.m1, want.elements, 'dampM toward a Matrix4');
  nearAll(out.m2, want.elements, 'dampM toward 16 numbers');
});
