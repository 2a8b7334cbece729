/**
 * Unpacking a WebAssembly module embedded in an entry (zlib-compressed, base64), so that
 * Node, bundlers and a plain `<script type=module>` need no configuration and no file served
 * beside the script. `init` unpacks with the engine's `DecompressionStream`; only `initSync`
 * needs the JS inflater, so bundles without `initSync` leave it out.
 * @internal
 * @packageDocumentation
 */
import { inflate } from './inflate.js';
import { wasmSpringsSize, wasmSpringsZlib } from './wasm-binary-springs.js';

/** An embedded module: its bytes (zlib, base64), its size, and where it needs WebAssembly SIMD
 *  the probe of the engine's support (wasm.ts's simdSupported: only the full module's entry
 *  holds it, so that a bundle of everyday functions leaves the probe out). */
export interface Embedded {
  zlib: string;
  size: number;
  simd?: () => boolean;
}

/** The everyday module (sprung-springs.wasm: scalar, so that it runs on every engine), which every entry embeds. */
export const EVERYDAY: Embedded = { zlib: wasmSpringsZlib, size: wasmSpringsSize };

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

function requireSimd(fn: string, e: Embedded): void {
  if (e.simd && !e.simd())
    throw new TypeError(
      `sprung.${fn}: this engine has no WebAssembly SIMD, which the embedded module needs; ` +
        "load the scalar build instead: init({ wasm: <URL of 'sprung/sprung-scalar.wasm'> })",
    );
}

/** The module's bytes, decompressed by the engine. */
export async function unpack(e: Embedded): Promise<Uint8Array> {
  requireSimd('init', e);
  if (typeof DecompressionStream !== 'function')
    throw new TypeError(
      'sprung.init: this engine has no DecompressionStream to unpack the embedded module; call initSync() or init({ wasm })',
    );
  const stream = new Blob([decodeBase64(e.zlib)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The module's bytes, decompressed synchronously in JS. */
export function unpackSync(e: Embedded): Uint8Array {
  requireSimd('initSync', e);
  return inflate(decodeBase64(e.zlib).subarray(2), e.size); // past the 2-byte zlib header
}
