// A skinned humanoid made in code, where no rigged model can be downloaded: a THREE.Skeleton of
// real Bones over any motion database's skeleton (the dance card's, CMU's, a reader's BVH
// take), and one SkinnedMesh of capsules along its bones whose vertices blend between a bone
// and its parent near each joint (linear blend skinning, up to three bones a vertex), so that
// knees and elbows bend smoothly. Also: a motion database's clips as three.js AnimationClips
// of that skeleton, as a glTF character's animations are. Used by the motion panel (the
// character drawn through sprung/three's bindSkeleton), by the tests (the README's example
// on a character.glb exported from it) and in Node (it needs three.js only).
import {
  AnimationClip,
  Bone,
  BufferAttribute,
  BufferGeometry,
  Group,
  MeshLambertMaterial,
  Object3D,
  Quaternion,
  QuaternionKeyframeTrack,
  Skeleton,
  SkinnedMesh,
  Vector3,
  VectorKeyframeTrack,
} from 'three';

/**
 * Radii (m) of the capsules, by the name of the bone they start at: the first pattern that matches.
 * @type {[RegExp, number][]}
 */
const RADII = [
  [/head/i, 0.1],
  [/neck/i, 0.05],
  [/thumb|index|finger|hand.*\d/i, 0.015],
  [/hand|wrist/i, 0.036],
  [/forearm/i, 0.042],
  [/shoulder|clavicle/i, 0.05],
  [/arm/i, 0.05],
  [/toe/i, 0.03],
  [/foot|ankle/i, 0.042],
  [/upleg|thigh|hipjoint/i, 0.075],
  [/leg|shin|calf/i, 0.056],
  [/chest|spine2|spine1/i, 0.12],
  [/spine|back|hips|pelvis|root/i, 0.11],
];
/**
 * Lengths (m) of the capsule of a leaf bone (a head, a hand, a toe), along its parent's direction.
 * @type {[RegExp, number][]}
 */
const LEAVES = [
  [/head/i, 0.2],
  [/hand|wrist/i, 0.13],
  [/toe/i, 0.07],
];
/** Brightness of the body's parts (multiplied with the material's colour): the 3D panel's. */
const SHADE = { torso: 0.82, head: 1.0, left: 1.0, right: 0.62 };

const radiusOf = (name) => (RADII.find(([re]) => re.test(name)) ?? [null, 0.04])[1];
const partOf = (name) =>
  /head|neck/i.test(name)
    ? 'head'
    : /^(left|l(?=[A-Z]))/i.test(name.replace(/^mixamorig\d*:?/, ''))
      ? 'left'
      : /^(right|r(?=[A-Z]))/i.test(name.replace(/^mixamorig\d*:?/, ''))
        ? 'right'
        : 'torso';

/**
 * A skinned character over a motion database's skeleton: `skeleton.parents` (bone 0 the
 * simulation bone, which becomes the `root` object), `skeleton.names`, and `offsets`, each
 * bone's position in its parent's frame at rest (metres, 3 per bone; rotations identity at
 * rest, as the dance card and BVH files have them). Options: `prefix` for the bones' names
 * (`'mixamorig'`, as a Mixamo rig's), `armature` ({ scale, rotation: [x, y, z, w] }: the bones
 * under an `Armature` object in its own units and axes, as a Mixamo glTF file has them:
 * centimetres, Z up), `ends` (a leaf `_End` bone where each head, hand and toe ends, as
 * Mixamo's rigs have: bones no motion database has), `radius` (a factor on the capsules'
 * radii), `segments` (around a capsule).
 * Returns { root, armature, mesh, skeleton, bones } (bones[i]: the Bone of database bone i,
 * null for bone 0).
 */
/**
 * @param {{ parents: ArrayLike<number>, names: readonly string[], offsets: ArrayLike<number> }} skeleton
 * @param {{ prefix?: string, armature?: { scale: number, rotation: number[] } | null, ends?: boolean,
 *   radius?: number, segments?: number, color?: string }} [options]
 */
