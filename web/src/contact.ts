/**
 * Foot locking of "Code vs Data Driven Displacement": an inertializer that switches a
 * foot between the animation's contact position and a point locked on the ground.
 * @packageDocumentation
 */
import { heapI32, scratchF32, type Vec3 } from './wasm.js';
import { getVec3, putVec3, slot } from './scratch.js';
import { check, initialized, isFlag, isTime, isVec3, isVec3W } from './check.js';
import { CONTACT } from './gen/specs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/**
 * The article's contact state, updated in place by {@link contactUpdate}: the output
 * `position`/`velocity` to pin the foot to (e.g. with IK), the locked `point`, the last
 * input (`target`), the inertializer's offsets, whether the input contact was active
 * (`state`) and whether the foot is locked (`lock`). Vector fields may be three.js `Vector3`s.
 */
export class ContactState {
  position: Vec3 = { x: 0, y: 0, z: 0 };
  velocity: Vec3 = { x: 0, y: 0, z: 0 };
  point: Vec3 = { x: 0, y: 0, z: 0 };
  target: Vec3 = { x: 0, y: 0, z: 0 };
  offsetPosition: Vec3 = { x: 0, y: 0, z: 0 };
  offsetVelocity: Vec3 = { x: 0, y: 0, z: 0 };
  state = false;
  lock = false;
}

/** The vector fields of sp_contact, in its order. */
const VECTORS = ['position', 'velocity', 'point', 'target', 'offsetPosition', 'offsetVelocity'] as const;
/** Scratch slots: the contact at 0 (sp_contact's layout), then the input vectors. */
const IN_POSITION = 20,
  IN_VELOCITY = 24;

/** Fast path: every vector field of `c` is a writable finite `{x, y, z}`. */
function isContact(c: unknown): c is ContactState {
  if (typeof c !== 'object' || c === null) return false;
  const o = c as ContactState;
  for (const k of VECTORS) if (!isVec3W(o[k])) return false;
  if (!(isFlag(o.state) && isFlag(o.lock))) return false;
  try {
    o.state = o.state; // written back below: a frozen contact must fail here
    o.lock = o.lock;
  } catch {
    return false;
  }
  return true;
}

/** Copies the contact into the scratch slots (sp_contact's layout); returns its pointer. */
function put(c: ContactState) {
  for (const k of VECTORS) putVec3(CONTACT[k], c[k]);
  heapI32[scratchF32 + CONTACT.state] = c.state ? 1 : 0;
  heapI32[scratchF32 + CONTACT.lock] = c.lock ? 1 : 0;
  return slot(0);
}

function get(c: ContactState): ContactState {
  for (const k of VECTORS) getVec3(CONTACT[k], c[k]);
  c.state = heapI32[scratchF32 + CONTACT.state] !== 0;
  c.lock = heapI32[scratchF32 + CONTACT.lock] !== 0;
  return c;
}

/**
 * Starts `contact` at the input position and velocity, unlocked, with zero offsets.
 * @c sp_contact_reset contact=out_contact
 */
export function contactReset<T extends ContactState>(
  contact: T,
  inputContactPosition: Vec3,
  inputContactVelocity: Vec3,
  inputContactState: boolean,
): T {
  check(S.contactReset, contact, inputContactPosition, inputContactVelocity, inputContactState);
  const p = putVec3(IN_POSITION, inputContactPosition);
  full.sp_contact_reset(slot(0), p, putVec3(IN_VELOCITY, inputContactVelocity), inputContactState ? 1 : 0);
  return get(contact) as T;
}

/**
 * One frame of foot locking. When the input contact starts, the output blends (inertializes,
 * `halflife`) into a point locked at the foot's position with `y = footHeight`; when the
 * contact ends, or the input moves further than `unlockRadius` from the point, it blends back
 * to the input. Position and velocity stay continuous. `dt = 0` changes nothing.
 * @c sp_contact_update
 */
export function contactUpdate<T extends ContactState>(
  contact: T,
  inputContactPosition: Vec3,
  inputContactState: boolean,
  unlockRadius: number,
  footHeight: number,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isContact(contact) &&
    isVec3(inputContactPosition) &&
    typeof inputContactState === 'boolean' &&
    isTime(unlockRadius) &&
    Number.isFinite(footHeight) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(
      S.contactUpdate,
      contact,
      inputContactPosition,
      inputContactState,
      unlockRadius,
      footHeight,
      halflife,
      dt,
    );
  const p = put(contact);
  full.sp_contact_update(
    p,
    putVec3(IN_POSITION, inputContactPosition),
    inputContactState ? 1 : 0,
    unlockRadius,
    footHeight,
    halflife,
    dt,
  );
  return get(contact) as T;
}
