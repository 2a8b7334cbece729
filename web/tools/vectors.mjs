// vectors.mjs — the JS-stepped vector springs and dampers, written out per dimension from one
// template: each component is steps.ts's scalar step (criticalStep, springStep, damperStep), in
// double on the caller's numbers.
//
// - gen/vectors.ts: their slow forms (`critical3(p, v, g, q, h, dt)`, `spring2(p, v, g, q, f,
//   h, dt)`, `damper2(p, g, h, dt)`), which the wrappers call once the detailed check passed;
// - fastBody(): the fast path, written into each wrapper: read every field, check it, write the
//   state back with its own values (a frozen or getter-only object fails there, before anything
//   changes), step every component, then write the results.
//
// Written out rather than shared between 2D and 3D, and between wrappers, for the reason steps.ts
// gives: a function that sees {x, y} and {x, y, z} objects (three.js's, PixiJS's, …) has its
// property loads go polymorphic or megamorphic, and that costs more than the arithmetic; and
// a fast path inside the wrapper lets V8 inline every component's step (a shared one spent its
// inlining budget on itself).

const AXES = ['x', 'y', 'z'];

/** What the fast paths below call (steps.ts and check.ts exports the generator imports). */
export const FAST_NAMES = [
  'damperCoefs',
  'damperApply',
  'criticalOn',
  'springOn',
  'stepped',
  'FREQUENCY_HALFLIFE',
];

/** The JS-stepped calls that have a fast path written into their wrapper. */
export const FAST_VECTOR = /^(critical|spring|damper)[23]$/;

/**
 * The fast path of a wrapper stepping `call` (`critical2(position, velocity, goal, null, halflife, dt)`,
 * `spring3(position, velocity, goal, goalVelocity, frequency, halflife, dt)`,
 * `damper3(position, goal, halflife, dt)`, …) in JS: lines that `break fast` (the label the
 * wrapper puts around them) when anything is not as the fast path needs it, else step and leave
 * the results in the objects. `null` for a goal or goal velocity is 0. `late`: the checks of
 * numbers on the fields read (on their locals, `goalVelocity_x`, …).
 */
export function fastBody(call, late = []) {
  const m = call.match(/^(critical|spring|damper)([23])\((.*)\)$/);
  const n = +m[2];
  const ax = AXES.slice(0, n);
  const args = m[3].split(',');
  const [p, v, g, q, ...setting] =
    m[1] === 'damper' ? [args[0], null, args[1], null, args[2], args[3]] : args;
  const objects = [p, v, g, q].filter((o) => o && o !== 'null');
  const lines = [
    `    if (!(${objects.map((o) => `typeof ${o} === 'object' && ${o} !== null`).join(' && ')})) break fast;`,
  ];
  const local = (o, a) => `${o}_${a}`;
  for (const o of objects) lines.push(`    const ${ax.map((a) => `${local(o, a)} = ${o}.${a}`).join(', ')};`);
  const checks = [...objects.flatMap((o) => ax.map((a) => `isF(${local(o, a)})`)), ...late];
  lines.push(`    if (!(${checks.join(' && ')})) break fast;`);
  const state = [p, v].filter(Boolean);
  lines.push('    try {');
  for (const o of state) for (const a of ax) lines.push(`      ${o}.${a} = ${local(o, a)};`);
  lines.push(
    '    } catch {',
    '      break fast; // frozen or getter-only: the detailed check says which',
    '    }',
  );
  const val = (o, a) => (o && o !== 'null' ? local(o, a) : '0');
  if (m[1] === 'damper') {
    const [h, dt] = setting;
    // the coefficients loaded once for every component (no caller's code runs in between)
    lines.push(
      `    damperCoefs(${h}, ${dt});`,
      `    const ${ax.map((a) => `${a}1 = damperApply(${local(p, a)}, ${local(g, a)})`).join(', ')};`,
    );
    for (const a of ax) lines.push(`    ${p}.${a} = ${a}1;`);
  } else {
    // every component stepped before the first setter runs (a setter may call sprung)
    ax.forEach((a, i) => {
      const args = [local(p, a), local(v, a), val(g, a), val(q, a), ...on(m[1], setting)].join(', ');
      lines.push(`    ${m[1]}On(${args});`);
      lines.push(`    const x${i} = stepped.x,`, `      v${i} = stepped.v;`);
    });
    ax.forEach((a, i) => lines.push(`    ${p}.${a} = x${i};`));
    ax.forEach((a, i) => lines.push(`    ${v}.${a} = v${i};`));
  }
  return lines;
}

/** The arguments of steps.ts's criticalOn or springOn after the state and goal: the setting. */
const on = (kind, setting) => (kind === 'spring' ? ['FREQUENCY_HALFLIFE', ...setting] : setting);

