// three_layer.ts — compile-time test of sprung/three against three.js's own types (tsc runs it
// in ./build.sh test): every three.js class the layer names is accepted as it is, targets of
// every form compile, and wrong shapes are type errors. Checked against the built declarations.
import * as THREE from 'three';
import {
  bindAttribute,
  damp,
  damp2,
  damp3,
  damp4,
  dampAngle,
  dampC,
  dampE,
  dampLookAt,
  dampM,
  dampQ,
  dampS,
  halflifeToSmoothTime,
  initSync,
  smoothTimeToHalflife,
  velocityOf,
} from '../../dist/three.js';
import { SimpleSpringDamperExactBatch } from '../../dist/index.js';

initSync();
const camera = new THREE.PerspectiveCamera();
const rig = new THREE.Object3D();
const material = new THREE.MeshStandardMaterial();
const dt = 1 / 60;

const moving: boolean =
  damp3(camera.position, rig.position, 0.25, dt) &&
  damp3(camera.scale, 1, 0.25, dt) &&
  damp3(camera.position, [0, 2, 5], 0.25, dt, 10) &&
  dampQ(camera.quaternion, rig.quaternion, 0.25, dt) &&
  dampQ(camera.quaternion, [0, 0, 0, 1], 0.25, dt, Math.PI, undefined, 1e-4) &&
  damp3(camera.position, rig.position) && // maath's defaults: smoothTime 0.25 s, delta 0.01 s
  damp3(camera.position, rig.position, 0.25, dt, Infinity, (t: number) => t) && // maath's easing, accepted
  dampLookAt(camera, rig.position, 0.25, dt) &&
  dampLookAt(new THREE.DirectionalLight(), [0, 0, 0], 0.25, dt) &&
  dampM(new THREE.Matrix4(), rig.matrix, 0.25, dt) &&
  dampE(camera.rotation, new THREE.Euler(0, Math.PI, 0), 0.25, dt) &&
  dampE(camera.rotation, [0, Math.PI, 0, 'YXZ'], 0.25, dt) &&
  dampC(material.color, new THREE.Color('hotpink'), 0.25, dt) &&
  dampC(material.emissive, [1, 0.5, 0], 0.25, dt) &&
  dampC(material.color, 0xff0000, 0.25, dt) && // a hex number or a CSS string, as maath takes them
  dampC(material.color, 'hotpink', 0.25, dt) &&
  dampS(new THREE.Spherical(), new THREE.Spherical(5, 1, 2), 0.25, dt) &&
  damp2(new THREE.Vector2(), new THREE.Vector2(1, 1), 0.25, dt) &&
  damp4(new THREE.Vector4(), new THREE.Vector4(1, 1, 1, 1), 0.25, dt) &&
  damp(material, 'opacity', 0.5, 0.25, dt) &&
  dampAngle(camera.rotation, 'y', Math.PI, 0.25, dt) &&
  damp({ x: 0, v: 0 }, 'x', 1, 0.25, dt);
const speed: number = velocityOf(camera.position).x + velocityOf(camera.quaternion).y;
const h: number = smoothTimeToHalflife(0.25) + halflifeToSmoothTime(0.17);

const particles = new SimpleSpringDamperExactBatch(100, { dim: 3 });
const positions = new THREE.BufferAttribute(particles.x, 3);
const unbind: () => void = bindAttribute(positions, particles, 'x');
bindAttribute(new THREE.InstancedBufferAttribute(particles.goal, 3), particles, 'goal');

// @ts-expect-error: a Vector2 has no z
damp3(new THREE.Vector2(), [1, 2, 3], 0.25, dt);
// @ts-expect-error: a colour's target is a colour, [r, g, b], a hex number or a string
dampC(material.color, { x: 1, y: 0, z: 0 }, 0.25, dt);
// @ts-expect-error: the sixth argument is maath's easing, eps the seventh
damp3(camera.position, rig.position, 0.25, dt, Infinity, 1e-4);
// @ts-expect-error: a matrix's target is a matrix (or its 16 elements), not a vector
dampM(new THREE.Matrix4(), rig.position, 0.25, dt);
// @ts-expect-error: count is not a view
bindAttribute(positions, particles, 'count');

export const usedLayer = [moving, speed, h, unbind];
