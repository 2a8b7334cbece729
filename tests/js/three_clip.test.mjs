// three_clip.test.mjs — clipFromThree of the built package against three.js itself: an
// AnimationClip played by an AnimationMixer on a real skeleton of THREE.Bone (three's
// PropertyBinding and interpolants are the oracle) gives, frame by frame, the world positions
// and rotations that the imported clip's own forward kinematics (done here with matrices)
// gives; the same with plain objects in place of three's tracks (the package's own linear and
// slerp sampling); a bone map that renames and skips bones; bad maps and tracks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as THREE from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { init, clipFromThree, parseBvh, MotionDatabase } from '../../dist/index.js';

/** A small rig under an armature that is moved, turned and scaled (clipFromThree ignores it). */
function rig() {
  const armature = new THREE.Object3D();
  armature.position.set(3, -1, 2);
  armature.quaternion.setFromEuler(new THREE.Euler(0.2, -0.7, 0.1));
  armature.scale.setScalar(0.5);
  const bones = {};
  const add = (name, parent, x, y, z, euler) => {
    const b = new THREE.Bone();
    b.name = name;
    b.position.set(x, y, z);
    b.quaternion.setFromEuler(new THREE.Euler(...euler));
    (parent ? bones[parent] : armature).add(b);
    bones[name] = b;
  };
  add('mixamorigHips', null, 0.1, 1, -0.2, [0.1, 0.3, 0]);
  add('LeftUpLeg', 'mixamorigHips', 0.1, -0.05, 0, [0, 0, 0.1]);
  add('LeftLeg', 'LeftUpLeg', 0, -0.45, 0, [0.2, 0, 0]);
  add('RightUpLeg', 'mixamorigHips', -0.1, -0.05, 0, [0, 0, -0.1]);
  add('RightLeg', 'RightUpLeg', 0, -0.45, 0, [0.3, 0, 0]);
  add('Spine', 'mixamorigHips', 0, 0.1, 0, [0, 0, 0]);
  add('Spine1', 'Spine', 0, 0.15, 0, [-0.1, 0, 0]);
  add('Head', 'Spine1', 0, 0.3, 0.02, [0.1, 0.2, 0]);
  // the skeleton lists its bones out of order, as a file may
  const skeleton = new THREE.Skeleton(
    ['Head', 'LeftLeg', 'mixamorigHips', 'Spine', 'RightUpLeg', 'Spine1', 'LeftUpLeg', 'RightLeg'].map(
      (n) => bones[n],
    ),
  );
  armature.skeleton = skeleton; // where three's PropertyBinding looks up '.bones[name]' tracks
  return { armature, skeleton, bones };
}

const quat = (e) => new THREE.Quaternion().setFromEuler(new THREE.Euler(...e)).toArray();
/** Keys at irregular times over 2 s. */
const TIMES = [0, 0.13, 0.5, 0.61, 1.2, 1.37, 2];
const keys = (f) => TIMES.flatMap((t, i) => f(t, i));
/** A clip of linear tracks (and, if `all`, a discrete and a smooth one). */
function clip(all) {
  const tracks = [
    new THREE.VectorKeyframeTrack(
      'mixamorigHips.position',
      TIMES,
      keys((t) => [0.8 * t, 1 + 0.05 * Math.sin(5 * t), 0.3 * t * t]),
    ),
    new THREE.QuaternionKeyframeTrack(
      'mixamorigHips.quaternion',
      TIMES,
      keys((t) => quat([0.1 * Math.sin(3 * t), 1.2 * t, 0.05])),
    ),
    new THREE.QuaternionKeyframeTrack(
      'LeftUpLeg.quaternion',
      TIMES,
      keys((t) => quat([0.8 * Math.sin(4 * t), 0.1, 0.2 * t])),
    ),
    new THREE.QuaternionKeyframeTrack(
      '.bones[RightUpLeg].quaternion',
      TIMES,
      keys((t) => quat([-0.8 * Math.sin(4 * t), -0.1, 0])),
    ),
    new THREE.QuaternionKeyframeTrack(
      'RightLeg.quaternion',
      TIMES,
      keys((t) => quat([0.5 + 0.5 * Math.cos(4 * t), 0, 0])),
    ),
    new THREE.QuaternionKeyframeTrack(
      'Spine1.quaternion',
      TIMES,
      keys((t, i) => quat([0.1 * i, -0.2 * i, 0.3])),
    ),
  ];
  if (all)
    tracks.push(
      new THREE.QuaternionKeyframeTrack(
        'Head.quaternion',
        TIMES,
        keys((t) => quat([t, 0, -t])),
        THREE.InterpolateDiscrete,
      ),
      new THREE.VectorKeyframeTrack(
        'Spine.position',
        TIMES,
        keys((t, i) => [0, 0.1 + 0.02 * (i % 2), 0.01 * i]),
        THREE.InterpolateSmooth,
      ),
    );
  return new THREE.AnimationClip('take', -1, tracks);
}

