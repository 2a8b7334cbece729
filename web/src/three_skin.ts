/**
 * A skinned three.js character driven by motion matching (see {@link bindSkeleton}): the pose
 * of a `MotionController` (or of a `MotionCrowd` member) written onto a `THREE.Skeleton`'s
 * bones every frame, its simulation bone onto the object that holds them. Duck-typed: three.js
 * is never imported, and nothing here calls WebAssembly.
 * @packageDocumentation
 */
import { options as optionsOf, show } from './check.js';
import { qmul, qrot } from './motion_clip.js';

/** A three.js `Vector3` (or any object with numeric x, y, z). */
interface Vec3 {
  x: number;
  y: number;
  z: number;
}
/** A three.js `Quaternion` (or any object with numeric x, y, z, w). */
interface Quat extends Vec3 {
  w: number;
}

/** An object of a three.js scene (`THREE.Object3D`, `Bone`, `SkinnedMesh`, `Group`), as the binding reads it. */
export interface Object3DLike {
  name?: string;
  parent?: object | null;
  children?: readonly object[];
  position: Vec3;
  quaternion: Quat;
  /** Uniform: x is read. */
  scale?: Vec3;
  /** True for a `THREE.Bone`. */
  isBone?: boolean;
  /** A `SkinnedMesh`'s skeleton: its bones are posed too. */
  skeleton?: { bones: readonly object[] };
}

/**
 * What the binding reads of a `MotionController` (or of a member of `MotionCrowd.characters`):
 * its database's bones (and their names, by `database.names` or `database.bone(name)`) and,
 * every frame, the world transforms of the pose.
 */
export interface PoseSource {
  readonly database: {
    readonly bones: number;
    readonly names?: readonly string[];
    bone?(name: string): number;
  };
  /** World positions, 3 per bone (metres). */
  readonly positions: Float32Array;
  /** World rotations, 4 per bone (x, y, z, w). */
  readonly rotations: Float32Array;
}

/** Options of {@link bindSkeleton}. */
export interface SkeletonBindingOptions {
  /**
   * Database bone name → the name of the object below `character` it drives (any object: a
   * bone, or a mesh of a rigid character), or `null` for none. Entries replace the matches by
   * name; the other bones are still matched by name.
   */
  bones?: Record<string, string | null>;
}

/** A character bound by {@link bindSkeleton}. */
export interface SkeletonBinding {
  /** Writes the source's current pose onto the character and its bones: call it after each
   *  `update` of the controller, before rendering. */
  update(): void;
  /** The object each database bone drives, by database bone: the character at 0 (the
   *  simulation bone), `null` for a bone the character lacks (a copy). */
  readonly bones: (object | null)[];
}

/** Mixamo's prefix (`mixamorig`, `mixamorig1:`…; three.js's loaders drop the colon). */
const MIXAMO = /^mixamorig\d*:?/i;

/**
 * Binds a motion-matched character to a three.js character, skinned or rigid: every
 * `binding.update()` puts `character` on the simulation bone (bone 0: its position on the
 * ground and its heading, in the world) and each of its bones where the pose has the
 * database's bone of the same name, so that after rendering every bone's world position is
 * the controller's `positions` (to float precision).
 *
 * - **Bones by name.** A bone matches the database's bone of its name, with Mixamo's
 *   `mixamorig` prefix or without (a `mixamorigLeftUpLeg` drives `LeftUpLeg` and the reverse),
 *   so a skeleton loaded from the files the database was built from (`BVHLoader`'s, a glTF's)
 *   needs no map; `options.bones` maps the others, or unmaps one (`null`).
 * - **Units and rest offsets.** `character.scale` is metres per unit of the skeleton (0.01
 *   for a skeleton in centimetres; 0.056444 for a CMU BVH file read by `BVHLoader`), and the
 *   objects between the character and its bones (a glTF's armature node, turned and scaled)
 *   keep their transforms: the database's metres are written in each bone's own units.
 * - **Bones the database lacks** (End Sites, fingers, twist bones) keep their local transforms,
 *   the rest pose, and follow their parents.
 *
 * Bind `character` as it is added to the scene, directly (its parent is taken as the world):
 * `gltf.scene`, or a `Group` holding a skeleton's root bone. Reads `source.database` once and
 * `source.positions`/`rotations` at each `update()` (live views, also after memory growth).
 * A crowd binds each member to a copy (`SkeletonUtils.clone(gltf.scene)`). Needs no
 * {@link init}.
 * @param source - a `MotionController`, or any member of `MotionCrowd.characters`
 * @param character - the object placed on the simulation bone, holding the bones (and skinned meshes)
 * @param options - a bone map (see {@link SkeletonBindingOptions})
 * @returns the binding: `update()` every frame, `bones` to inspect the map
 * @throws a `TypeError` for a source or character of the wrong shape, a `RangeError` when no
 *   bone matches, or a map names a bone that is not there
 * @example
 * const character = new MotionController(db);
 * const skin = bindSkeleton(character, gltf.scene);
 * // every frame:
 * character.update(dt, { velocity });
 * skin.update();
 * renderer.render(scene, camera);
 */
