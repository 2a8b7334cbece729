#!/usr/bin/env node
// wasm_module.mjs — the two edits build.sh makes to a linked WebAssembly module.
//
//   node web/tools/wasm_module.mjs exports IN OUT   keeps only the exports the loader uses (the
//                                                   memory, __heap_base, _initialize and the
//                                                   sp_* functions of the API); emcc also exports
//                                                   its stack helpers, __errno_location and the
//                                                   function table, which sprung never calls:
//                                                   wasm-opt then drops what only they reached
//   node web/tools/wasm_module.mjs piece IN OUT     keeps only the sp_* exports: a piece of the
//                                                   everyday module imports its memory, and its
//                                                   _initialize does nothing (its start function
//                                                   sets its static data up)
//   node web/tools/wasm_module.mjs heapbase IN      prints where the module's static data and
//                                                   stack end (its __heap_base): where the next
//                                                   piece of the everyday module starts
//   node web/tools/wasm_module.mjs label IN OUT L   appends a custom section "sprung" holding L
//                                                   (simd, scalar or springs), by which the loader
//                                                   tells a sprung module and its build from any
//                                                   other bytes it is handed
import { readFileSync, writeFileSync } from 'node:fs';

const KEEP = /^(memory|__heap_base|_initialize|sp_\w+)$/;

/** The unsigned LEB128 at `at` of `bytes`: [value, the offset after it]. */
function readLeb(bytes, at) {
  let value = 0,
    shift = 0,
    byte;
  do {
    byte = bytes[at++];
    value += (byte & 127) * 2 ** shift;
    shift += 7;
  } while (byte & 128);
  return [value, at];
}

/** `n` as unsigned LEB128. */
function leb(n) {
  const out = [];
  do {
    let byte = n & 127;
    n >>>= 7;
    if (n) byte |= 128;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

/** A section: its id, then its body's size and the body. */
const section = (id, body) => Buffer.concat([Buffer.from([id]), leb(body.length), body]);

/** `module` with its export section (id 7) holding only the exports whose names match `keep`. */
function keepExports(module, keep) {
  const parts = [module.subarray(0, 8)]; // magic and version
  for (let at = 8; at < module.length;) {
    const id = module[at];
    const [size, start] = readLeb(module, at + 1);
    const end = start + size;
    if (id !== 7) parts.push(module.subarray(at, end));
    else {
      const kept = [];
      let [count, p] = readLeb(module, start);
      for (; count > 0; count--) {
        const from = p;
        const [length, name] = readLeb(module, p);
        const text = module.subarray(name, name + length).toString();
        [, p] = readLeb(module, name + length + 1); // the kind byte, then the index
        if (keep.test(text)) kept.push(module.subarray(from, p));
      }
      parts.push(section(7, Buffer.concat([leb(kept.length), ...kept])));
    }
    at = end;
  }
  return Buffer.concat(parts);
}

/** `module` with the custom section "sprung" holding `label` appended. */
function labelled(module, label) {
  const name = Buffer.from('sprung');
  return Buffer.concat([module, section(0, Buffer.concat([leb(name.length), name, Buffer.from(label)]))]);
}

const [command, input, output, label] = process.argv.slice(2);
const module = readFileSync(input);
if (command === 'exports') writeFileSync(output, keepExports(module, KEEP));
else if (command === 'piece') writeFileSync(output, keepExports(module, /^sp_\w+$/));
else if (command === 'heapbase') {
  const memory = new WebAssembly.Memory({ initial: 1 << 5, maximum: 1 << 15 });
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(module), { env: { memory } });
  console.log(exports.__heap_base.value);
} else if (command === 'label' && label) writeFileSync(output, labelled(module, label));
else {
  console.error('usage: wasm_module.mjs exports IN OUT | piece IN OUT | heapbase IN | label IN OUT LABEL');
  process.exit(2);
}
