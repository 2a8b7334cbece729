/**
 * Unpacking a WebAssembly module embedded in the JS (zlib-compressed, base64), so that Node,
 * bundlers and a plain `<script type=module>` need no configuration and no file served beside
 * the script. `init` unpacks with the engine's `DecompressionStream`; only `initSync` needs the
 * JS inflater, so bundles without `initSync` leave it out.
 * @internal
 * @packageDocumentation
 */
import { inflate } from './inflate.js';

const decodeBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The module's bytes (`z`: zlib, base64), decompressed by the engine. */
export function unpack(z: string): Promise<ArrayBuffer> {
  if (typeof DecompressionStream !== 'function')
    throw new TypeError('sprung.init: no DecompressionStream in this engine; call initSync()');
  return new Response(
    new Blob([decodeBase64(z)]).stream().pipeThrough(new DecompressionStream('deflate')),
  ).arrayBuffer();
}

/** The module's bytes (`z`: zlib, base64; `n` bytes unpacked), decompressed synchronously in JS. */
export function unpackSync(z: string, n: number): Uint8Array<ArrayBuffer> {
  return inflate(decodeBase64(z).subarray(2), n) as Uint8Array<ArrayBuffer>; // past the 2-byte zlib header
}
