// three_skin.test.mjs — sprung/three's bindSkeleton against three.js itself: a MotionController
// (and each member of a MotionCrowd) written onto a THREE.Skeleton, then three's own matrices
// (Object3D.matrixWorld, composed by three.js from the local transforms the binding wrote) put
// every bone at the controller's world `positions` and `rotations` (the oracle: sprung's forward
// kinematics, which shares no code with the binding). Bones by name (Mixamo's prefix, CMU's
// names through three's BVHLoader), an explicit map, units (an armature scaled to centimetres,
// a BVH skeleton in its file's units), a glTF-style armature turned to Z up with a database of
// its own clips, bones the database lacks left at rest, memory growth, and bad arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as THREE from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import {
  init,
  clipFromThree,
  parseBvh,
  DamperExactBatch,
  onMemoryGrowth,
  MotionController,
  MotionCrowd,
  MotionDatabase,
} from '../../dist/index.js';
import { bindSkeleton } from '../../dist/three.js';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { arc, line, pivot, stand, takeOf } from '../../web/playground/motion/script.js';
import { humanoidClips, skinnedHumanoid } from '../../web/playground/motion/humanoid.js';

await init();

// a small dance card: walks, runs, turns and stops (a few seconds each)
const TAKES = {
  walk: takeOf([
    stand(1.5),
    line('walk', 1.3, 4),
    arc('walk', 1.3, 1.5, 90),
    line('walk', 1.3, 2),
    arc('walk', 1.3, 1.5, -180),
    line('walk', 1.3, 2),
    stand(1.5),
  ]),
  run: takeOf([stand(1.5), line('run', 3.3, 4), arc('run', 3.3, 3, -90), line('run', 3.3, 2), stand(2)]),
  turn: takeOf([stand(1), pivot(90), stand(1), pivot(-180), line('walk', 1.2, 2), stand(1.5)]),
};
const DATA = danceCard({ takes: TAKES });
const FEATURES = [
  { type: 'position', bone: 'LeftToe', weight: 0.75 },
  { type: 'position', bone: 'RightToe', weight: 0.75 },
  { type: 'velocity', bone: 'Hips' },
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];
const NAMES = DATA.skeleton.names;
const B = NAMES.length;
/** The dance card's rest offsets: every frame's local positions but the hips' are the skeleton's. */
const OFFSETS = DATA.clips[0].poses.slice(0, 3 * B);

/** A minute of input: ahead, a turn, a run, a strafe, stops. */
function input(i) {
  const t = i / 60;
  const [x, z] = t < 2 ? [0, 1.3] : t < 3.5 ? [1.3, 0] : t < 5 ? [0, -3.3] : t < 6 ? [0, 0] : [-1, 1];
  return { velocity: { x, y: 0, z } };
}

/** The angle (rad) between two rotations, as 2·atan2(|xyz|, |w|) of one relative to the other (three's
 *  angleTo, 2·acos(|dot|), turns float32 rounding into 3e-4 rad near 0). */
function angleBetween(a, b) {
  const d = a.clone().invert().multiply(b);
  return 2 * Math.atan2(Math.hypot(d.x, d.y, d.z), Math.abs(d.w));
}

/** The worst distance (m) and angle (rad) between each bound bone and the controller's world transform. */
function worst(binding, c) {
  const p = new THREE.Vector3();
  const q = new THREE.Quaternion();
  let distance = 0,
    angle = 0,
    bound = 0;
  binding.bones.forEach((bone, b) => {
    if (!bone) return;
    bone.updateWorldMatrix(true, false);
    bone.matrixWorld.decompose(p, q, new THREE.Vector3());
    distance = Math.max(
      distance,
      Math.hypot(p.x - c.positions[3 * b], p.y - c.positions[3 * b + 1], p.z - c.positions[3 * b + 2]),
    );
    angle = Math.max(angle, angleBetween(q, new THREE.Quaternion().fromArray(c.rotations, 4 * b)));
    bound++;
  });
  return { distance, angle, bound };
}

