// Pieces of the "Copy as code" programs: number literals, TypeScript annotations, the opening
// comments, and the seeded random generator some scenarios use (so a copied program prints
// the very values the panel plots). See lib/copy-code.js for what a program must be.

/**
 * A float as a C literal: `0.25f`, `2.0f`, `1e-05f`.
 * @param {number} value
 */
export function cf(value) {
  const text = String(Number(value.toPrecision(7)));
  return /[.e]/.test(text) ? `${text}f` : `${text}.0f`;
}

/**
 * A number as a JavaScript literal, without float noise.
 * @param {number} value
 */
export function jn(value) {
  return String(Number(value.toPrecision(7)));
}

/**
 * `: type` in TypeScript, nothing in JavaScript.
 * @param {boolean} ts
 * @param {string} type
 */
export function ann(ts, type) {
  return ts ? `: ${type}` : '';
}

/**
 * The opening comment of a JavaScript or TypeScript program.
 * @param {string} title
 * @param {boolean} ts
 */
export function jsHead(title, ts) {
  return (
    `// ${title}\n` +
    `// sprung playground, "Copy as code": a complete program printing what the panel plots.\n` +
    (ts
      ? `// Run: npm install sprung, then npx tsx program.ts (or compile it with tsc).\n`
      : `// Run: npm install sprung, then node program.mjs\n`)
  );
}

/**
 * The opening comment of a C program.
 * @param {string} title
 */
export function cHead(title) {
  return (
    `// ${title}\n` +
    `// sprung playground, "Copy as code": a complete program printing what the panel plots.\n` +
    `// The C sources ship in the npm package: npm install sprung puts them in node_modules/sprung/c.\n` +
    `// Build: cc -std=c99 -O2 -Inode_modules/sprung/c program.c node_modules/sprung/c/*.c -lm && ./a.out\n`
  );
}

/**
 * How a JavaScript or TypeScript program prints one row of numbers (the columns the tests
 * compare with the plots); `labelled`: a row starts with a word naming its series set
 * (`row('goal', t, g)` prints `goal 0.16667 1.00000`), so that one program prints series of
 * different lengths.
 * @param {boolean} ts
 * @param {boolean} [labelled]
 */
export function jsRow(ts, labelled = false) {
  const label = labelled ? `label${ann(ts, 'string')}, ` : '';
  const print = labelled ? 'label, ' : '';
  return `const row = (${label}...values${ann(ts, 'number[]')}) => console.log(${print}values.map((v) => v.toFixed(5)).join(' '));\n`;
}

/**
 * printf of columns `args` in C, matching jsRow's format, after `label` if given (a word, whose
 * conversions, such as `hz%d`, take the first of `args`).
 * @param {string[]} args
 * @param {string} [label]
 */
export function cRow(args, label = '') {
  const taken = (label.match(/%/g) || []).length;
  const columns = args.slice(taken).map(() => '%.5f');
  return `printf("${[...(label ? [label] : []), ...columns].join(' ')}\\n", ${args.join(', ')});`;
}

/**
 * The seeded uniform generator of lib/random.js (mulberry32), as program text.
 * @param {'js' | 'ts' | 'c'} lang
 * @param {number} seed
 */
export function randomSource(lang, seed) {
  if (lang === 'c')
    return (
      `/* Uniform numbers in [0, 1), the same sequence as the playground's (mulberry32). */\n` +
      `static uint32_t seed = ${seed}u;\n` +
      `static double random01(void)\n{\n` +
      `    uint32_t t;\n` +
      `    seed += 0x6d2b79f5u;\n` +
      `    t = seed;\n` +
      `    t = (t ^ (t >> 15)) * (t | 1u);\n` +
      `    t ^= t + (t ^ (t >> 7)) * (t | 61u);\n` +
      `    return (double)(t ^ (t >> 14)) / 4294967296.0;\n}\n`
    );
  return (
    `// Uniform numbers in [0, 1), the same sequence as the playground's (mulberry32).\n` +
    `let seed = ${seed};\n` +
    `function random01()${ann(lang === 'ts', 'number')} {\n` +
    `  seed = (seed + 0x6d2b79f5) >>> 0;\n` +
    `  let t = seed;\n` +
    `  t = Math.imul(t ^ (t >>> 15), t | 1);\n` +
    `  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);\n` +
    `  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;\n}\n`
  );
}

/**
 * Builds a program's JavaScript and TypeScript texts from one template function.
 * @param {(ts: boolean) => string} template
 */
export function jsAndTs(template) {
  return { js: template(false), ts: template(true) };
}
