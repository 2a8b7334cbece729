/**
 * sprung — springs, dampers and inertializers for game animation, compiled from C to
 * WebAssembly. `await init()` once, then call any function.
 * @packageDocumentation
 */
export { init, isReady } from './wasm.js';
export type { Vec3, Quat } from './wasm.js';
export * from './gen/scalar.js';
export * from './dampers.js';
export * from './springs.js';
export * from './applications.js';
export * from './other_springs.js';
export * from './settle.js';
export * from './quat.js';
export * from './tracking.js';
export * from './character.js';
export * from './adjustment.js';
export * from './contact.js';
export * from './batch.js';
export * from './batch_pose.js';
export * from './inertialize.js';
export * from './transition_cost.js';
export * from './batch_trajectory.js';
