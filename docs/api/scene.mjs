// scene.mjs — the scene the examples of the API reference (docs/API.md) run in: one frame of a
// small game with a three.js camera, meshes and bones, PixiJS-style sprites ({ position: { x, y } }),
// a character on CMU's motion capture, and every other name an example uses without defining
// it. tests/js/api_reference.test.mjs runs each example after importing these names (and
// sprung's, sprung/three's and three.js as THREE); an example that defines a name itself
// (`const camera = { x: 0, v: 0 }`) uses its own.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as THREE from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import {
  init,
  MotionController,
  MotionDatabase,
  Obstacles,
  parseBvh,
  DamperExactBatch,
  TrajectoryPredictor,
} from 'sprung';

await init();

// ---- time, input -----------------------------------------------------------------------------
/** [s] The frame's duration. */
export const dt = 1 / 60;
export const input = 0.5; // a gamepad axis, −1 … 1
export const maxSpeed = 4; // [m/s]
export const stick = { x: 0.3, y: 0.8 };
export const stickX = stick.x;
export const stickY = stick.y;
export const leftStick = { x: 0.3, y: 0, z: 0.8 };
export const rightStick = { x: 0.5, y: 0, z: 0 };
export const strafing = false;
export const hovered = true;
export const cameraAzimuth = 0.4; // [rad]
export const pointer = { x: 120, y: 80 }; // [px]
export const pointerX = pointer.x;
export const dx = 1;
export const dz = 2;

// ---- three.js ---------------------------------------------------------------------------------
export const camera = new THREE.PerspectiveCamera();
export const scene = new THREE.Scene();
/** A WebGLRenderer needs a canvas and WebGL: its render() here draws nothing. */
export const renderer = { render: (scene, camera) => scene.children.length + camera.fov };
camera.position.set(0, 2, 5);
export const rig = new THREE.Object3D(); // where the camera should be
rig.position.set(1, 3, 6);
export const target = new THREE.Vector3(2, 0, -1);
export const targetX = target.x;
export const targetVelocity = new THREE.Vector3(0.5, 0, 0);
export const cameraVelocity = new THREE.Vector3();
export const mesh = new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial());
export const material = new THREE.MeshBasicMaterial({ transparent: true });
export const geometry = new THREE.BufferGeometry();
export const scaleVelocity = new THREE.Vector3();
export const one = new THREE.Vector3(1, 1, 1);
export const zero = new THREE.Vector3();
export const player = new THREE.Object3D();
export const playerVelocity = new THREE.Vector3(1, 0, 0);
export const character = new THREE.Object3D();
export const bone = new THREE.Object3D();
export const boneVelocity = new THREE.Vector3();
export const ball = new THREE.Object3D();
export const ballVelocity = new THREE.Vector3(3, 4, 0);
export const turret = new THREE.Object3D();
export const aim = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 1);
export const head = new THREE.Object3D();
export const headAngularVelocity = new THREE.Vector3();
export const lookAt = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), -0.3);
export const parentRotation = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0.5);
export const localRotation = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), 0.2);
export const from = new THREE.Quaternion();
export const to = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 0, 1), 2);

// ---- 2D: PixiJS-style sprites -----------------------------------------------------------------
export const sprite = { position: { x: 0, y: 0 } };
export const spriteVelocity = { x: 0, y: 0 };
export const button = { scale: { x: 1, y: 1 } };
export const ship = { position: { x: 10, y: 10 } };
export const shipVelocity = { x: 0, y: 0 };
export const hero = { position: { x: 40, y: 30 } }; // [px]
export const before = { x: 38, y: 30 };
/** A level of the 2D game: a pillar and a wall, in pixels. */
export const level = new Obstacles(1, 1);
level.circles.set([100, 100, 20]);
level.boxes.set([0, 200, 400, 16, 0]);

// ---- springs, inertializers ---------------------------------------------------------------------
export const state = { x: 0, v: 0 };
export const goal = 1;
export const oldX = 0;
export const oldV = 1;
export const newX = 0.5;
export const newV = 0;
export const offX = new THREE.Vector3();
export const offV = new THREE.Vector3();
export const oldPos = new THREE.Vector3(0, 1, 0);
export const oldVel = new THREE.Vector3(1, 0, 0);
export const newPos = new THREE.Vector3(0.2, 1, 0);
export const newVel = new THREE.Vector3(0, 0, 1);
/** Goals of 10000 particles of 3 floats, and of 200 rotations of 4. */
export const targets = Float32Array.from({ length: 30000 }, (_, i) => Math.sin(i));
export const aims = Float32Array.from({ length: 800 }, (_, i) => (i % 4 === 3 ? 1 : 0));
export const particles = new DamperExactBatch(1000, { dim: 3, halflife: 0.2 });

