// What the motion panel exports: the database's bytes, and the code that loads them in a game.
// The worker hands the page the full bytes (toBytes(): the page loads them without computing a
// feature); the reader downloads the compact format (toBytes({ compact: true }): poses quantised
// within 0.4 mm and 0.1°, the features recomputed on load), which fromBytes tells by its magic,
// so LOAD is the same for both.

/** The bytes the worker hands the page for database `db` (a Uint8Array with its own buffer). */
export function databaseBytes(db) {
  return db.toBytes();
}

/** The bytes a game downloads of database `db`: the compact format. */
export function wireBytes(db) {
  return db.toBytes({ compact: true });
}

/** The expression of the code shown that makes the database from `bytes`. */
export const LOAD = 'MotionDatabase.fromBytes(bytes)';

/**
 * The code that drives the reader's character in a game: a three.js page loading `file` (their
 * glTF character, or null: a character of their own skeleton) and `database.bin`, the controller
 * with the panel's settings `settings` and the IK chains `ik`, bound by sprung/three's
 * bindSkeleton, walking under W A S D.
 */
export function gameCode({ file, settings, ik }) {
  const options = JSON.stringify({ ...settings, ikBones: ik }, null, 2).replace(/\n/g, '\n  ');
  return `// ${file ? `${file} and the motion` : 'The motion'} database exported from the sprung playground, in a three.js page.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { init, MotionDatabase, MotionController } from 'sprung';
import { bindSkeleton } from 'sprung/three';
await init();

const bytes = new Uint8Array(await (await fetch('database.bin')).arrayBuffer());
const db = ${LOAD};
${file ? '' : '// your character: a glTF file whose skeleton has the BVH takes’ bone names\n'}const character = (await new GLTFLoader().loadAsync('${file ?? 'character.glb'}')).scene;

const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);
const scene = new THREE.Scene().add(new THREE.HemisphereLight('#ffffff', '#667788', 3), character);
const camera = new THREE.PerspectiveCamera(50, innerWidth / innerHeight, 0.1, 100);
camera.position.set(0, 3, -5);
const clock = new THREE.Clock();

// the controller as tuned in the playground
const controller = new MotionController(db, ${options});
const skin = bindSkeleton(controller, character);
const keys = { KeyW: 0, KeyA: 0, KeyS: 0, KeyD: 0, ShiftLeft: 0 };
onkeydown = onkeyup = (e) => (keys[e.code] = e.type === 'keydown' ? 1 : 0);
renderer.setAnimationLoop(() => {
  const s = keys.ShiftLeft ? 3.5 : 1.4; // m/s
  controller.update(clock.getDelta(), { velocity: { x: s * (keys.KeyA - keys.KeyD), y: 0, z: s * (keys.KeyW - keys.KeyS) } });
  skin.update();
  camera.lookAt(character.position);
  renderer.render(scene, camera);
});
`;
}
