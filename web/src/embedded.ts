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
 *  the check of the engine's support, which throws the error of `sprung.<fn>` (wasm.ts's
 *  requireSimd: only the full module's entry holds it, so that a bundle of everyday functions
 *  leaves the probe and its message out). */
export interface Embedded {
  zlib: string;
  size: number;
  check?: (fn: string) => void;
}

/** The everyday module (sprung-springs.wasm: without SIMD, so that it runs where SIMD does not), which every entry embeds. */
export const EVERYDAY: Embedded = { zlib: wasmSpringsZlib, size: wasmSpringsSize };

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** The module's bytes, decompressed by the engine. */
export async function unpack(e: Embedded): Promise<Uint8Array> {
  e.check?.('init');
  if (typeof DecompressionStream !== 'function')
    throw new TypeError(
      'sprung.init: this engine has no DecompressionStream to unpack the embedded module; call initSync() or init({ wasm })',
    );
  const stream = new Blob([decodeBase64(e.zlib)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The module's bytes, decompressed synchronously in JS. */
export function unpackSync(e: Embedded): Uint8Array {
  e.check?.('initSync');
  return inflate(decodeBase64(e.zlib).subarray(2), e.size); // past the 2-byte zlib header
}