test('a humanoid of Mixamo-style names in centimetres: every bone where the controller has it, frame after frame', () => {
  const db = new MotionDatabase(DATA, { features: FEATURES });
  const c = new MotionController(db);
  // the bones in an armature scaled to centimetres, their names prefixed as a Mixamo rig's,
  // with two bones the database lacks: the top of the head and a prop in the right hand
  const h = skinnedHumanoid(
    { parents: DATA.skeleton.parents, names: NAMES, offsets: OFFSETS },
    { prefix: 'mixamorig', armature: { scale: 0.01, rotation: [0, 0, 0, 1] } },
  );
  const top = new THREE.Bone();
  top.name = 'mixamorigHeadTop_End';
  top.position.set(0, 18, 2); // cm
  h.bones[NAMES.indexOf('Head')].add(top);
  const prop = new THREE.Bone();
  prop.name = 'sword';
  prop.position.set(0, -9, 4);
  prop.quaternion.setFromAxisAngle(new THREE.Vector3(1, 0, 0), 0.4);
  h.bones[NAMES.indexOf('RightHand')].add(prop);
  const scene = new THREE.Scene().add(h.root);
  const skin = bindSkeleton(c, h.root);
  assert.equal(skin.bones[0], h.root, 'the character is the simulation bone');
  assert.equal(skin.bones.filter(Boolean).length, B, 'every bone of the database drives one');
  assert.equal(skin.bones[NAMES.indexOf('LeftToe')].name, 'mixamorigLeftToe');
  let far = { distance: 0, angle: 0 };
  let travelled = 0;
  for (let i = 0; i < 600; i++) {
    const [x, z] = [c.positions[0], c.positions[2]];
    c.update(1 / 60, input(i));
    skin.update();
    travelled += Math.hypot(c.positions[0] - x, c.positions[2] - z);
    if (i % 20 === 19) {
      scene.updateMatrixWorld(true);
      const w = worst(skin, c);
      far = { distance: Math.max(far.distance, w.distance), angle: Math.max(far.angle, w.angle) };
      // bones the database lacks keep their rest offsets (in cm) from their parents
      for (const [bone, parent] of [
        [top, 'Head'],
        [prop, 'RightHand'],
      ]) {
        const k = NAMES.indexOf(parent);
        const r = new THREE.Quaternion().fromArray(c.rotations, 4 * k);
        const want = bone.position.clone().multiplyScalar(0.01).applyQuaternion(r);
        want.add(new THREE.Vector3().fromArray(c.positions, 3 * k));
        const got = bone.getWorldPosition(new THREE.Vector3());
        assert.ok(got.distanceTo(want) < 1e-5, `${bone.name}: ${got.toArray()} vs ${want.toArray()}`);
        const turned = angleBetween(
          bone.getWorldQuaternion(new THREE.Quaternion()),
          r.multiply(bone.quaternion),
        );
        assert.ok(turned < 1e-5, `${bone.name} turns with its parent: ${turned} rad`);
      }
    }
  }
  console.log(`humanoid: within ${far.distance.toExponential(2)} m, ${far.angle.toExponential(2)} rad`);
  // float32 world transforms of a body a few metres from the origin: within a few of their ulps
  assert.ok(far.distance < 1e-5, `${far.distance} m`);
  assert.ok(far.angle < 1e-5, `${far.angle} rad`);
  assert.ok(c.switches > 10 && travelled > 10, `it walked ${travelled} m, switching ${c.switches} times`);
  c.dispose();
  db.dispose();
});

test('an explicit map: other names, a bone unmapped (null) stays at rest; a crowd, each member on its own copy', () => {
  const db = new MotionDatabase(DATA, { features: FEATURES });
  const crowd = new MotionCrowd(db, 3, {
    positions: [
      { x: 0, y: 0, z: 0 },
      { x: 3, y: 0, z: 0 },
      { x: -3, y: 0, z: 2 },
    ],
  });
  // a rig whose knees have other names, mapped by hand
  const rig = skinnedHumanoid({
    parents: DATA.skeleton.parents,
    names: NAMES.map((n) => n.replace(/^(Left|Right)Leg$/, '$1Knee')),
    offsets: OFFSETS,
  });
  const map = { LeftLeg: 'LeftKnee', RightLeg: 'RightKnee', LeftHand: null };
  const copies = crowd.characters.map(() => clone(rig.root));
  const scene = new THREE.Scene().add(...copies);
  const skins = crowd.characters.map((m, i) => bindSkeleton(m, copies[i], { bones: map }));
  const hand = NAMES.indexOf('LeftHand');
  skins.forEach((s) => {
    assert.equal(s.bones[NAMES.indexOf('LeftLeg')].name, 'LeftKnee');
    assert.equal(s.bones[hand], null);
  });
  const rest = copies.map((root) => root.getObjectByName('LeftHand').position.clone());
  let far = 0;
  for (let i = 0; i < 300; i++) {
    crowd.update(
      1 / 60,
      crowd.characters.map((_, k) => input(i + 90 * k)),
    );
    for (const s of skins) s.update();
  }
  scene.updateMatrixWorld(true);
  crowd.characters.forEach((m, k) => {
    const w = worst(skins[k], m);
    assert.equal(w.bound, B - 1);
    far = Math.max(far, w.distance);
    assert.ok(w.angle < 1e-5, `member ${k}: ${w.angle} rad`);
    // the unmapped hand: at rest under its forearm
    const handBone = copies[k].getObjectByName('LeftHand');
    assert.deepEqual(handBone.position.toArray(), rest[k].toArray());
    assert.deepEqual(handBone.quaternion.toArray(), [0, 0, 0, 1]);
  });
  assert.ok(far < 1e-5, `${far} m`);
  crowd.dispose();
  db.dispose();
});

