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
      const args = [local(p, a), local(v, a), val(g, a), val(q, a), ...setting].join(', ');
      lines.push(`    ${m[1]}Component(${args});`);
      lines.push(`    const x${i} = one.x,`, `      v${i} = one.v;`);
    });
    ax.forEach((a, i) => lines.push(`    ${p}.${a} = x${i};`));
    ax.forEach((a, i) => lines.push(`    ${v}.${a} = v${i};`));
  }
  return lines;
}

function dimension(n) {
  const V = `Vec${n}`;
  const ax = AXES.slice(0, n);
  const each = (f, sep = ', ') => ax.map(f).join(sep);
  const read = (o, nullable) =>
    `  const ${each((a) => `${o}${a} = ${nullable ? `${o} ? ${o}.${a} : 0` : `${o}.${a}`}`)};`;
  const stepped = (f, setting) =>
    ax
      .map(
        (a, i) =>
          `  ${f}Component(p${a}, v${a}, g${a}, q${a}, ${setting});\n  const x${i} = one.x,\n    v${i} = one.v;\n`,
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
${stepped('critical', 'h, dt')}${written}}

/** sp_spring_damper_exact_v${n} on the objects; arguments already checked. Every field is read, and
 *  every component stepped, before the first setter runs. */
export function spring${n}(p: ${V}, v: ${V}, g: ${V}, q: ${V}, f: number, h: number, dt: number): void {
${read('p')}
${read('v')}
${read('g')}
${read('q')}
${stepped('spring', 'f, h, dt')}${written}}

/** sp_damper_exact_v${n} on the objects; arguments already checked. */
export function damper${n}(p: ${V}, g: ${V}, h: number, dt: number): void {
${read('p')}
${read('g')}
  const ${each((a) => `${a}1 = damperStep(p${a}, g${a}, h, dt)`)};
${ax.map((a) => `  p.${a} = ${a}1;\n`).join('')}}
`;
}

/** The source of gen/vectors.ts (`header`: the generated-file banner). */
export function vectorsTs(header) {
  return `${header}
/**
 * The JS-stepped vector springs and dampers after the detailed check, written out per dimension
 * by web/tools/vectors.mjs (each wrapper has its fast path written into it): each component is
 * the scalar step of steps.ts (\`criticalStep\`, \`springStep\`, \`damperStep\`).
 * @internal
 * @packageDocumentation
 */
import { FREQUENCY_HALFLIFE, criticalStep, damperStep, springStep } from '../steps.js';
import type { SpringState, Vec2, Vec3 } from '../types.js';

/** The component stepped last (one object, reused: no allocation per call). */
export const one: SpringState = { x: 0, v: 0 };

/** The critical spring on one component: (x, v) toward (g, q), into {@link one}. */
export function criticalComponent(x: number, v: number, g: number, q: number, h: number, dt: number): void {
  one.x = x;
  one.v = v;
  criticalStep(one, g, q, h, dt);
}

/** The exact spring of frequency f and halflife h on one component, into {@link one}. */
export function springComponent(
  x: number,
  v: number,
  g: number,
  q: number,
  f: number,
  h: number,
  dt: number,
): void {
  one.x = x;
  one.v = v;
  springStep(one, g, q, FREQUENCY_HALFLIFE, f, h, dt);
}
${dimension(2)}${dimension(3)}`;
}