/** Matrices of the imported clip's bones at frame f: world rotations (three.js Matrix4) and positions. */
function worldOf(m, f) {
  const { parents } = m.skeleton;
  const B = parents.length,
    p = m.clip.poses,
    o = f * 13 * B;
  const mats = [];
  for (let b = 0; b < B; b++) {
    const r = o + 6 * B + 4 * b;
    const local = new THREE.Matrix4().compose(
      new THREE.Vector3(p[o + 3 * b], p[o + 3 * b + 1], p[o + 3 * b + 2]),
      new THREE.Quaternion(p[r], p[r + 1], p[r + 2], p[r + 3]),
      new THREE.Vector3(1, 1, 1),
    );
    mats.push(parents[b] < 0 ? local : new THREE.Matrix4().multiplyMatrices(mats[parents[b]], local));
  }
  return mats;
}

/**
 * Plays `animation` with three's mixer at `rate` Hz and compares each output bone (mapped by
 * `map`: output name → bone name) with the imported clip `m`, in the armature's space.
 */
function compare(m, animation, rate, map) {
  const { armature, bones } = rig();
  const mixer = new THREE.AnimationMixer(armature);
  const action = mixer.clipAction(animation).setLoop(THREE.LoopOnce, 1).play();
  action.clampWhenFinished = true;
  // a smooth track's ends as its own interpolant has them (zero curvature), not flattened
  action.zeroSlopeAtStart = action.zeroSlopeAtEnd = false;
  const frames = m.clip.poses.length / (13 * m.skeleton.parents.length);
  assert.equal(frames, Math.floor(animation.duration * rate + 1e-9) + 1);
  const toArmature = new THREE.Matrix4();
  let worst = 0;
  for (let f = 0; f < frames; f++) {
    mixer.setTime(f / rate);
    armature.updateMatrixWorld(true);
    toArmature.copy(armature.matrixWorld).invert();
    const mats = worldOf(m, f);
    m.skeleton.names.slice(1).forEach((name, i) => {
      const want = new THREE.Matrix4().multiplyMatrices(toArmature, bones[map[name]].matrixWorld).elements;
      const got = mats[i + 1].elements;
      for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(got[k] - want[k]));
    });
  }
  return worst;
}

const EVERY = Object.fromEntries(
  ['mixamorigHips', 'LeftUpLeg', 'LeftLeg', 'RightUpLeg', 'RightLeg', 'Spine', 'Spine1', 'Head'].map((n) => [
    n,
    n,
  ]),
);

test('every bone where three.js AnimationMixer puts it, at every frame (linear, discrete and smooth tracks; ignored tracks)', () => {
  const { skeleton } = rig();
  const animation = clip(true);
  // tracks that clipFromThree ignores: a scale, an object that is not a bone, a morph target
  const extra = [
    new THREE.VectorKeyframeTrack(
      'LeftLeg.scale',
      TIMES,
      keys(() => [2, 2, 2]),
    ),
    new THREE.VectorKeyframeTrack(
      'Camera.position',
      TIMES,
      keys((t) => [t, 1, 0]),
    ),
    new THREE.NumberKeyframeTrack(
      'Face.morphTargetInfluences[smile]',
      TIMES,
      keys((t) => [t / 2]),
    ),
  ];
  const m = clipFromThree(new THREE.AnimationClip('take', -1, [...animation.tracks, ...extra]), skeleton, {
    frameRate: 30,
  });
  assert.equal(m.frameRate, 30);
  assert.equal(m.clip.name, 'take');
  // depth-first from the root, children in the skeleton's order; the simulation bone in front
  assert.deepEqual(m.skeleton.names, [
    'Simulation',
    'mixamorigHips',
    'Spine',
    'Spine1',
    'Head',
    'RightUpLeg',
    'RightLeg',
    'LeftUpLeg',
    'LeftLeg',
  ]);
  assert.deepEqual(Array.from(m.skeleton.parents), [-1, 0, 1, 2, 3, 1, 5, 1, 7]);
  // float32 poses: within a few ulps of the rig's size
  const worst = compare(m, animation, 30, EVERY);
  assert.ok(worst < 2e-6, `within ${worst}`);
  // the simulation bone on the ground, turned about +Y only
  const B = 9;
  for (let f = 0; f < 61; f++) {
    const o = f * 13 * B;
    assert.equal(m.clip.poses[o + 1], 0);
    assert.equal(m.clip.poses[o + 6 * B], 0);
    assert.equal(m.clip.poses[o + 6 * B + 2], 0);
  }
});

