/**
 * sprung — springs, dampers and inertializers for game animation, compiled from C to
 * WebAssembly. `await init()` once, then call any function.
 * @packageDocumentation
 */
export { init, initSync } from './springs_entry.js';
export * from './gen/api.js';