/** Reads the components of each vector of `names` into locals `${name}${axis}`. */
const readAll = (names, ax) =>
  names.map((o) => `  const ${ax.map((a) => `${o}${a} = ${o}.${a}`).join(', ')};`).join('\n');
/** Tests that every one of `names` is an object. */
const nonNull = (names) => names.map((o) => `typeof ${o} === 'object' && ${o} !== null`).join(' && ');
/** Writes the state `names` back with their own values and probes the outputs `outs`: lines that
 *  return false where one cannot be written. */
const probe = (state, outs, ax) =>
  [
    '  try {',
    ...state.flatMap((o) => ax.map((a) => `    ${o}.${a} = ${o}${a};`)),
    ...outs.flatMap((o) => ax.map((a) => `    ${o}.${a} = ${o}.${a};`)),
    '  } catch {',
    '    return false; // frozen or getter-only: the detailed check says which',
    '  }',
  ].join('\n');

function dimension(n) {
  const V = `Vec${n}`;
  const ax = AXES.slice(0, n);
  const each = (f, sep = ', ') => ax.map(f).join(sep);
  const read = (o, nullable) =>
    `  const ${each((a) => `${o}${a} = ${nullable ? `${o} ? ${o}.${a} : 0` : `${o}.${a}`}`)};`;
  const steps = (f, setting) =>
    ax
      .map(
        (a, i) =>
          `  ${f}On(${[`p${a}`, `v${a}`, `g${a}`, `q${a}`, ...on(f, setting)].join(', ')});\n  const x${i} = stepped.x,\n    v${i} = stepped.v;\n`,
      )
      .join('');
  const written = `${ax.map((a, i) => `  p.${a} = x${i};\n`).join('')}${ax.map((a, i) => `  v.${a} = v${i};\n`).join('')}`;
  return `
/** sp_critical_spring_damper_exact_v${n} on the objects (a goal or goal velocity null: 0); arguments already
 *  checked. Every field is read, and every component stepped, before the first setter runs. */
export function critical${n}(p: ${V}, v: ${V}, g: ${V} | null, q: ${V} | null, h: number, dt: number): void {
${read('p')}
${read('v')}
${read('g', true)}
${read('q', true)}
${steps('critical', ['h', 'dt'])}${written}}

/** sp_spring_damper_exact_v${n} on the objects; arguments already checked. Every field is read, and
 *  every component stepped, before the first setter runs. */
export function spring${n}(p: ${V}, v: ${V}, g: ${V}, q: ${V}, f: number, h: number, dt: number): void {
${read('p')}
${read('v')}
${read('g')}
${read('q')}
${steps('spring', ['f', 'h', 'dt'])}${written}}

/** sp_damper_exact_v${n} on the objects; arguments already checked. */
export function damper${n}(p: ${V}, g: ${V}, h: number, dt: number): void {
${read('p')}
${read('g')}
  const ${each((a) => `${a}1 = damperStep(p${a}, g${a}, h, dt)`)};
${ax.map((a) => `  p.${a} = ${a}1;\n`).join('')}}
`;
}