test('plain objects for tracks (linear, slerp): the same as three.js sampling the same keys', () => {
  const { skeleton } = rig();
  const animation = clip(false);
  const plain = {
    name: 'plain',
    duration: animation.duration,
    tracks: animation.tracks.map((t) => ({
      name: t.name,
      times: Array.from(t.times),
      values: Array.from(t.values),
    })),
  };
  const m = clipFromThree(plain, skeleton.bones, { frameRate: 24 });
  const worst = compare(m, animation, 24, EVERY);
  assert.ok(worst < 2e-6, `within ${worst}`);
});

test('a bone map renames bones and skips some: each kept bone under its nearest kept ancestor, in the same place', () => {
  const { skeleton } = rig();
  const animation = clip(true);
  const map = {
    Head: 'Head',
    Hips: 'mixamorigHips',
    Chest: 'Spine1',
    LeftShin: 'LeftLeg',
    RightShin: 'RightLeg',
  };
  const m = clipFromThree(animation, skeleton, {
    bones: map,
    frameRate: 30,
    simulation: { direction: 'Chest' },
  });
  assert.deepEqual(m.skeleton.names, ['Simulation', 'Hips', 'Chest', 'Head', 'RightShin', 'LeftShin']);
  assert.deepEqual(Array.from(m.skeleton.parents), [-1, 0, 1, 2, 1, 1]);
  const worst = compare(m, animation, 30, map);
  assert.ok(worst < 2e-6, `within ${worst}`);
  // units: scale multiplies every position and velocity, the rotations stay. Velocities are
  // differences of float32 positions (up to 2 m): the one-sided ones at the ends, (−3, 4, −1)/2,
  // within 4·ulp(2 m)·30 Hz ≈ 3e-5 m/s, 3e-3 in centimetres.
  const cm = clipFromThree(animation, skeleton, {
    bones: map,
    frameRate: 30,
    scale: 100,
    simulation: { direction: 'Chest' },
  });
  const B = 6;
  for (let i = 0; i < m.clip.poses.length; i++) {
    const c = i % (13 * B);
    const want = c < 6 * B ? 100 * m.clip.poses[i] : m.clip.poses[i];
    const tolerance = c >= 3 * B && c < 6 * B ? 3e-3 : 1e-5 * Math.max(1, Math.abs(want));
    assert.ok(Math.abs(cm.clip.poses[i] - want) <= tolerance, `float ${i}: ${cm.clip.poses[i]} vs ${want}`);
  }
});