test('a glTF-style armature turned to Z up in centimetres, with a database of its own clips (clipFromThree, options.root)', () => {
  const h = skinnedHumanoid(
    { parents: DATA.skeleton.parents, names: NAMES, offsets: OFFSETS },
    {
      prefix: 'mixamorig',
      armature: { scale: 0.01, rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2] }, // as Mixamo's glTF files
    },
  );
  const clips = humanoidClips(h, DATA);
  const takes = clips.map((clip) => clipFromThree(clip, h.skeleton, { root: h.root }));
  const names = takes[0].skeleton.names;
  assert.deepEqual(names, ['Simulation', ...NAMES.slice(1).map((n) => `mixamorig${n}`)]);
  const db = new MotionDatabase(
    { skeleton: takes[0].skeleton, frameRate: 60, clips: takes.map((t) => t.clip) },
    {
      features: [
        { type: 'position', bone: 'mixamorigLeftToe' },
        { type: 'position', bone: 'mixamorigRightToe' },
        { type: 'velocity', bone: 'mixamorigHips' },
        { type: 'trajectoryPosition', frames: [20, 40, 60] },
        { type: 'trajectoryDirection', frames: [20, 40, 60] },
      ],
    },
  );
  const c = new MotionController(db);
  const scene = new THREE.Scene().add(h.root);
  h.root.position.set(5, 0, 5); // wherever it was: the binding places it
  const skin = bindSkeleton(c, h.root);
  for (let i = 0; i < 400; i++) {
    c.update(1 / 60, input(i));
    skin.update();
  }
  scene.updateMatrixWorld(true);
  const w = worst(skin, c);
  assert.equal(w.bound, B);
  assert.ok(w.distance < 1e-5 && w.angle < 1e-5, JSON.stringify(w));
  // the armature is as it was: turned and scaled, not driven
  assert.deepEqual(h.armature.scale.toArray(), [0.01, 0.01, 0.01]);
  // the hips stand about a metre above the ground, the toes near it: Y up in metres
  assert.ok(Math.abs(c.positions[4] - 1) < 0.15, `hips at ${c.positions[4]} m`);
  c.dispose();
  db.dispose();
});

const CMU = new URL('../../build/data/cmu/01_01.bvh', import.meta.url);

test('CMU through three.js BVHLoader: its names, the file’s units (character.scale), End Sites at rest', () => {
  assert.ok(existsSync(CMU), `${CMU.pathname} is missing: ./build.sh build fetches it`);
  const text = readFileSync(CMU, 'utf8');
  const SCALE = 0.056444;
  const take = parseBvh(text, { scale: SCALE, start: 1, frameRate: 60 });
  const db = new MotionDatabase(
    { skeleton: take.skeleton, frameRate: 60, clips: [take.clip] },
    {
      features: [
        { type: 'position', bone: 'LeftToeBase' },
        { type: 'position', bone: 'RightToeBase' },
        { type: 'trajectoryPosition', frames: [20, 40] },
      ],
    },
  );
  const c = new MotionController(db);
  const { skeleton } = new BVHLoader().parse(text);
  const character = new THREE.Group().add(skeleton.bones[0]);
  character.scale.setScalar(SCALE); // metres per unit of the file
  new THREE.Scene().add(character);
  const skin = bindSkeleton(c, character);
  assert.equal(skin.bones.filter(Boolean).length, 32, 'the 31 joints and the character');
  for (let i = 0; i < 240; i++) {
    c.update(1 / 60, input(i));
    skin.update();
  }
  character.updateMatrixWorld(true);
  const w = worst(skin, c);
  assert.ok(w.distance < 1e-5 && w.angle < 1e-5, JSON.stringify(w));
  // the End Sites: their offsets (in the file's units) from their joints, scaled
  const ends = skeleton.bones.filter((b) => b.name === 'ENDSITE');
  assert.equal(ends.length, 5 + 2);
  for (const end of ends) {
    const k = take.skeleton.names.indexOf(end.parent.name);
    const want = end.position
      .clone()
      .multiplyScalar(SCALE)
      .applyQuaternion(new THREE.Quaternion().fromArray(c.rotations, 4 * k))
      .add(new THREE.Vector3().fromArray(c.positions, 3 * k));
    assert.ok(end.getWorldPosition(new THREE.Vector3()).distanceTo(want) < 1e-5, end.parent.name);
  }
  c.dispose();
  db.dispose();
});