/** The vector inertializers of dimension n: the spring one and the cubic one. */
function inertializers(n) {
  const V = `Vec${n}`;
  const ax = AXES.slice(0, n);
  const numbers = (names) => names.flatMap((o) => ax.map((a) => `${o}${a}`));
  const params = (names) =>
    numbers(names)
      .map((x) => `${x}: number`)
      .join(', ');
  const finite = (names) =>
    numbers(names)
      .map((x) => `isF(${x})`)
      .join(' && ');
  const vectorArgs = (names) => names.map((o) => `${o}: ${V}`).join(', ');
  return `
/** sp_inertialize_update_v${n} on the numbers of the offset (f…, w…) and the input (i…, u…): the
 *  offset decays as the decay spring, component by component, then out = in + offset. */
function inertializeOn${n}(ox: ${V}, ov: ${V}, f: ${V}, w: ${V}, ${params(['f', 'w', 'i', 'u'])}, h: number, dt: number): void {
${ax.map((a, i) => `  criticalOn(f${a}, w${a}, 0, 0, h, dt);\n  const x${i} = stepped.x,\n    v${i} = stepped.v;`).join('\n')}
${ax.map((a, i) => `  f.${a} = x${i};\n  w.${a} = v${i};`).join('\n')}
${ax.map((a, i) => `  ox.${a} = i${a} + x${i};\n  ov.${a} = u${a} + v${i};`).join('\n')}
}

/** sp_inertialize_update_v${n} on the objects, in place; arguments already checked. */
export function inertialize${n}(${vectorArgs(['ox', 'ov', 'f', 'w', 'i', 'u'])}, h: number, dt: number): void {
${readAll(['f', 'w', 'i', 'u'], ax)}
  inertializeOn${n}(ox, ov, f, w, ${numbers(['f', 'w', 'i', 'u']).join(', ')}, h, dt);
}

/** inertialize${n} after the fast check of the objects (the numbers are checked): finite offset
 *  and input, outputs that can be written. False, with nothing changed, when it fails. */
export function tryInertialize${n}(${vectorArgs(['ox', 'ov', 'f', 'w', 'i', 'u'])}, h: number, dt: number): boolean {
  if (!(${nonNull(['ox', 'ov', 'f', 'w', 'i', 'u'])})) return false;
${readAll(['f', 'w', 'i', 'u'], ax)}
  if (!(${finite(['f', 'w', 'i', 'u'])})) return false;
${probe(['f', 'w'], ['ox', 'ov'], ax)}
  inertializeOn${n}(ox, ov, f, w, ${numbers(['f', 'w', 'i', 'u']).join(', ')}, h, dt);
  return true;
}

/** sp_inertialize_cubic_update_v${n} on the numbers: the clock advanced in double, then each
 *  component of the offset (f…, w…) decayed by the core's cubic and added to the input (i…, u…). */
function cubicOn${n}(ox: ${V}, ov: ${V}, clock: BlendClock, t: number, ${params(['f', 'w', 'i', 'u'])}, bt: number, dt: number): void {
  const now = t + dt;
${ax.map((a, i) => `  decayed(false, f${a}, w${a}, bt, now);\n  const x${i} = plus(i${a}, offsetAt.x),\n    v${i} = plus(u${a}, offsetAt.v);`).join('\n')}
  clock.t = now;
${ax.map((a, i) => `  ox.${a} = x${i};\n  ov.${a} = v${i};`).join('\n')}
}

/** sp_inertialize_cubic_update_v${n} on the objects, in place; arguments already checked. */
export function cubic${n}(ox: ${V}, ov: ${V}, clock: BlendClock, ${vectorArgs(['f', 'w', 'i', 'u'])}, bt: number, dt: number): void {
  const t = clock.t;
${readAll(['f', 'w', 'i', 'u'], ax)}
  cubicOn${n}(ox, ov, clock, t, ${numbers(['f', 'w', 'i', 'u']).join(', ')}, bt, dt);
}

/** cubic${n} after the fast check of the objects (the numbers are checked): a clock ≥ 0, finite
 *  offset and input, outputs that can be written. False, with nothing changed, when it fails. */
export function tryCubic${n}(ox: ${V}, ov: ${V}, clock: BlendClock, ${vectorArgs(['f', 'w', 'i', 'u'])}, bt: number, dt: number): boolean {
  if (!(${nonNull(['ox', 'ov', 'clock', 'f', 'w', 'i', 'u'])})) return false;
  const t = clock.t;
${readAll(['f', 'w', 'i', 'u'], ax)}
  if (!(isFiniteNonNegative(t) && ${finite(['f', 'w', 'i', 'u'])})) return false;
  try {
    clock.t = t;
  } catch {
    return false;
  }
${probe([], ['ox', 'ov'], ax)}
  cubicOn${n}(ox, ov, clock, t, ${numbers(['f', 'w', 'i', 'u']).join(', ')}, bt, dt);
  return true;
}
`;
}

/** The source of gen/vectors.ts (`header`: the generated-file banner). */
export function vectorsTs(header) {
  return `${header}
/**
 * The JS-stepped vector springs and dampers after the detailed check, written out per dimension
 * by web/tools/vectors.mjs (each wrapper has its fast path written into it): each component is
 * the scalar step of steps.ts (\`criticalOn\`, \`springOn\`, \`damperStep\`), in double on
 * the caller's numbers.
 * @internal
 * @packageDocumentation
 */
import { FREQUENCY_HALFLIFE, criticalOn, damperStep, springOn, stepped } from '../steps.js';
import type { Vec2, Vec3 } from '../types.js';
${dimension(2)}${dimension(3)}`;
}

/** The source of gen/inertializers.ts (`header`: the generated-file banner). */
export function inertializersTs(header) {
  return `${header}
/**
 * The JS-stepped vector inertializers (the spring one and the cubic one), written out per
 * dimension by web/tools/vectors.mjs, their fast and slow paths: each component is the decay
 * spring of steps.ts (\`criticalOn\`) or the core's decayed offset (inertialize.ts), in double
 * on the caller's numbers.
 * @internal
 * @packageDocumentation
 */
import { criticalOn, stepped } from '../steps.js';
import { decayed, offsetAt, plus } from '../inertialize.js';
import { isF, isFiniteNonNegative } from '../check.js';
import type { BlendClock, Vec2, Vec3 } from '../types.js';
${inertializers(2)}${inertializers(3)}`;
}
