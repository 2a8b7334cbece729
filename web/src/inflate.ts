/**
 * A small DEFLATE decoder (RFC 1951) for `initSync`, which cannot wait for the engine's
 * `DecompressionStream`: the embedded WebAssembly module is stored compressed, which costs
 * about a quarter less after a server's gzip than the module as plain base64.
 * @internal
 * @packageDocumentation
 */

/** A canonical Huffman code: how many codes have each bit length, and the symbols in code order. */
interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

function huffman(lengths: ArrayLike<number>): Huffman {
  const counts = new Uint16Array(16),
    offsets = new Uint16Array(16),
    symbols = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) counts[lengths[s]]++;
  counts[0] = 0;
  for (let len = 1; len < 16; len++) offsets[len] = offsets[len - 1] + counts[len - 1];
  for (let s = 0; s < lengths.length; s++) if (lengths[s]) symbols[offsets[lengths[s]]++] = s;
  return { counts, symbols };
}

/** Base values and extra bits of the length (257…285) and distance (0…29) codes. */
function bases(n: number, first: number, extraOf: (i: number) => number): [number[], number[]] {
  const base: number[] = [],
    extra: number[] = [];
  for (let i = 0, b = first; i < n; i++) {
    base.push(b);
    extra.push(extraOf(i));
    b += 1 << extra[i];
  }
  return [base, extra];
}
const [LENGTH_BASE, LENGTH_EXTRA] = bases(29, 3, (i) => (i < 8 || i === 28 ? 0 : (i >> 2) - 1));
LENGTH_BASE[28] = 258; // code 285 is 258 with no extra bits, not the 227 + 32 the pattern gives
const [DISTANCE_BASE, DISTANCE_EXTRA] = bases(30, 1, (i) => (i < 4 ? 0 : (i >> 1) - 1));
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Decodes raw DEFLATE `data` into exactly `size` bytes. Throws on malformed input. */
export function inflate(data: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let bit = 0, // position in data, in bits
    o = 0;
  const bits = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++, bit++) v |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
    return v;
  };
  const decode = (h: Huffman): number => {
    // canonical codes are read most significant bit first, one bit at a time
    for (let len = 1, code = 0, first = 0, index = 0; len < 16; len++) {
      code |= bits(1);
      const count = h.counts[len];
      if (code - first < count) return h.symbols[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Error('sprung: corrupt embedded WebAssembly (bad Huffman code)');
  };
  let last: number;
  do {
    if (bit >> 3 >= data.length) throw new Error('sprung: corrupt embedded WebAssembly (truncated)');
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      bit = (bit + 7) & ~7;
      const len = bits(16);
      bit += 16;
      out.set(data.subarray(bit >> 3, (bit >> 3) + len), o);
      o += len;
      bit += 8 * len;
      continue;
    }
    let literals: Huffman, distances: Huffman;
    if (type === 1) {
      const l: number[] = [];
      for (let s = 0; s < 288; s++) l.push(s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
      literals = huffman(l);
      distances = huffman(new Array(30).fill(5));
    } else {
      const nlit = bits(5) + 257,
        ndist = bits(5) + 1,
        nclen = bits(4) + 4;
      const clen = new Uint8Array(19);
      for (let i = 0; i < nclen; i++) clen[CODE_LENGTH_ORDER[i]] = bits(3);
      const lengthCode = huffman(clen);
      const lengths = new Uint8Array(nlit + ndist);
      for (let i = 0; i < nlit + ndist;) {
        const s = decode(lengthCode);
        if (s < 16) lengths[i++] = s;
        else {
          const repeat = s === 16 ? 3 + bits(2) : s === 17 ? 3 + bits(3) : 11 + bits(7);
          const value = s === 16 ? lengths[i - 1] : 0;
          lengths.fill(value, i, i + repeat);
          i += repeat;
        }
      }
      literals = huffman(lengths.subarray(0, nlit));
      distances = huffman(lengths.subarray(nlit));
    }
    for (;;) {
      let s = decode(literals);
      if (s < 256) out[o++] = s;
      else if (s === 256) break;
      else {
        s -= 257;
        const len = LENGTH_BASE[s] + bits(LENGTH_EXTRA[s]);
        const d = decode(distances);
        const dist = DISTANCE_BASE[d] + bits(DISTANCE_EXTRA[d]);
        for (let k = 0; k < len; k++, o++) out[o] = out[o - dist];
      }
    }
  } while (!last);
  if (o !== size) throw new Error('sprung: corrupt embedded WebAssembly (wrong size)');
  return out;
}
