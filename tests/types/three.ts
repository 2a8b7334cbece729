// three.ts — compile-time test (./build.sh test runs tsc on it): the functions that take the
// caller's object return the caller's type, so three.js classes keep their methods, and a
// wrong object or argument is a type error. Checked against the built declarations.
import * as THREE from 'three';
import {
  adjustCharacterPosition,
  clampCharacterRotation,
  criticalSpringDamperExact,
  criticalSpringDamperExactV3,
  dampAdjustmentExactQuat,
  damperExactQuat,
  damperExactV3,
  decaySpringDamperExactQuat,
  desiredRotationUpdateStrafe,
  desiredVelocityUpdate,
  extrapolateQuat,
  inertializeUpdate,
  inertializeUpdateV3,
  quatFromAngleAxis,
  quatFromScaledAngleAxis,
  quatMul,
  quatMulVec3,
  quatSlerpShortest,
  quatToAngleAxis,
  quatNormalize,
  quatToScaledAngleAxis,
  simpleSpringDamperExact,
  simpleSpringDamperExactQuat,
  simulationCollideObstacles,
  simulationPositionUpdate,
  springCharacterUpdate,
  springDamperExact,
} from '../../dist/index.js';

const a = new THREE.Quaternion(),
  b = new THREE.Quaternion(),
  w = new THREE.Vector3(),
  p = new THREE.Vector3();

// quaternions and vectors written into `out`, or updated in place, stay three.js objects
const angle: number = quatMul(a, b, new THREE.Quaternion()).angleTo(a);
const unit: THREE.Quaternion = quatNormalize(a, new THREE.Quaternion()).invert();
const axis: number = quatToScaledAngleAxis(a, new THREE.Vector3()).length();
const back: THREE.Quaternion = quatFromScaledAngleAxis(w, a).conjugate();
const turned: THREE.Quaternion = simpleSpringDamperExactQuat(a, w, b, 0.1, 1 / 60).slerp(b, 0.5);
const decayed: THREE.Quaternion = decaySpringDamperExactQuat(a, w, 0.1, 1 / 60);
const moved: THREE.Vector3 = simulationPositionUpdate(p, w, new THREE.Vector3(), w, 0.2, 1 / 60).clone();
const adjusted: number = adjustCharacterPosition(p, w, 0.1, 1 / 60, new THREE.Vector3()).lengthSq();
const clamped: THREE.Quaternion = clampCharacterRotation(a, b, 0.5, new THREE.Quaternion());
const damped: THREE.Quaternion = dampAdjustmentExactQuat(a, 0.1, 1 / 60, new THREE.Quaternion());
const desired: THREE.Vector3 = desiredVelocityUpdate(p, 0, a, 1, 1, 1, new THREE.Vector3());
// the issue-14 functions keep three.js classes too
const smoothed: number = damperExactV3(p, w, 0.1, 1 / 60).length();
const followed: THREE.Vector3 = criticalSpringDamperExactV3(p, w, w, w, 0.2, 1 / 60).normalize();
const aimed: THREE.Quaternion = damperExactQuat(a, b, 0.1, 1 / 60).invert();
const coasting: THREE.Quaternion = extrapolateQuat(a, w, 0.3, 1 / 60);
const forward: THREE.Vector3 = quatMulVec3(a, w, new THREE.Vector3()).normalize();
const halfway: THREE.Quaternion = quatSlerpShortest(a, b, 0.5, new THREE.Quaternion());
const turned90: THREE.Quaternion = quatFromAngleAxis(Math.PI / 2, w, new THREE.Quaternion());
const axisOf: THREE.Vector3 = quatToAngleAxis(a, { angle: 0, axis: new THREE.Vector3() }).axis;
const strafe: THREE.Quaternion = desiredRotationUpdateStrafe(w, 0, 0.2, new THREE.Quaternion());
const blended: THREE.Vector3 = inertializeUpdateV3(p, w, w.clone(), w.clone(), w, w, 0.1, 1 / 60);
const walls = { circles: new Float32Array([0, 5, 1]), boxes: new Float32Array(0) };
const slid: THREE.Vector3 = simulationCollideObstacles(p, w, walls, 0.5, p);
// without `out`, the plain shapes
const plain: { x: number; y: number; z: number; w: number } = quatMul(a, b);

// state objects of the caller's type come back with their extra fields
interface Camera {
  x: number;
  v: number;
  name: string;
}
const cam: Camera = { x: 0, v: 0, name: 'main' };
const named: string = simpleSpringDamperExact(cam, 1, 0.15, 1 / 60).name;
const again: Camera = criticalSpringDamperExact(cam, 1, 0, 0.15, 1 / 60);
const bouncy: Camera = springDamperExact(cam, 1, 0, 2, 0.3, 1 / 60);
const player = springCharacterUpdate({ x: 0, v: 0, a: 0, id: 7 }, 3, 0.2, 1 / 60).id;
const out = inertializeUpdate({ x: 0, v: 0, tag: 'out' as const }, { x: 1, v: 0 }, 0, 0, 0.1, 1 / 60).tag;

// wrong objects and arguments do not compile
// @ts-expect-error: a spring state needs v
simpleSpringDamperExact({ x: 0 }, 1, 0.15, 1 / 60);
// @ts-expect-error: a quaternion is not a number
quatMul(a, 5);
// @ts-expect-error: out must be a quaternion
quatMul(a, b, new THREE.Vector3());
// @ts-expect-error: halflife is a number
simpleSpringDamperExact(cam, 1, '0.15', 1 / 60);
// @ts-expect-error: without `out` the result is a plain object, whatever type is asked for
quatMul<THREE.Quaternion>(a, b);
// an `out` that may be undefined gives the plain shape
declare const maybe: THREE.Quaternion | undefined;
// @ts-expect-error: it may not be a THREE.Quaternion
const notSure: THREE.Quaternion = quatMul(a, b, maybe);

export const used = [
  angle,
  unit,
  axis,
  back,
  turned,
  decayed,
  moved,
  adjusted,
  clamped,
  damped,
  desired,
  plain,
];
export const usedToo = [named, again, bouncy, player, out, notSure];
export const usedNew = [
  smoothed,
  followed,
  aimed,
  coasting,
  forward,
  halfway,
  turned90,
  axisOf,
  strafe,
  blended,
  slid,
];