test('across memory growth the binding reads the live pose; after dispose it throws', () => {
  const db = new MotionDatabase(DATA, { features: FEATURES });
  const c = new MotionController(db);
  const h = skinnedHumanoid({ parents: DATA.skeleton.parents, names: NAMES, offsets: OFFSETS });
  const skin = bindSkeleton(c, h.root);
  for (let i = 0; i < 60; i++) c.update(1 / 60, input(i));
  // 64 MB at a time until sprung's memory grows (views of it held in variables detach; the
  // controller's getters, which the binding reads at every update, stay live)
  let grew = 0;
  const stop = onMemoryGrowth(() => grew++);
  const big = [];
  while (grew === 0 && big.length < 16) big.push(new DamperExactBatch(1 << 23));
  stop();
  assert.ok(grew > 0, 'the memory grew');
  for (let i = 60; i < 120; i++) c.update(1 / 60, input(i));
  skin.update();
  h.root.updateMatrixWorld(true);
  const w = worst(skin, c);
  assert.ok(w.distance < 1e-5, JSON.stringify(w));
  for (const b of big) b.dispose();
  c.dispose();
  assert.throws(() => skin.update(), /^TypeError: sprung\.MotionController\.positions: /);
  db.dispose();
});

test('bad arguments name themselves', () => {
  const db = new MotionDatabase(DATA, { features: FEATURES });
  const c = new MotionController(db);
  const h = skinnedHumanoid({ parents: DATA.skeleton.parents, names: NAMES, offsets: OFFSETS });
  assert.throws(
    () => bindSkeleton({}, h.root),
    /^TypeError: sprung\.bindSkeleton: source must be a MotionController \(or a MotionCrowd member\), got an object$/,
  );
  assert.throws(
    () => bindSkeleton(c, null),
    /^TypeError: sprung\.bindSkeleton: character must be a three\.js Object3D \(position, quaternion\), got null$/,
  );
  assert.throws(
    () => bindSkeleton(c, new THREE.Group()),
    /^RangeError: sprung\.bindSkeleton: character holds no bones \(no Bone, no SkinnedMesh\): pass the object that holds them$/,
  );
  const other = skinnedHumanoid({
    parents: [-1, 0, 1],
    names: ['root', 'pelvis', 'torso'],
    offsets: [0, 0, 0, 0, 1, 0, 0, 0.3, 0],
  });
  assert.throws(
    () => bindSkeleton(c, other.root),
    /^RangeError: sprung\.bindSkeleton: no bone of character has the name of a bone of the database \("pelvis", "torso"…\): map them with options\.bones$/,
  );
  assert.throws(
    () => bindSkeleton(c, h.root, { bones: { Pelvis: 'Hips' } }),
    /^RangeError: sprung\.bindSkeleton: options\.bones\.Pelvis names no bone of the database \(bone 0 is the character\)$/,
  );
  assert.throws(
    () => bindSkeleton(c, h.root, { bones: { Hips: 'Pelvis' } }),
    /^RangeError: sprung\.bindSkeleton: options\.bones\.Hips names no object below character: "Pelvis"$/,
  );
  assert.throws(
    () => bindSkeleton(c, h.root, 3),
    /^TypeError: sprung\.bindSkeleton: options must be an object, got 3$/,
  );
  c.dispose();
  db.dispose();
});
