// A sample character file made in code, where none can be downloaded: a GLB (binary glTF) as a
// Mixamo character comes, made with three.js's GLTFExporter — the skinned humanoid of
// humanoid.js over the dance card's skeleton, its bones named as Mixamo's (`mixamorigHips`,
// `mixamorigSpine2`, `mixamorigLeftToeBase`, leaf `_End` bones) under an `Armature` node turned
// and scaled to centimetres, and a small locomotion set of the dance card's moves (idle, walk,
// run, strafe and turns) as its animations, a key a frame. The motion panel offers it to readers
// without a file of their own; the tests load it through the panel's file input, and the
// README's skinned-character example runs on it. Runs in a browser, and in Node given a
// FileReader (GLTFExporter reads its Blob with one).
import { MeshStandardMaterial } from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { danceCard } from './dance_card.js';
import { humanoidClips, skinnedHumanoid } from './humanoid.js';
import { arc, line, pivot, stand, takeOf } from './script.js';

/** The dance card's bones under Mixamo's names (the others are the same). */
const MIXAMO = { Chest: 'Spine2', LeftToe: 'LeftToeBase', RightToe: 'RightToeBase' };
/** Mixamo's glTF files: the bones in centimetres under an armature node turned by 90° about X. */
export const ARMATURE = { scale: 0.01, rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2] };

/** The sample's clips: a locomotion set as an animation pack has them. */
export const SAMPLE_TAKES = {
  idle: takeOf([stand(4)]),
  walk: takeOf([
    stand(1),
    line('walk', 1.3, 6),
    arc('walk', 1.3, 1.5, 90),
    line('walk', 1.3, 2),
    arc('walk', 1.3, 1.5, -90),
    arc('walk', 1.3, 1.2, 180),
    line('walk', 1.3, 2),
    arc('walk', 1.3, 1.2, -180),
    line('walk', 1.3, 2),
    stand(1.5),
  ]),
  run: takeOf([
    stand(1),
    line('run', 3.3, 5),
    arc('run', 3.3, 2.5, 90),
    line('run', 3.3, 2),
    arc('run', 3.3, 2.5, -180),
    line('run', 3.3, 2),
    line('walk', 1.3, 2),
    stand(1.5),
  ]),
  strafe: takeOf([
    stand(1),
    line('strafe', 0.8, 3, 90),
    stand(1),
    line('strafe', 0.8, 3, -90),
    stand(1),
    pivot(90),
    stand(1),
    pivot(-180),
    stand(1),
  ]),
};

/**
 * The sample character: { humanoid (skinnedHumanoid's), clips (three.js AnimationClips), data
 * (the dance card's motion data the clips come from) }.
 */
export function sampleCharacter() {
  const data = danceCard({ takes: SAMPLE_TAKES });
  const { parents, names } = data.skeleton;
  const B = parents.length;
  const offsets = data.clips[0].poses.slice(0, 3 * B);
  const humanoid = skinnedHumanoid(
    { parents, names: names.map((n) => MIXAMO[n] ?? n), offsets },
    { prefix: 'mixamorig', armature: ARMATURE, ends: true },
  );
  return { humanoid, clips: humanoidClips(humanoid, data), data };
}

/** The part of FileReader GLTFExporter uses (it reads its Blob with one), for Node, which has none. */
class BlobReader {
  /** @type {ArrayBuffer | null} */
  result = null;
  /** @type {(() => void) | null} */
  onloadend = null;
  /** @param {Blob} blob */
  readAsArrayBuffer(blob) {
    blob.arrayBuffer().then((result) => {
      this.result = result;
      this.onloadend?.();
    });
  }
}

/** The sample as a GLB file's bytes (a promise of an ArrayBuffer). */
export function sampleGlb() {
  /** @type {any} */ (globalThis).FileReader ??= BlobReader;
  const { humanoid, clips } = sampleCharacter();
  // glTF's material (the playground draws the humanoid with a cheaper one)
  /** @type {import('three').Mesh} */ (humanoid.mesh).material = new MeshStandardMaterial({
    color: '#1a73e8',
    vertexColors: true,
    roughness: 0.8,
  });
  return new GLTFExporter().parseAsync(humanoid.root, { binary: true, animations: clips });
}
