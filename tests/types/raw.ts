// raw.ts — compile-time test of the typed WASM binding generated from the header
// (web/src/gen/raw.ts): a pointer is not a float, so a wrong argument order or a renamed C
// function does not compile.
import type { Ptr, Raw } from '../../dist/cjs/gen/raw.js';

declare const wasm: Raw;
declare const p: Ptr;

wasm.sp_spring_damper_exact(p, p, 1, 0, 2, 0.1, 1 / 60);
const x: number = wasm.sp_damper_exact(0, 1, 0.1, 1 / 60);
// @ts-expect-error: the state pointers first, then the goal (floats and pointers swapped)
wasm.sp_spring_damper_exact(1, 0, p, p, 2, 0.1, 1 / 60);
// @ts-expect-error: a number is not a pointer
wasm.sp_quat_mul(0, p, p);
// @ts-expect-error: one argument too few
wasm.sp_damper_exact(0, 1, 0.1);
// @ts-expect-error: no such C function (renamed functions fail the same way)
wasm.sp_damper_exactly(0, 1, 0.1, 1 / 60);

export const used = x;