test('bad maps name the bone; bad tracks name the track; bad arguments name the argument', () => {
  const { skeleton } = rig();
  const animation = clip(false);
  assert.throws(
    () => clipFromThree(animation, skeleton, { bones: { Hips: 'mixamorigHips', Chest: 'Spine2' } }),
    /^RangeError: sprung\.clipFromThree: options\.bones\.Chest names no bone of the skeleton: "Spine2"$/,
  );
  assert.throws(
    () => clipFromThree(animation, skeleton, { bones: { Hips: 'mixamorigHips', Pelvis: 'mixamorigHips' } }),
    /^RangeError: sprung\.clipFromThree: options\.bones\.Pelvis names the bone of options\.bones\.Hips: "mixamorigHips"$/,
  );
  assert.throws(
    () => clipFromThree(animation, skeleton, { bones: { LeftShin: 'LeftLeg', RightShin: 'RightLeg' } }),
    /^RangeError: sprung\.clipFromThree: bone LeftShin is not under RightShin: the bones must have one root \(check options\.bones\)$/,
  );
  assert.throws(
    () => clipFromThree(animation, skeleton, { bones: {} }),
    /^RangeError: sprung\.clipFromThree: options\.bones maps no bone$/,
  );
  assert.throws(
    () => clipFromThree(animation, skeleton, { simulation: { position: 'Hips' } }),
    /^RangeError: sprung\.clipFromThree: options\.simulation\.position must name a bone \(mixamorigHips, Spine, .*\), got "Hips"$/,
  );
  const broken = {
    name: 'b',
    duration: 1,
    tracks: [{ name: 'Spine.quaternion', times: [0, 1], values: [0, 0, 0, 1, 0, 0, 0] }],
  };
  assert.throws(
    () => clipFromThree(broken, skeleton),
    /^RangeError: sprung\.clipFromThree: track 0 \(Spine\.quaternion\) must have 4 values per time, got 7 values for 2 times$/,
  );
  assert.throws(
    () => clipFromThree(null, skeleton),
    /^TypeError: sprung\.clipFromThree: clip must be an AnimationClip \(an object with tracks\), got null$/,
  );
  assert.throws(
    () => clipFromThree(animation, {}),
    /^TypeError: sprung\.clipFromThree: skeleton must be a Skeleton or an array of bones, got an object$/,
  );
  assert.throws(
    () => clipFromThree(animation, [{ name: 'x' }]),
    /^TypeError: sprung\.clipFromThree: skeleton bone 0 must be a Bone \(name, parent, position, quaternion\), got an object$/,
  );
  assert.throws(
    () => clipFromThree(animation, skeleton, { frameRate: 0 }),
    /^RangeError: sprung\.clipFromThree: options\.frameRate must be a finite number > 0, got 0$/,
  );
  assert.throws(
    () => clipFromThree({ ...animation, tracks: animation.tracks, duration: NaN }, skeleton),
    /clip\.duration must be a finite number ≥ 0, got NaN/,
  );
});

// ---- three.js's BVHLoader and parseBvh on the same CMU file ---------------------------------
const CMU = new URL('../../build/data/cmu/', import.meta.url);
const SCALE = 0.056444; // CMU's BVH conversion: 1/0.45 inch
const cmu = (name) => {
  const file = new URL(name, CMU);
  assert.ok(existsSync(file), `${file.pathname} is missing: ./build.sh build fetches it`);
  return readFileSync(file, 'utf8');
};
/** Holden's features of the CMU skeleton (feet, hips, the trajectory). */
const CMU_FEATURES = [
  { type: 'position', bone: 'LeftToeBase', weight: 0.75 },
  { type: 'position', bone: 'RightToeBase', weight: 0.75 },
  { type: 'velocity', bone: 'LeftToeBase' },
  { type: 'velocity', bone: 'RightToeBase' },
  { type: 'velocity', bone: 'Hips' },
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];
/** The largest difference between the normalised features of two databases' frames (the first's normalisation), from frame `from` on. */
function featureGap(a, b, from = 0) {
  const n = b.features(0).length;
  let gap = 0;
  for (let f = from; f < a.frames; f++) {
    const x = a.normalizedFeatures(f);
    const y = b.features(f);
    for (let k = 0; k < n; k++) {
      const s = a.featureScales[k];
      if (s !== 0) gap = Math.max(gap, Math.abs(x[k] - (y[k] - a.featureOffsets[k]) / s));
    }
  }
  return gap;
}