export function bindSkeleton(
  source: PoseSource,
  character: Object3DLike,
  options?: SkeletonBindingOptions,
): SkeletonBinding {
  const fn = 'bindSkeleton';
  const db = (source as { database?: PoseSource['database'] } | null)?.database;
  const B = db?.bones;
  if (typeof B !== 'number' || !Number.isInteger(B) || B < 1)
    throw new TypeError(
      `sprung.${fn}: source must be a MotionController (or a MotionCrowd member), got ${show(source)}`,
    );
  if (!isObject3D(character))
    throw new TypeError(
      `sprung.${fn}: character must be a three.js Object3D (position, quaternion), got ${show(character)}`,
    );
  const o = optionsOf(fn, 'options', options) as SkeletonBindingOptions;

  /** The database's bone of `name` (0: none, bone 0 being the character itself). */
  const names = Array.isArray(db!.names) ? db!.names : null;
  const boneOf = (name: string): number => {
    if (names) return Math.max(0, names.indexOf(name));
    try {
      return typeof db!.bone === 'function' ? db!.bone(name) : 0;
    } catch {
      return 0;
    }
  };

  // every object below the character, parents first; which of them are bones
  const below: Object3DLike[] = [];
  const bones = new Set<object>();
  const stack: Object3DLike[] = [character];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== character) below.push(node);
    if (node.isBone === true) bones.add(node);
    const skin = node.skeleton?.bones;
    if (Array.isArray(skin)) for (const b of skin) bones.add(b as object);
    const c = node.children;
    if (Array.isArray(c)) for (let k = c.length - 1; k >= 0; k--) if (isObject3D(c[k])) stack.push(c[k]);
  }

  // each object → its database bone: by name (with and without Mixamo's prefix), then the map
  const driven = new Map<Object3DLike, number>();
  for (const node of below) {
    if (!bones.has(node) || typeof node.name !== 'string') continue;
    const bare = node.name.replace(MIXAMO, '');
    for (const name of [node.name, bare, `mixamorig${bare}`]) {
      const b = boneOf(name);
      if (b > 0) {
        driven.set(node, b);
        break;
      }
    }
  }
  const map = o.bones ?? {};
  if (typeof map !== 'object' || map === null)
    throw new TypeError(
      `sprung.${fn}: options.bones must be an object (database bone → object name or null), got ${show(map)}`,
    );
  for (const [key, value] of Object.entries(map)) {
    const b = boneOf(key);
    if (b <= 0)
      throw new RangeError(
        `sprung.${fn}: options.bones.${key} names no bone of the database (bone 0 is the character)`,
      );
    for (const [node, d] of driven) if (d === b) driven.delete(node);
    if (value === null) continue;
    const node = below.find((x) => x.name === value);
    if (typeof value !== 'string' || node === undefined)
      throw new RangeError(
        `sprung.${fn}: options.bones.${key} names no object below character: ${show(value)}`,
      );
    driven.set(node, b);
  }
  if (driven.size === 0)
    throw new RangeError(
      bones.size === 0
        ? `sprung.${fn}: character holds no bones (no Bone, no SkinnedMesh): pass the object that holds them`
        : `sprung.${fn}: no bone of character has the name of a bone of the database ` +
            `(${[...bones]
              .slice(0, 3)
              .map((b) => JSON.stringify((b as Object3DLike).name))
              .join(', ')}…): map them with options.bones`,
    );

  // the objects from the character down to each driven one, parents first
  const nodes: { node: Object3DLike; parent: number; bone: number }[] = [];
  const at = new Map<object, number>();
  for (const node of below) {
    if (!driven.has(node)) continue;
    const path: Object3DLike[] = [];
    for (let x: Object3DLike = node; x !== character && !at.has(x); x = x.parent as Object3DLike) {
      if (!isObject3D(x))
        throw new TypeError(`sprung.${fn}: ${show(node.name)}'s parents do not lead to character`);
      path.push(x);
    }
    for (let k = path.length - 1; k >= 0; k--) {
      at.set(path[k], nodes.length);
      nodes.push({
        node: path[k],
        parent: at.get(path[k].parent as object) ?? -1,
        bone: driven.get(path[k]) ?? -1,
      });
    }
  }
  const N = nodes.length;
  const P = new Float64Array(3 * N); // each node in the character's space: position,
  const Q = new Float64Array(4 * N); // rotation
  const S = new Float64Array(N); //     and scale
  const v = new Float64Array(3);
  const q = new Float64Array(4);
  const table: (object | null)[] = Array.from({ length: B }, () => null);
  table[0] = character;
  for (const { node, bone } of nodes) if (bone > 0 && table[bone] === null) table[bone] = node;

  return {
    get bones() {
      return table.slice();
    },
    update(): void {
      const pos = source.positions,
        rot = source.rotations;
      if (!(
        pos instanceof Float32Array &&
        pos.length === 3 * B &&
        rot instanceof Float32Array &&
        rot.length === 4 * B
      ))
        throw new TypeError(
          `sprung.${fn}: source.positions and rotations must hold ${B} bones' world transforms, got ${show(pos)} and ${show(rot)}`,
        );
      // the character on the simulation bone
      setVector(character.position, pos[0], pos[1], pos[2]);
      setQuaternion(character.quaternion, rot[0], rot[1], rot[2], rot[3]);
      const s0 = character.scale ? character.scale.x : 1;
      for (let i = 0; i < N; i++) {
        const { node, parent, bone } = nodes[i];
        const pp = 3 * parent,
          pq = 4 * parent;
        const ps = parent < 0 ? 1 : S[parent];
        const own = node.scale ? node.scale.x : 1;
        if (bone > 0) {
          // where the pose has it, in the character's space: r0⁻¹·(p − p0) / scale, r0⁻¹·r
          for (let k = 0; k < 3; k++) v[k] = (pos[3 * bone + k] - pos[k]) / s0;
          qrot(P, 3 * i, rot, 0, v, 0, true);
          qmul(Q, 4 * i, rot, 0, rot, 4 * bone, true);
          // its local transform under its parent: Qp⁻¹·(P − Pp) / Sp, Qp⁻¹·Q
          if (parent < 0) {
            setVector(node.position, P[3 * i], P[3 * i + 1], P[3 * i + 2]);
            setQuaternion(node.quaternion, Q[4 * i], Q[4 * i + 1], Q[4 * i + 2], Q[4 * i + 3]);
          } else {
            for (let k = 0; k < 3; k++) v[k] = (P[3 * i + k] - P[pp + k]) / ps;
            qrot(v, 0, Q, pq, v, 0, true);
            setVector(node.position, v[0], v[1], v[2]);
            qmul(q, 0, Q, pq, Q, 4 * i, true);
            setQuaternion(node.quaternion, q[0], q[1], q[2], q[3]);
          }
        } else {
          // an object between the character and the bones (an armature node), or a bone the
          // database lacks: as it is, under its parent
          const p = node.position,
            r = node.quaternion;
          v[0] = ps * p.x;
          v[1] = ps * p.y;
          v[2] = ps * p.z;
          q[0] = r.x;
          q[1] = r.y;
          q[2] = r.z;
          q[3] = r.w;
          if (parent < 0) {
            P.set(v, 3 * i);
            Q.set(q, 4 * i);
          } else {
            qrot(P, 3 * i, Q, pq, v, 0);
            for (let k = 0; k < 3; k++) P[3 * i + k] += P[pp + k];
            qmul(Q, 4 * i, Q, pq, q, 0);
          }
        }
        S[i] = ps * own;
      }
    },
  };
}

/** Whether `x` has what the binding reads and writes of an Object3D. */
function isObject3D(x: unknown): x is Object3DLike {
  const o = x as Object3DLike | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.position === 'object' &&
    o.position !== null &&
    typeof o.quaternion === 'object' &&
    o.quaternion !== null
  );
}

/** Sets a Vector3 (by `set` when it has one: one change, not three). */
function setVector(p: Vec3, x: number, y: number, z: number): void {
  const set = (p as { set?: (x: number, y: number, z: number) => unknown }).set;
  if (typeof set === 'function') set.call(p, x, y, z);
  else {
    p.x = x;
    p.y = y;
    p.z = z;
  }
}

/** Sets a Quaternion (by `set` when it has one: three.js updates the Euler rotation once, not four times). */
function setQuaternion(r: Quat, x: number, y: number, z: number, w: number): void {
  const set = (r as { set?: (x: number, y: number, z: number, w: number) => unknown }).set;
  if (typeof set === 'function') set.call(r, x, y, z, w);
  else {
    r.x = x;
    r.y = y;
    r.z = z;
    r.w = w;
  }
}