export function skinnedHumanoid(
  { parents, names, offsets },
  { prefix = '', armature = null, ends = false, radius = 1, segments = 12, color = '#1a73e8' } = {},
) {
  const B = parents.length;
  const root = new Group();
  root.name = 'character';
  /** @type {import('three').Object3D} */
  let holder = root;
  if (armature) {
    holder = new Object3D();
    holder.name = 'Armature';
    holder.scale.setScalar(armature.scale);
    holder.quaternion.fromArray(armature.rotation);
    root.add(holder);
  }
  const toArmature = armature ? new Quaternion().fromArray(armature.rotation).invert() : new Quaternion();
  const unit = armature ? 1 / armature.scale : 1;
  // the bones: at rest, offset from their parents, unrotated (in the armature's frame)
  /** @type {Bone[]} (bones[0], the simulation bone's, is the root: never read) */
  const bones = [/** @type {any} */ (null)];
  for (let b = 1; b < B; b++) {
    const bone = new Bone();
    bone.name = prefix + names[b];
    const offset = new Vector3(offsets[3 * b], offsets[3 * b + 1], offsets[3 * b + 2]);
    if (parents[b] === 0) {
      // under the simulation bone: its offset from the ground in the character's frame
      offset.applyQuaternion(toArmature);
    }
    bone.position.copy(offset.multiplyScalar(unit));
    (parents[b] === 0 ? holder : bones[parents[b]]).add(bone);
    bones.push(bone);
  }
  root.updateMatrixWorld(true);
  // rest positions in the character's frame (metres): capsules between joints
  const at = bones.map((b) => (b ? b.getWorldPosition(new Vector3()) : new Vector3()));
  /** @type {number[][]} */
  const children = Array.from({ length: B }, () => []);
  for (let b = 1; b < B; b++) if (parents[b] > 0) children[parents[b]].push(b);

  /** @type {{ bone: number, from: Vector3, to: Vector3, r: number, end: number }[]} */
  const capsules = [];
  /** @type {Bone[]} */
  const leaves = [];
  for (let b = 1; b < B; b++) {
    const r = radius * radiusOf(names[b]);
    for (const c of children[b]) {
      if (at[b].distanceTo(at[c]) < 1e-3) continue;
      capsules.push({
        bone: b,
        from: at[b],
        to: at[c],
        r: Math.min(r, 1.4 * radius * radiusOf(names[c])),
        end: c,
      });
    }
    if (children[b].length === 0 && parents[b] > 0) {
      const leaf = LEAVES.find(([re]) => re.test(names[b]));
      if (!leaf) continue;
      // along the parent's direction (a toe forward, a hand down, the head up)
      const dir = at[b].clone().sub(at[parents[b]]);
      if (/head/i.test(names[b]) || dir.length() < 1e-3) dir.set(0, 1, 0);
      const to = at[b].clone().addScaledVector(dir.normalize(), leaf[1]);
      capsules.push({ bone: b, from: at[b], to, r, end: -1 });
      if (ends) {
        const end = new Bone();
        end.name = `${bones[b].name}_End`;
        end.position.copy(to.clone().sub(at[b]).applyQuaternion(toArmature).multiplyScalar(unit));
        bones[b].add(end);
        leaves.push(end);
      }
    }
  }
  const geometry = capsuleGeometry(capsules, parents, names, segments);
  const mesh = new SkinnedMesh(geometry, new MeshLambertMaterial({ color, vertexColors: true }));
  mesh.name = 'body';
  root.add(mesh);
  root.updateMatrixWorld(true);
  // the leaf bones are joints of the skin too (weighing no vertex), as in a Mixamo file
  const skeleton = new Skeleton([...bones.slice(1), ...leaves]);
  mesh.bind(skeleton);
  /** @type {import('three').Material} */
  const material = mesh.material;
  return { root, armature: armature ? holder : null, mesh, material, skeleton, bones };
}

/**
 * The capsules' vertices (rings around each segment, its ends closed by hemispheres), normals,
 * shades, and skin: each vertex belongs to the segment's bone, blended half-and-half with the
 * parent at the joint the segment starts from and with the child at the joint it ends at,
 * fading to the bone alone over 1.5 radii.
 */