test('a BVHLoader clip and parseBvh give the same clip of a CMU file: End Sites out, `start` as parseBvh’s, the same features', async () => {
  await init();
  for (const file of ['01_01.bvh', '01_03.bvh']) {
    const text = cmu(file);
    const bvh = new BVHLoader().parse(text);
    const mocap = parseBvh(text, { scale: SCALE, start: 1, frameRate: 60 });
    const three = clipFromThree(bvh.clip, bvh.skeleton, { scale: SCALE, start: 1 / 120, frameRate: 60 });
    // the 31 joints under the simulation bone; the seven End Sites left out
    assert.equal(bvh.skeleton.bones.filter((b) => b.name === 'ENDSITE').length, 7);
    assert.deepEqual(three.skeleton.names, mocap.skeleton.names);
    assert.deepEqual(Array.from(three.skeleton.parents), Array.from(mocap.skeleton.parents));
    assert.equal(three.clip.poses.length, mocap.clip.poses.length, `${file}: the same frames`);
    const database = (m) =>
      new MotionDatabase(
        { skeleton: m.skeleton, frameRate: 60, clips: [m.clip] },
        { features: CMU_FEATURES },
      );
    const [a, b] = [database(mocap), database(three)];
    const gap = featureGap(a, b);
    // half a frame later (no start: the T-pose frame 0 is a frame, every sample between two of parseBvh's)
    const late = database(clipFromThree(bvh.clip, bvh.skeleton, { scale: SCALE, frameRate: 60 }));
    const off = featureGap(a, late);
    // past the T-pose and the smoothing of the simulation bone around it: half a frame's motion
    const half = featureGap(a, late, 60);
    console.log(
      `${file}: features within ${gap.toExponential(2)} deviations; without start ${off.toFixed(2)} ` +
        `(the T-pose frame), ${half.toFixed(2)} from frame 60 on`,
    );
    // float32 poses, velocities by differences at 60 Hz of positions a few metres from the origin
    assert.ok(gap < 1e-3, `${file}: ${gap}`);
    assert.ok(half > 0.1, `${file}: without start, ${half} from frame 60 (the issue's 1.04)`);
    for (const db of [a, b, late]) db.dispose();
  }
});

test('End Sites kept on request, named apart; a map may name one', () => {
  const bvh = new BVHLoader().parse(cmu('01_01.bvh'));
  const kept = clipFromThree(bvh.clip, bvh.skeleton, { scale: SCALE, endSites: true, end: 0.1 });
  const names = kept.skeleton.names;
  assert.equal(names.length, 1 + 31 + 7);
  assert.deepEqual(
    names.filter((n) => n.startsWith('ENDSITE')),
    ['ENDSITE', 'ENDSITE_2', 'ENDSITE_3', 'ENDSITE_4', 'ENDSITE_5', 'ENDSITE_6', 'ENDSITE_7'],
  );
  // an End Site stays at its offset from its joint
  const head = names.indexOf('Head');
  const site = names.findIndex((n, i) => n.startsWith('ENDSITE') && kept.skeleton.parents[i] === head);
  const B = names.length;
  const end = bvh.skeleton.bones.find((b) => b.name === 'ENDSITE' && b.parent.name === 'Head');
  const p = kept.clip.poses.subarray(3 * site, 3 * site + 3);
  assert.ok(
    Math.hypot(p[0] - end.position.x * SCALE, p[1] - end.position.y * SCALE, p[2] - end.position.z * SCALE) <
      1e-6,
  );
  assert.equal(kept.clip.poses.length, 7 * 13 * B); // 0.1 s at 60 Hz
  assert.throws(
    () => clipFromThree(bvh.clip, bvh.skeleton, { endSites: 1 }),
    /^TypeError: sprung\.clipFromThree: options\.endSites must be a boolean, got 1$/,
  );
});

test('options.root: an armature turned and scaled above the root bone is applied (Y up, metres)', () => {
  const { armature, skeleton, bones } = rig();
  const top = new THREE.Object3D(); // the glTF's scene: the clip in its space
  top.add(armature);
  const animation = clip(true);
  const m = clipFromThree(animation, skeleton, { root: top, frameRate: 30 });
  const mixer = new THREE.AnimationMixer(armature);
  const action = mixer.clipAction(animation).setLoop(THREE.LoopOnce, 1).play();
  action.clampWhenFinished = true;
  action.zeroSlopeAtStart = action.zeroSlopeAtEnd = false;
  const p = new THREE.Vector3(),
    q = new THREE.Quaternion(),
    s = new THREE.Vector3();
  let worst = 0,
    turned = 0;
  for (let f = 0; f <= 60; f++) {
    mixer.setTime(f / 30);
    top.updateMatrixWorld(true);
    const mats = worldOf(m, f);
    m.skeleton.names.slice(1).forEach((name, i) => {
      bones[name].matrixWorld.decompose(p, q, s);
      const got = new THREE.Vector3().setFromMatrixPosition(mats[i + 1]);
      const r = new THREE.Quaternion().setFromRotationMatrix(mats[i + 1]);
      worst = Math.max(worst, got.distanceTo(p));
      turned = Math.max(turned, r.angleTo(q));
    });
  }
  // the armature scales by 0.5: positions in the top's units, rotations in its axes
  assert.ok(worst < 2e-6 && turned < 1e-3, `within ${worst} m, ${turned} rad`);
  assert.throws(
    () => clipFromThree(animation, skeleton, { root: new THREE.Object3D() }),
    /^RangeError: sprung\.clipFromThree: options\.root is not an ancestor of bone "mixamorigHips"$/,
  );
  armature.scale.set(1, 2, 1);
  assert.throws(
    () => clipFromThree(animation, skeleton, { root: top }),
    /options\.root and the bones must have finite transforms and uniform scales > 0/,
  );
});

