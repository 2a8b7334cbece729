// vectors.mjs — the JS-stepped vector springs and dampers (gen/vectors.ts), written out per
// dimension from one template: each component is steps.ts's scalar step, bit for bit.
//
// They are written out rather than shared between 2D and 3D for the reason steps.ts gives: a
// function that sees both {x, y} and {x, y, z} objects (and three.js's, PixiJS's, …) has its
// property loads go polymorphic or megamorphic, and that costs more than the arithmetic.

const AXES = ['x', 'y', 'z'];

/** `f(a)` for each axis of dimension `n`, joined by `sep`. */
const each = (n, f, sep = ', ') => AXES.slice(0, n).map(f).join(sep);

function dimension(n) {
  const V = `Vec${n}`;
  const ax = AXES.slice(0, n);
  const locals = (pre) => each(n, (a) => `${pre}${a}`);
  const params = (pre) => each(n, (a) => `${pre}${a}: number`);
  const read = (o, pre, nullable) =>
    `const ${each(n, (a) => `${pre}${a} = ${nullable ? `${o} ? ${o}.${a} : 0` : `${o}.${a}`}`)};`;
  const finite = (...pres) => pres.map((p) => each(n, (a) => `isF(${p}${a})`, ' && ')).join(' && ');
  const writes = (pairs) =>
    pairs.map(([o, pre]) => ax.map((a) => `    ${o}.${a} = ${pre}${a};\n`).join('')).join('');
  const probe = (pairs) =>
    `  try {\n${writes(pairs)}  } catch {\n    return false; // frozen or getter-only: the detailed check says which\n  }`;
  const stepped = ax
    .map(
      (a, i) =>
        `  component(p${a}, v${a}, g${a}, q${a}, h, dt);\n  const x${i} = one.x,\n    v${i} = one.v;\n`,
    )
    .join('');
  const damped = `  const ${ax.map((a) => `${a}1 = damperStep(p${a}, g${a}, h, dt)`).join(', ')};\n${ax.map((a) => `  p.${a} = ${a}1;\n`).join('')}`;
  return `
/** sp_critical_spring_damper_exact_v${n} from the fields read before into locals: every component is
 *  stepped before the first setter runs (a setter may call sprung). */
function critical${n}At(p: ${V}, v: ${V}, ${params('p')}, ${params('v')}, ${params('g')}, ${params('q')}, h: number, dt: number): void {
${stepped}${ax.map((a, i) => `  p.${a} = x${i};\n`).join('')}${ax.map((a, i) => `  v.${a} = v${i};\n`).join('')}}

/** sp_critical_spring_damper_exact_v${n} on the objects (a goal or goal velocity null: 0); arguments already checked. */
export function critical${n}(p: ${V}, v: ${V}, g: ${V} | null, q: ${V} | null, h: number, dt: number): void {
  ${read('p', 'p')}
  ${read('v', 'v')}
  ${read('g', 'g', true)}
  ${read('q', 'q', true)}
  critical${n}At(p, v, ${locals('p')}, ${locals('v')}, ${locals('g')}, ${locals('q')}, h, dt);
}

/** critical${n} after the fast check of the objects: writable finite \`{${ax.join(', ')}}\` position and
 *  velocity, finite goal and goal velocity. False, with nothing changed, when it fails. */
export function tryCritical${n}(p: ${V}, v: ${V}, g: ${V} | null, q: ${V} | null, h: number, dt: number): boolean {
  if (!(isObj(p) && isObj(v) && (g === null || isObj(g)) && (q === null || isObj(q)))) return false;
  ${read('p', 'p')}
  ${read('v', 'v')}
  ${read('g', 'g', true)}
  ${read('q', 'q', true)}
  if (!(${finite('p', 'v', 'g', 'q')})) return false;
${probe([
  ['p', 'p'],
  ['v', 'v'],
])}
  critical${n}At(p, v, ${locals('p')}, ${locals('v')}, ${locals('g')}, ${locals('q')}, h, dt);
  return true;
}

/** sp_damper_exact_v${n} on the objects; arguments already checked. */
export function damper${n}(p: ${V}, g: ${V}, h: number, dt: number): void {
  ${read('p', 'p')}
  ${read('g', 'g')}
${damped}}

/** damper${n} after the fast check of the objects: a writable finite \`{${ax.join(', ')}}\` position, a finite goal. */
export function tryDamper${n}(p: ${V}, g: ${V}, h: number, dt: number): boolean {
  if (!(isObj(p) && isObj(g))) return false;
  ${read('p', 'p')}
  ${read('g', 'g')}
  if (!(${finite('p', 'g')})) return false;
${probe([['p', 'p']])}
${damped}  return true;
}
`;
}

/** The source of gen/vectors.ts (`header`: the generated-file banner). */
export function vectorsTs(header) {
  return `${header}
/**
 * The JS-stepped vector springs and dampers, written out per dimension by web/tools/vectors.mjs:
 * each component is the scalar step of steps.ts (\`criticalStep\`, \`damperStep\`), bit for bit.
 * The \`try…\` forms are the wrappers' fast paths (see steps.ts): false, with nothing changed,
 * where the detailed check has something to say.
 * @internal
 * @packageDocumentation
 */
import { criticalStep, damperStep } from '../steps.js';
import { isF } from '../check.js';
import type { SpringState, Vec2, Vec3 } from '../types.js';

/** An object (typeof first: null is not one). */
const isObj = (o: unknown): o is object => typeof o === 'object' && o !== null;

/** The component stepped last (one object, reused: no allocation per call). */
const one: SpringState = { x: 0, v: 0 };

/** The critical spring on one component: (x, v) toward (g, q), into {@link one}. */
function component(x: number, v: number, g: number, q: number, h: number, dt: number): void {
  one.x = x;
  one.v = v;
  criticalStep(one, g, q, h, dt);
}
${dimension(2)}${dimension(3)}`;
}