// ---- the character and its simulation object ------------------------------------------------------
export const position = new THREE.Vector3();
export const previous = new THREE.Vector3(0, 0, -0.1);
export const velocity = new THREE.Vector3(0, 0, 1);
export const acceleration = new THREE.Vector3();
export const desiredVelocity = new THREE.Vector3(1, 0, 2);
export const simulationPosition = new THREE.Vector3(0.1, 0, 0.05);
export const rotation = new THREE.Quaternion();
export const angularVelocity = new THREE.Vector3();
export const desiredRotation = new THREE.Quaternion();
/** A pillar and a wall, in metres: x, z, radius; x, z, width, depth, yaw. */
export const walls = new Obstacles(1, 1);
walls.circles.set([2, 5, 1]);
walls.boxes.set([0, -3, 10, 0.5, 0]);
export const pred = new TrajectoryPredictor(4);
pred.times.set([0.2, 0.4, 0.6, 0.8]);

// ---- motion capture: CMU subject 1 (./build.sh build keeps it in build/data/cmu/) ------------------
const CMU = new URL('../../build/data/cmu/', import.meta.url);
/** fetch, for the examples that load a take by URL: the CMU files by name. */
globalThis.fetch = async (url) => new Response(readFileSync(new URL(basename(String(url)), CMU)));
/** A BVH file's text: CMU's take 01_01, and three.js's loader of it. */
export const text = readFileSync(new URL('01_01.bvh', CMU), 'utf8');
export { BVHLoader };
const take = parseBvh(text, {
  scale: 0.056444,
  start: 1,
  frameRate: 60,
});
export const data = { skeleton: take.skeleton, frameRate: take.frameRate, clips: [take.clip] };
export const db = new MotionDatabase(data, {
  features: [
    { type: 'position', bone: 'LeftFoot', weight: 0.75 },
    { type: 'position', bone: 'RightFoot', weight: 0.75 },
    { type: 'trajectoryPosition', frames: [20, 40, 60] },
    { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
  ],
});
export const current = 100; // the frame playing
export const query = db.features(current + 10);
export const positions = Array.from({ length: 100 }, (_, i) => ({
  x: 2 * (i % 10),
  y: 0,
  z: 2 * Math.floor(i / 10),
}));
export const inputs = positions.map((_, i) => ({ velocity: { x: Math.sin(i), y: 0, z: Math.cos(i) } }));
/** Draws a character: world positions and rotations of its bones. */
export const draw = (positions, rotations) => positions.length + rotations.length;
/** A motion controller on `db` that has walked for a second. */
export const controller = new MotionController(db);
for (let i = 0; i < 60; i++) controller.update(dt, inputs[0]);
/** A debug overlay: draws rows of bars (here it counts them). */
export const overlay = { bars: (rows) => rows.length };
export const parents = take.skeleton.parents;
/** The first frame of the take: a pose (13 floats a bone). */
export const pose = take.clip.poses.slice(0, 13 * parents.length);
export const ankle = take.skeleton.names.indexOf('LeftFoot');
export const lockedPoint = { x: 0.1, y: 0.05, z: 0.3 };
export const forward = { x: 0, y: 0, z: 1 };

// ---- glTF: what three's GLTFLoader gives (loadAsync('character.glb')), made here ------------------
function skinnedCharacter() {
  const bones = ['mixamorigHips', 'mixamorigLeftFoot', 'mixamorigRightFoot'].map((name) =>
    Object.assign(new THREE.Bone(), { name }),
  );
  bones[0].position.set(0, 1, 0);
  bones[1].position.set(0.1, -0.9, 0);
  bones[2].position.set(-0.1, -0.9, 0);
  bones[0].add(bones[1], bones[2]);
  const mesh = new THREE.SkinnedMesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial());
  mesh.add(bones[0]);
  mesh.bind(new THREE.Skeleton(bones));
  const scene = new THREE.Group().add(mesh);
  const walk = new THREE.AnimationClip('walk', 1, [
    new THREE.VectorKeyframeTrack('mixamorigHips.position', [0, 1], [0, 1, 0, 0, 1, 1.4]),
  ]);
  return { scene, animations: [walk] };
}
export const gltf = skinnedCharacter();