test('hostile clips: every count bounded before anything is allocated, every bad time or value named by track and key', () => {
  const { skeleton, bones } = rig();
  const track = (name, times, values) => ({ name, times, values });
  const of = (...tracks) => ({ name: 'bad', duration: 1, tracks });
  const refuse = (c, re, o = {}, sk = skeleton) => {
    const t0 = performance.now();
    assert.throws(() => clipFromThree(c, sk, o), re);
    assert.ok(performance.now() - t0 < 2000, `refused at once (${re})`);
  };
  refuse(
    of(track('Spine.quaternion', [0, NaN], [0, 0, 0, 1, 0, 0, 0, 1])),
    /^RangeError: sprung\.clipFromThree: track 0 \(Spine\.quaternion\) key 1: its time must be a finite number, got NaN$/,
  );
  refuse(
    of(track('Spine.quaternion', [0.5, 0.2], [0, 0, 0, 1, 0, 0, 0, 1])),
    /track 0 \(Spine\.quaternion\) key 1: its time 0\.2 s is before the key before it \(0\.5 s\)$/,
  );
  refuse(
    of(track('Head.position', [0, 1], [0, 0, 0, 0, NaN, 0])),
    /track 0 \(Head\.position\) key 1: value 1 must be a finite number, got NaN$/,
  );
  refuse(
    of(track('Head.quaternion', [0, 1], [0, 0, 0, 1, 0, 0, 0, 0])),
    /track 0 \(Head\.quaternion\) key 1: the rotation has no length$/,
  );
  refuse(
    of(track('Head.position', [0, 1], [0, 1e300, 0, 0, 0, 0])),
    /track 0 \(Head\.position\) key 0: the position is beyond float range$/,
  );
  // a value in range that the scale puts beyond it; a scale of 1e300
  refuse(
    of(track('Head.position', [0, 1], [0, 1e30, 0, 0, 0, 0])),
    /^RangeError: sprung\.clipFromThree: frame 0 \(0 s\): the position of "Head" is beyond float range \(options\.scale 10000000000, 60 frames a second\)$/,
    { scale: 1e10 },
  );
  refuse(
    of(),
    /frame 0 \(0 s\): the position of the simulation bone is beyond float range \(options\.scale 1e\+300/,
    { scale: 1e300 },
  );
  // three.js's own tracks: their values are checked the same way
  refuse(
    of(new THREE.QuaternionKeyframeTrack('Spine.quaternion', [0, 1], [0, 0, 0, 1, NaN, 0, 0, 1])),
    /track 0 \(Spine\.quaternion\) key 1: value 0 must be a finite number, got NaN$/,
  );
  // a rest pose that is not finite, or not a rotation
  bones.Spine1.position.x = NaN;
  refuse(
    of(),
    /^RangeError: sprung\.clipFromThree: skeleton bone "Spine1": position\.x must be a finite number, got NaN$/,
  );
  bones.Spine1.position.x = 0;
  bones.Head.quaternion.set(0, 0, 0, 0);
  refuse(of(), /skeleton bone "Head": its quaternion has no length \(0, 0, 0, 0\)$/);
  bones.Head.quaternion.set(0, 0, 0, 1);
  // huge durations and frame rates: refused before allocating (no engine error, no wait)
  refuse(
    { ...of(), duration: 1e300 },
    /^RangeError: sprung\.clipFromThree: 1e\+300 s of clip "bad" at 60 Hz \(options\.frameRate\) make 6e\+301 frames, more than options\.maxFrames \(100000\)$/,
  );
  refuse(of(), /make 1000000001 frames, more than options\.maxFrames \(100000\)$/, { frameRate: 1e9 });
  refuse({ ...of(), duration: 10 }, /make 601 frames, more than options\.maxFrames \(600\)$/, {
    maxFrames: 600,
  });
  refuse(of(), /options\.maxFrames must be an integer in \[1, /, { maxFrames: 0.5 });
  refuse(of(), /options\.start must be a number in \[0, 1\] \(seconds of the clip\), got 2$/, { start: 2 });
  refuse(of(), /options\.end must be a number in \[0\.5, 1\] \(seconds of the clip\), got 0\.25$/, {
    start: 0.5,
    end: 0.25,
  });
  // a chain of 20,000 bones: read without recursion; its poses bounded in floats
  const chain = [];
  for (let i = 0; i < 20000; i++) {
    const b = new THREE.Bone();
    b.name = `b${i}`;
    b.position.y = 0.001;
    if (i) chain[i - 1].add(b);
    chain.push(b);
  }
  const t0 = performance.now();
  const long = clipFromThree({ name: 'chain', duration: 0.05, tracks: [] }, chain);
  assert.equal(long.skeleton.names.length, 20001);
  assert.equal(long.clip.poses.length, 4 * 13 * 20001);
  console.log(`a chain of 20,000 bones: ${(performance.now() - t0).toFixed(0)} ms`);
  refuse(
    { name: 'chain', duration: 100, tracks: [] },
    /^RangeError: sprung\.clipFromThree: 6001 frames of 20001 bones are 1560338013 floats of poses, more than 268435456 \(1 GiB\): lower options\.frameRate or map fewer bones \(options\.bones\)$/,
    {},
    chain,
  );
});

test('mutated clips (2,000, seeded): each refused with sprung’s own error or a clip of finite floats and unit rotations', () => {
  let s = 7;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const HOSTILE = [NaN, Infinity, -Infinity, 1e300, -1e300, 1e38, 3.5e38, 0, -0, 1e-300, 5e-324];
  const { skeleton } = rig();
  const base = clip(true);
  let refused = 0,
    made = 0;
  for (let run = 0; run < 2000; run++) {
    const tracks = base.tracks.map((t) => ({
      name: t.name,
      times: Array.from(t.times),
      values: Array.from(t.values),
    }));
    for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) {
      const t = pick(tracks);
      const kind = rnd();
      if (kind < 0.35) t.values[Math.floor(rnd() * t.values.length)] = pick(HOSTILE);
      else if (kind < 0.55) t.times[Math.floor(rnd() * t.times.length)] = pick([...HOSTILE, -1, 1e9]);
      else if (kind < 0.7)
        t.values.fill(0, 0, 4); // a rotation (or position) of zeros
      else if (kind < 0.8) t.times.reverse();
      else if (kind < 0.9) t.values.length = Math.floor(rnd() * t.values.length);
      else t.name = pick(['Head.quaternion', 'Spine.position', '.bones[Spine1].quaternion', 'x.y']);
    }
    const options = pick([
      {},
      { scale: pick([1, 100, 1e30]) },
      { frameRate: pick([24, 60, 1e6]) },
      { start: rnd() },
    ]);
    let m;
    try {
      m = clipFromThree({ name: 'mutant', duration: pick([2, 0, 1e12]), tracks }, skeleton, options);
    } catch (e) {
      assert.ok(
        (e instanceof RangeError || e instanceof TypeError) && e.message.startsWith('sprung.clipFromThree: '),
        `run ${run}: ${e}`,
      );
      refused++;
      continue;
    }
    made++;
    const p = m.clip.poses;
    const B = m.skeleton.parents.length;
    assert.ok(p.every(Number.isFinite), `run ${run}: finite`);
    for (let f = 0; f < p.length / (13 * B); f++)
      for (let b = 0; b < B; b++) {
        const o = f * 13 * B + 6 * B + 4 * b;
        const n = Math.hypot(p[o], p[o + 1], p[o + 2], p[o + 3]);
        assert.ok(Math.abs(n - 1) < 1e-5, `run ${run}: frame ${f} bone ${b} rotation of length ${n}`);
      }
  }
  console.log(`mutated clips: ${refused} refused, ${made} made`);
  assert.ok(refused > 200 && made > 100, `${refused} refused, ${made} made`);
});