function capsuleGeometry(capsules, parents, names, segments) {
  const CAP = 3; // rings of a hemisphere
  const BODY = 4; // rings along the cylinder
  const rings = 2 * CAP + BODY + 1;
  const per = rings * (segments + 1);
  const count = capsules.length * per;
  const position = new Float32Array(3 * count);
  const normal = new Float32Array(3 * count);
  const color = new Float32Array(3 * count);
  const skinIndex = new Uint16Array(4 * count);
  const skinWeight = new Float32Array(4 * count);
  const index = [];
  const axis = new Vector3();
  const u = new Vector3();
  const w = new Vector3();
  const n = new Vector3();
  const radial = new Vector3();
  const point = new Vector3();
  let v = 0;
  capsules.forEach(({ bone, from, to, r, end }) => {
    const length = from.distanceTo(to);
    axis.copy(to).sub(from).normalize();
    // two unit vectors across the axis
    u.set(Math.abs(axis.y) < 0.9 ? 0 : 1, Math.abs(axis.y) < 0.9 ? 1 : 0, 0)
      .cross(axis)
      .normalize();
    w.copy(axis).cross(u);
    const blend = Math.min(1.5 * r, 0.45 * length);
    const parent = parents[bone] > 0 ? parents[bone] - 1 : -1;
    const shade = SHADE[/** @type {keyof typeof SHADE} */ (partOf(names[bone]))];
    const first = v;
    for (let k = 0; k < rings; k++) {
      // the ring's angle from the axis (hemispheres) and where it sits along it
      let along, rad, out;
      if (k < CAP) {
        const a = (Math.PI / 2) * (1 - k / CAP);
        along = -r * Math.sin(a);
        rad = r * Math.cos(a);
        out = -Math.sin(a);
      } else if (k <= CAP + BODY) {
        along = (length * (k - CAP)) / BODY;
        rad = r;
        out = 0;
      } else {
        const a = (Math.PI / 2) * ((k - CAP - BODY) / CAP);
        along = length + r * Math.sin(a);
        rad = r * Math.cos(a);
        out = Math.sin(a);
      }
      // the weights: parent ½ at the start joint, child ½ at the end joint, fading over `blend`
      const toParent = parent >= 0 ? 0.5 * Math.min(1, Math.max(0, 1 - along / blend)) : 0;
      const toChild = end > 0 ? 0.5 * Math.min(1, Math.max(0, 1 - (length - along) / blend)) : 0;
      for (let s = 0; s <= segments; s++) {
        const t = (2 * Math.PI * s) / segments;
        // the ring's direction across the axis, and the surface's normal (tilted on the caps)
        radial.copy(u).multiplyScalar(Math.cos(t)).addScaledVector(w, Math.sin(t));
        n.copy(radial)
          .multiplyScalar(Math.sqrt(1 - out * out))
          .addScaledVector(axis, out);
        const p = point.copy(from).addScaledVector(axis, along).addScaledVector(radial, rad);
        position.set([p.x, p.y, p.z], 3 * v);
        normal.set([n.x, n.y, n.z], 3 * v);
        color.fill(shade, 3 * v, 3 * v + 3);
        skinIndex.set([bone - 1, Math.max(0, parent), Math.max(0, end - 1), 0], 4 * v);
        skinWeight.set([1 - toParent - toChild, toParent, toChild, 0], 4 * v);
        v++;
      }
    }
    for (let k = 0; k < rings - 1; k++)
      for (let s = 0; s < segments; s++) {
        const a = first + k * (segments + 1) + s;
        const b = a + segments + 1;
        index.push(a, b, a + 1, a + 1, b, b + 1);
      }
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(position, 3));
  geometry.setAttribute('normal', new BufferAttribute(normal, 3));
  geometry.setAttribute('color', new BufferAttribute(color, 3));
  geometry.setAttribute('skinIndex', new BufferAttribute(skinIndex, 4));
  geometry.setAttribute('skinWeight', new BufferAttribute(skinWeight, 4));
  geometry.setIndex(index);
  return geometry;
}

/** A skeleton's rest offsets from a pose in the database's layout (13·bones floats): its local positions. */
export function restOffsets(pose, bones) {
  return Float32Array.from({ length: 3 * bones }, (_, i) => pose[i]);
}

/**
 * Clips of a motion database's layout (data.clips[i].poses, frames × 13·bones at
 * data.frameRate) as three.js AnimationClips of `humanoid` (made by skinnedHumanoid from the
 * same skeleton): the first bone under the simulation bone gets a position track and every
 * bone a quaternion track, each a key a frame, as a glTF file's baked animation has them. The
 * root motion goes into that first bone (the simulation bone has no object in a glTF file), in
 * the armature's units and axes when the humanoid has one.
 */
export function humanoidClips(humanoid, data) {
  const { parents } = data.skeleton;
  const B = parents.length;
  const L = 13 * B;
  const armature = humanoid.armature;
  const toArmature = armature ? armature.quaternion.clone().invert() : new Quaternion();
  const unit = armature ? 1 / armature.scale.x : 1;
  const q0 = new Quaternion();
  const q = new Quaternion();
  const p = new Vector3();
  return data.clips.map((clip) => {
    const frames = clip.poses.length / L;
    const times = Float32Array.from({ length: frames }, (_, f) => f / data.frameRate);
    const tracks = [];
    for (let b = 1; b < B; b++) {
      const name = humanoid.bones[b].name;
      const rotations = new Float32Array(4 * frames);
      const positions = parents[b] === 0 ? new Float32Array(3 * frames) : null;
      for (let f = 0; f < frames; f++) {
        const o = f * L;
        q.fromArray(clip.poses, o + 6 * B + 4 * b);
        if (positions) {
          // under the simulation bone: the world transform, in the armature's frame
          q0.fromArray(clip.poses, o + 6 * B);
          p.fromArray(clip.poses, o + 3 * b).applyQuaternion(q0);
          p.x += clip.poses[o];
          p.y += clip.poses[o + 1];
          p.z += clip.poses[o + 2];
          p.applyQuaternion(toArmature).multiplyScalar(unit);
          positions.set([p.x, p.y, p.z], 3 * f);
          q.premultiply(q0).premultiply(toArmature);
        }
        rotations.set([q.x, q.y, q.z, q.w], 4 * f);
      }
      if (positions) tracks.push(new VectorKeyframeTrack(`${name}.position`, times, positions));
      tracks.push(new QuaternionKeyframeTrack(`${name}.quaternion`, times, rotations));
    }
    return new AnimationClip(clip.name, (frames - 1) / data.frameRate, tracks);
  });
}
