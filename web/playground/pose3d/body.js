// The drawn body of the 3D pose panel's character: one capsule (or box, for the crowd) per
// entry of skeleton.js SHAPES, each rigidly attached to its bone.
import { BufferAttribute, BufferGeometry, CapsuleGeometry, Matrix4, Quaternion, Vector3 } from 'three';
import { SHADE } from './lanes.js';
import { SHAPES } from './skeleton.js';

/**
 * The matrix placing a unit shape (along Y, centred on the origin) on shape `s` in its
 * bone's frame: centred between `from` and `to`, Y along the segment, scaled by
 * `scale(length, radius)` → [x, y, z].
 */
export function shapeMatrix(s, scale) {
  const [, fx, fy, fz, tx, ty, tz, r] = s;
  const from = new Vector3(fx, fy, fz);
  const to = new Vector3(tx, ty, tz);
  const axis = to.clone().sub(from);
  const length = axis.length();
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), axis.normalize());
  const [sx, sy, sz] = scale(length, r);
  return new Matrix4().compose(from.add(to).multiplyScalar(0.5), q, new Vector3(sx, sy, sz));
}

/**
 * All the capsules in one geometry for rigid skinning: each vertex belongs to one bone
 * (skinIndex, weight 1) and carries its part's shade as a colour.
 */
export function bodyGeometry() {
  const parts = SHAPES.map((s) => {
    const [boneIndex, fx, fy, fz, tx, ty, tz, r, part] = s;
    const length = Math.hypot(tx - fx, ty - fy, tz - fz);
    // slim limbs need fewer sides than the torso and head (triangles cost a software renderer)
    const g = new CapsuleGeometry(r, length, 2, r < 0.06 ? 6 : 10);
    g.applyMatrix4(shapeMatrix(s, () => [1, 1, 1]));
    return { g, boneIndex, shade: SHADE[part] };
  });
  const count = parts.reduce((n, p) => n + p.g.attributes.position.count, 0);
  // (a capsule's geometry is indexed)
  const indexOf = (g) => /** @type {import('three').BufferAttribute} */ (g.index);
  const indices = parts.reduce((n, p) => n + indexOf(p.g).count, 0);
  const position = new Float32Array(3 * count);
  const normal = new Float32Array(3 * count);
  const color = new Float32Array(3 * count);
  const skinIndex = new Uint16Array(4 * count);
  const skinWeight = new Float32Array(4 * count);
  const index = new Uint32Array(indices);
  let v = 0;
  let i = 0;
  for (const { g, boneIndex, shade } of parts) {
    const n = g.attributes.position.count;
    position.set(g.attributes.position.array, 3 * v);
    normal.set(g.attributes.normal.array, 3 * v);
    color.fill(shade, 3 * v, 3 * (v + n));
    for (let k = 0; k < n; k++) {
      skinIndex[4 * (v + k)] = boneIndex;
      skinWeight[4 * (v + k)] = 1;
    }
    const src = indexOf(g).array;
    for (let k = 0; k < src.length; k++) index[i + k] = src[k] + v;
    v += n;
    i += src.length;
    g.dispose();
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(position, 3));
  geometry.setAttribute('normal', new BufferAttribute(normal, 3));
  geometry.setAttribute('color', new BufferAttribute(color, 3));
  geometry.setAttribute('skinIndex', new BufferAttribute(skinIndex, 4));
  geometry.setAttribute('skinWeight', new BufferAttribute(skinWeight, 4));
  geometry.setIndex(new BufferAttribute(index, 1));
  return geometry;
}
