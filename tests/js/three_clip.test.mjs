// three_clip.test.mjs — clipFromThree of the built package against three.js itself: an
// AnimationClip played by an AnimationMixer on a real skeleton of THREE.Bone (three's
// PropertyBinding and interpolants are the oracle) gives, frame by frame, the world positions
// and rotations that the imported clip's own forward kinematics (done here with matrices)
// gives; the same with plain objects in place of three's tracks (the package's own linear and
// slerp sampling); a bone map that renames and skips bones; bad maps and tracks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { clipFromThree } from '../../dist/index.js';

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
