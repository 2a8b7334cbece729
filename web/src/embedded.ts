/**
 * Unpacking a WebAssembly module embedded in the JS (zlib-compressed, base64), so that Node,
 * bundlers and a plain `<script type=module>` need no configuration and no file served beside
 * the script. `init` unpacks with the engine's `DecompressionStream`; only `initSync` needs the
 * JS inflater, so bundles without `initSync` leave it out.
 * @internal
 * @packageDocumentation
 */
import { inflate } from './inflate.js';

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** The module's bytes (`z`: zlib, base64), decompressed by the engine. */
export async function unpack(z: string): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof DecompressionStream !== 'function')
    throw new TypeError(
      'sprung.init: this engine has no DecompressionStream to unpack the embedded module; call initSync() or init({ wasm })',
    );
  const stream = new Blob([decodeBase64(z)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The module's bytes (`z`: zlib, base64; `n` bytes unpacked), decompressed synchronously in JS. */
export function unpackSync(z: string, n: number): Uint8Array<ArrayBuffer> {
  return inflate(decodeBase64(z).subarray(2), n) as Uint8Array<ArrayBuffer>; // past the 2-byte zlib header
}
