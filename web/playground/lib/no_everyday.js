// The playground's stand-in for the package's everyday pieces (dist/pieces/*.js: five small
// WebAssembly modules, 7.8 KB gzip together). Every page of the playground holds functions of the
// full module, so init() always loads that one alone (web/src/wasm.ts, toLoad) and the pieces'
// bytes would be fetched by every embed for nothing. The Vite config resolves the package's
// imports of the pieces here. Each binding registers as a piece without bytes, so that loading
// the full module sets it as it sets the real ones; were init() ever to load the pieces,
// WebAssembly would refuse the empty bytes at once rather than run anything.
import { part } from '../../../dist/wasm.js';

export let wasmDamper = part('', 0, 1, (e) => (wasmDamper = e));
export let wasmCritical = part('', 0, 1, (e) => (wasmCritical = e));
export let wasmSpring = part('', 0, 1, (e) => (wasmSpring = e));
export let wasmHelpers = part('', 0, 1, (e) => (wasmHelpers = e));
export let wasmQuat = part('', 0, 1, (e) => (wasmQuat = e));
