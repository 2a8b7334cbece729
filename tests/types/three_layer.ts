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
  dampQ(camera.quaternion, [0, 0, 0, 1], 0.25, dt, Math.PI, 1e-4) &&
  dampE(camera.rotation, new THREE.Euler(0, Math.PI, 0), 0.25, dt) &&
  dampE(camera.rotation, [0, Math.PI, 0, 'YXZ'], 0.25, dt) &&
  dampC(material.color, new THREE.Color('hotpink'), 0.25, dt) &&
  dampC(material.emissive, [1, 0.5, 0], 0.25, dt) &&
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
// @ts-expect-error: a colour's target is a colour or [r, g, b], not a hex number (three.js converts those)
dampC(material.color, 0xff0000, 0.25, dt);
// @ts-expect-error: maath's easing argument has no place here
damp3(camera.position, rig.position, 0.25, dt, Infinity, (t: number) => t);
// @ts-expect-error: dt is required
damp3(camera.position, rig.position, 0.25);
// @ts-expect-error: count is not a view
bindAttribute(positions, particles, 'count');

export const usedLayer = [moving, speed, h, unbind];
