// "Copy as code" runs as copied: for every panel, every mode (each choice of each select, each
// checkbox flipped) and every program the panel offers, the JavaScript, TypeScript and C texts
// are read from the page's code box, then
//   - the JavaScript is run with Node against the built package (dist/, imported as 'sprung'),
//   - the TypeScript is type-checked with tsc --strict against dist/'s declarations,
//   - the C is compiled with gcc -std=c99 -Wall -Wextra -pedantic -Werror against c/*.c and run,
// and the numbers each program prints are compared with the points the panel plots (a row that
// starts with a word, `predicted 1.2 3.4`, is compared with the series its program labels so, so
// that one program can print series of different lengths). A control shown only under another
// choice (the spring's "design by" under "its response") is tried under that choice. Facts a
// program states (`# name value` lines: the response a solved spring was asked for, measured by
// the forward functions; the read-outs of the spring and landscapes panels) must be the values
// the page asked for or shows.
// Each mode is checked twice: at the panel's defaults, and again after every slider of the panel
// was moved through its own control (typed into its number field where it has one; a slider the
// mode hides is set all the same, as a shared link would) to a value of its own: a program that
// hard-codes a default, drops a slider or swaps two of them prints other numbers than the panel.
// A slider that acts only in part of its range (a clamp, a radius) is also checked at a setting
// where it acts (ACTING), and moving it there must change what the programs are compared with.
// Every series the panel plots, at every setting tried, must be printed by some program (named
// by a `compare`), unless the panel says in the series' `guide` why it is no result of the
// parameters (a tolerance band, the reader's previous spring); and a registered panel must have
// a code module (panels/index.js).
// The checks are split over two test files, so that the e2e stage's two Chromiums share them:
// copy_code_3d.test.mjs takes the panels heavy to load (those with a still: a 3D view), and
// copy_code_2d.test.mjs every other registered panel.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REGISTRY, ROOT, differs, launch, nextFrames, openPage, serveSite } from './harness.mjs';
import { seeded } from '../../web/playground/lib/random.js';

const run = promisify(execFile);

/**
 * Runs tasks (async functions) at most `limit` at a time, in the order given: a panel's programs
 * compile and run, one per core, while the browser reads the panel's next mode.
 */
function limiter(limit) {
  let active = 0;
  const queue = [];
  const next = () => {
    if (active >= limit || queue.length === 0) return;
    active++;
    const { task, done, failed } = queue.shift();
    task()
      .then(done, failed)
      .finally(() => {
        active--;
        next();
      });
  };
  return (task) =>
    new Promise((done, failed) => {
      queue.push({ task, done, failed });
      next();
    });
}
const pool = limiter(availableParallelism());
/** Printed with 5 decimals from the same WASM as the page: equal to rounding. */
const JS_TOLERANCE = (v) => 6e-6 + 1e-9 * Math.abs(v);
/** Native C: another libm (expf, sinf...) and no WASM; the same floats up to a few ulps, amplified a little by stepping. */
const C_TOLERANCE = (v) => 2e-4 + 2e-4 * Math.abs(v);

let site;
let browser;
let work;
let objects;
before(async () => {
  site = await serveSite();
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'sprung-copy-code-'));
  // The package as a user installs it: node_modules/sprung → the repository (package.json → dist/).
  mkdirSync(join(work, 'node_modules'));
  symlinkSync(ROOT, join(work, 'node_modules', 'sprung'), 'dir');
  // The C core, compiled once.
  const lib = join(work, 'lib');
  mkdirSync(lib);
  const sources = readdirSync(join(ROOT, 'c')).filter((f) => f.endsWith('.c'));
  await Promise.all(
    sources.map((f) =>
      pool(() =>
        run('gcc', [
          '-std=c99',
          '-O2',
          '-Wall',
          '-Wextra',
          '-c',
          join(ROOT, 'c', f),
          '-o',
          join(lib, f.replace(/\.c$/, '.o')),
        ]),
      ),
    ),
  );
  objects = sources.map((f) => join(lib, f.replace(/\.c$/, '.o')));
});
after(async () => {
  await browser?.close();
  await site?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The URLs of every mode of a panel: the defaults, each other choice of each select, each checkbox
 * flipped — each under the choice that shows its control, if it is hidden by default.
 */
function modes(name, schema) {
  const list = [{ label: 'defaults', query: `?panel=${name}` }];
  for (const c of schema) {
    assert.ok(c.requires, `${name}: no single choice shows the control ${c.key}`);
    const under = Object.entries(c.requires)
      .map(([k, v]) => `${k}=${v}&`)
      .join('');
    const add = (setting) =>
      list.push({ label: `${under}${setting}`, query: `?panel=${name}&${under}${setting}` });
    if (c.kind === 'select')
      for (const option of c.options.filter((o) => o !== c.value)) add(`${c.key}=${option}`);
    if (c.kind === 'check') add(`${c.key}=${c.value ? 0 : 1}`);
  }
  return list;
}

/**
 * Reads every program of the page's code box, in each language, from the DOM: each program
 * picked in the box's select and each language's tab clicked, as a reader does (their handlers
 * show the text at once), all in one round trip (a page drawing 3D without a GPU answers each
 * slowly).
 */
function readPrograms(page, name) {
  return page.evaluate((panel) => {
    const specs = window.playground.programs();
    const pick = /** @type {HTMLSelectElement} */ (document.getElementById(`${panel}-program`));
    const code = /** @type {HTMLElement} */ (document.getElementById(`${panel}-code`));
    const section = /** @type {HTMLElement} */ (document.getElementById(`panel-${panel}`));
    return specs.map(({ id, title, compare, facts }) => {
      if (specs.length > 1) {
        pick.value = id;
        pick.dispatchEvent(new Event('change', { bubbles: true }));
      }
      const texts = {};
      for (const lang of ['js', 'ts', 'c']) {
        /** @type {HTMLButtonElement} */ (section.querySelector(`.code button[data-lang=${lang}]`)).click();
        texts[lang] = code.textContent;
      }
      return { id, title, compare, facts, ...texts };
    });
  }, name);
}

/**
 * The moved setting of a panel: a value for each of its sliders, read from the controls
 * ({ key, min, max, step, value } strings). Each is a step of the slider's range picked by a
 * generator seeded with the panel's name, inside the middle 80 % of the range (an end point
 * could hide a wrong value by clamping), and differs from the slider's default and from the
 * value of every other slider (so that swapped arguments print other numbers).
 */
function movedValues(name, sliders) {
  const random = seeded([...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
  const values = {};
  for (const s of sliders) {
    const [min, max, step, value] = [s.min, s.max, s.step, s.value].map(Number);
    const places = (s.step.split('.')[1] || '').length;
    const at = (k) => Number((min + k * step).toFixed(places));
    const steps = Math.round((max - min) / step);
    const taken = new Set(Object.values(values));
    const choices = [];
    for (let k = 1; k < steps; k++) {
      const v = at(k);
      if (v >= min + 0.1 * (max - min) && v <= max - 0.1 * (max - min) && v !== value && !taken.has(v))
        choices.push(v);
    }
    assert.ok(choices.length > 0, `${name}: no value to move the slider ${s.key} to`);
    values[s.key] = choices[Math.floor(random() * choices.length)];
  }
  return values;
}

/** The sliders of the panel shown, with their ranges as their controls hold them. */
function sliders(page, name) {
  return page.evaluate((panel) => {
    const ranges = window.playground.schema().filter((c) => c.kind === 'range');
    return ranges.map(({ key }) => {
      const input = /** @type {HTMLInputElement} */ (document.getElementById(`${panel}-${key}`));
      return { key, min: input.min, max: input.max, step: input.step, value: input.value };
    });
  }, name);
}

/**
 * Moves every slider to `values` through its control, with the events a user's drag (or typing,
 * then leaving the field) sends: `input`, then `change`. A slider with a number field in view gets
 * the value typed there; a slider the mode hides is set all the same (a shared link can carry it).
 * All in one round trip: a page busy drawing (WebGL without a GPU) answers each one slowly. Then
 * checks that the panel holds exactly those values.
 */
async function moveSliders(page, name, values, where) {
  const refused = await page.evaluate(
    ({ panel, values }) => {
      const refused = [];
      for (const [key, value] of Object.entries(values)) {
        const text = String(value);
        const entry = /** @type {HTMLInputElement | null} */ (
          document.getElementById(`${panel}-${key}-entry`)
        );
        const slider = /** @type {HTMLInputElement} */ (document.getElementById(`${panel}-${key}`));
        const input = entry && entry.checkVisibility() ? entry : slider;
        input.value = text;
        if (input.value !== text) refused.push(`${key}: ${text} became ${input.value}`);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      return refused;
    },
    { panel: name, values },
  );
  assert.deepEqual(refused, [], `${where}: a control refused its value`);
  await nextFrames(page, 2);
  const params = await page.evaluate(() => window.playground.params());
  for (const [key, value] of Object.entries(values))
    assert.equal(
      params[key],
      value,
      `${where}: ${key} was moved to ${value}, the panel holds ${params[key]}`,
    );
}

/** The points the panel plots (and which of its series are guides) and its programs, as they are now. */
async function readView(page, name) {
  const [data, series] = await page.evaluate(() => [window.playground.data(), window.playground.series()]);
  return { data, series, list: await readPrograms(page, name) };
}

/**
 * Every series the panel plots is printed by one of its programs (some `compare` names it),
 * unless the panel says why not (`guide`: a tolerance band, the reader's previous spring).
 * Returns the number of series plotted and of guides.
 */
function checkCoverage({ label, data, series, list }, where) {
  const printed = new Set(list.flatMap((p) => p.compare.map((c) => `${c.plot}:${c.series}`)));
  let plotted = 0;
  let guides = 0;
  data.forEach((plot, k) =>
    plot.forEach((points, i) => {
      if (!points.some((v) => Number.isFinite(v))) return;
      const spec = series[k][i];
      if (spec.guide) {
        guides++;
        return;
      }
      plotted++;
      assert.ok(
        printed.has(`${k}:${i}`),
        `${where} [${label}]: the plotted series "${spec.label}" (figure ${k}, series ${i}) is printed by no program`,
      );
    }),
  );
  return { plotted, guides };
}

/**
 * What a program printed, as { rows, facts }, or { failure } when the C does not compile: the
 * JavaScript run by Node against dist/, the C compiled warning-free against c/*.c and run. A
 * promise, made once per program text (identical programs run once), whose task waits in the
 * pool.
 */
function output(seen, lang, text, tag) {
  if (!seen.has(text)) {
    const task =
      lang === 'js'
        ? async () => {
            const file = join(work, `${tag}.mjs`);
            writeFileSync(file, text);
            return printed((await run('node', [file], { cwd: work, maxBuffer: 1 << 24 })).stdout);
          }
        : async () => {
            const file = join(work, `${tag}.c`);
            const bin = join(work, tag);
            writeFileSync(file, text);
            try {
              await run('gcc', [
                '-std=c99',
                '-Wall',
                '-Wextra',
                '-pedantic',
                '-Werror',
                '-O1',
                `-I${join(ROOT, 'c')}`,
                file,
                ...objects,
                '-lm',
                '-o',
                bin,
              ]);
            } catch (e) {
              return { failure: `does not compile:\n${e.stderr}\n${text}` };
            }
            return printed((await run(bin, [], { maxBuffer: 1 << 24 })).stdout);
          };
    const result = pool(task);
    result.catch(() => {}); // awaited once the panel's pages are read; a failure fails it then
    seen.set(text, result);
  }
  return seen.get(text);
}

/** A program's output read: its numeric rows by label and its facts. */
const printed = (stdout) => ({ rows: rows(stdout), facts: printedFacts(stdout) });

/** The points of the series a program's output is compared with. */
function plotted(data, program) {
  return program.compare.map(({ plot, series }) => data[plot][series]);
}

/**
 * The numeric rows a program printed (lines starting with # are comments), by label: a row
 * starting with a word (`predicted 1.2 3.4`) is filed under that word, the others under ''.
 */
function rows(stdout) {
  const labelled = { '': [] };
  for (const line of stdout.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const words = line.trim().split(/\s+/);
    const label = /^[a-z]/i.test(words[0]) ? words.shift() : '';
    (labelled[label] ??= []).push(words.map(Number));
  }
  return labelled;
}

/** The `# name value` lines a program printed, as { name: value }. */
function printedFacts(stdout) {
  const facts = {};
  for (const line of stdout.split('\n')) {
    const m = /^# (\w+) (\S+)$/.exec(line.trim());
    // C's printf spells the infinities inf and -inf.
    if (m) facts[m[1]] = /^[+-]?inf$/i.test(m[2]) ? (m[2][0] === '-' ? -1 : 1) * Infinity : Number(m[2]);
  }
  return facts;
}

/** Checks the facts a program printed against the page's; returns the number checked. */
function checkFacts(printed, program, where) {
  const wanted = Object.entries(program.facts || {});
  for (const [name, value] of wanted) {
    const got = printed[name];
    // The solvers round-trip within 1e-5 (relative); printed in full. An infinity (a crossing
    // that never comes) must be printed as that infinity.
    assert.ok(
      got === value || Math.abs(got - value) <= 1e-5 * Math.abs(value) + 1e-7,
      `${where}: printed ${name} ${got}, the page has ${value}`,
    );
  }
  return wanted.length;
}

/**
 * Compares printed rows with plotted points; returns the number of values compared. A series
 * is compared with the rows labelled `rows` (unlabelled ones by default).
 */
function compare(labelled, data, program, tolerance, where) {
  let checked = 0;
  for (const { plot, series, cols, rows: label = '' } of program.compare) {
    const printed = labelled[label] ?? [];
    const points = data[plot][series];
    // One row per plotted point: a program that stops early (a hard-coded duration) prints fewer.
    // (A series may have no point: a crossing outside the plot is neither drawn nor printed.)
    const n = points.length / 2;
    assert.equal(
      printed.length,
      n,
      `${where}: printed ${printed.length} rows${label ? ` labelled ${label}` : ''}, plot ${plot} series ${series} has ${n} points`,
    );
    for (let k = 0; k < n; k++) {
      const px = points[2 * k];
      const py = points[2 * k + 1];
      if (py === null || !Number.isFinite(py) || Math.abs(py) > 1e4) continue; // a gap, or an explosion
      const [a, b] = [printed[k][cols[0]], printed[k][cols[1]]];
      assert.ok(
        Math.abs(a - px) <= tolerance(px) && Math.abs(b - py) <= tolerance(py),
        `${where}, row ${k}: printed (${a}, ${b}), plotted (${px}, ${py})`,
      );
      checked++;
    }
  }
  return checked;
}

/**
 * Sliders the defaults and the moved setting may leave idle in what the panel plots (a radius
 * never exceeded): for each, a setting where it acts (URL parameters over the defaults) and
 * another value for it. Both are checked like the other settings, in the defaults mode, and the
 * points the programs are compared with must differ between them.
 */
const ACTING = {
  character: [
    // The character turns 78° from the simulation at the defaults: a 45° clamp holds it.
    { at: {}, slider: 'maxAngle', to: 90 },
    // A foot that slides 0.25 m per step leaves a 0.1 m radius, not a 0.3 m one.
    { at: { slide: 0.25, unlockRadius: 0.1 }, slider: 'unlockRadius', to: 0.3 },
  ],
};

/** The points every program of a view is compared with. */
const comparedPoints = ({ data, list }) => list.map((program) => plotted(data, program));

const collected = []; // { where, ts } for the one tsc run

/** The panels heavy to load (a 3D view: those with a still), and the others. */
export const HEAVY = REGISTRY.filter((panel) => panel.still).map((panel) => panel.name);
export const LIGHT = REGISTRY.filter((panel) => !panel.still).map((panel) => panel.name);

/** Registers the checks of `panels` (names) and the one tsc run over their TypeScript programs. */
export function copyCodeTests(panels) {
  for (const name of panels) {
    test(`${name}: every program, in every mode, runs as copied and prints what the panel plots`, async (t) => {
      assert.ok(
        REGISTRY.find((panel) => panel.name === name)?.code,
        `${name} is registered with a code module`,
      );
      // a 3D panel's first load (the motion panel's database made in a worker) takes minutes on a
      // loaded machine
      const ready = { ready: HEAVY.includes(name) ? 240000 : 60000 };
      const first = await openPage(browser.context, `${site.base}?panel=${name}`, undefined, ready);
      const schema = await first.evaluate(() => window.playground.schema());
      const moved = movedValues(name, await sliders(first, name));
      t.diagnostic(`sliders moved to ${new URLSearchParams(moved)}`);
      await first.close();
      const seen = new Map(); // program text → its output (a promise), so that identical programs run once
      const checks = []; // each program read, with the points it must print
      let compared = 0;
      let programs = 0;
      let facts = 0;
      const coverage = { plotted: 0, guides: 0 };
      for (const mode of modes(name, schema)) {
        const page = await openPage(browser.context, `${site.base}${mode.query}`, undefined, ready);
        await nextFrames(page, 2);
        const settings = [{ label: mode.label, ...(await readView(page, name)) }];
        const movedLabel = `${mode.label}, sliders moved`;
        await moveSliders(page, name, moved, `${name} [${movedLabel}]`);
        settings.push({ label: movedLabel, ...(await readView(page, name)) });
        assert.deepEqual(page.problems, []);
        await page.close();
        if (mode.label === 'defaults')
          for (const { at, slider, to } of ACTING[name] ?? []) {
            const query = new URLSearchParams(at);
            const base = Object.keys(at).length ? `${query}` : 'defaults';
            const label = `${base}, ${slider} moved to ${to}`;
            const where = `${name} [${label}]`;
            const acting = await openPage(
              browser.context,
              `${site.base}?panel=${name}&${query}`,
              undefined,
              ready,
            );
            await nextFrames(acting, 2);
            const before = { label: base, ...(await readView(acting, name)) };
            await moveSliders(acting, name, { [slider]: to }, where);
            const after = { label, ...(await readView(acting, name)) };
            assert.deepEqual(acting.problems, []);
            await acting.close();
            assert.ok(
              differs(comparedPoints(after), comparedPoints(before)),
              `${where}: ${slider} changes nothing the programs are compared with`,
            );
            settings.push(before, after);
          }
        // The moved setting checks something the defaults did not: each program plots other points.
        const [atDefaults, atMoved] = settings.map(
          ({ data, list }) => new Map(list.map((p) => [p.id, plotted(data, p)])),
        );
        for (const [id, points] of atMoved)
          assert.ok(
            differs(points, atDefaults.get(id)),
            `${name} [${movedLabel}] program ${id}: the moved sliders change nothing it plots`,
          );
        for (const setting of settings) {
          const { plotted, guides } = checkCoverage(setting, name);
          coverage.plotted += plotted;
          coverage.guides += guides;
        }
        // The programs start (in the pool) as soon as their texts are read; the browser goes on
        // to the next mode meanwhile.
        for (const { label, data, list } of settings)
          for (const program of list) {
            const where = `${name} [${label}] program ${program.id}`;
            programs++;
            assert.match(program.js, /from 'sprung'/, where);
            assert.match(program.c, /int main\(void\)/, where);
            const tag = `${name}-${label.replace(/\W+/g, '_')}-${program.id}`;
            const js = output(seen, 'js', program.js, tag);
            checks.push({ where, data, program, js, c: output(seen, 'c', program.c, tag) });
            collected.push({ where, tag, ts: program.ts });
          }
      }
      for (const { where, data, program, js, c } of checks) {
        for (const [out, tolerance, lang] of [
          [await js, JS_TOLERANCE, 'JavaScript'],
          [await c, C_TOLERANCE, 'C'],
        ]) {
          if (out.failure) assert.fail(`${where} (${lang}) ${out.failure}`);
          compared += compare(out.rows, data, program, tolerance, `${where} (${lang})`);
          facts += checkFacts(out.facts, program, `${where} (${lang})`);
        }
      }
      assert.ok(programs >= 2 && compared > 100, `${programs} programs, ${compared} values compared`);
      t.diagnostic(
        `${coverage.plotted} plotted series (over the settings tried), each printed by a program; ${coverage.guides} guides`,
      );
      if (name === 'spring') assert.ok(facts >= 16, `the response mode's facts checked: ${facts}`);
      // The six read-outs of the transition shown, in both languages, at both settings of each mode.
      if (name === 'landscapes')
        assert.ok(facts >= 24 * modes(name, schema).length, `read-outs checked: ${facts}`);
    });
  }
  test('every TypeScript program type-checks under tsc --strict against the package', async () => {
    assert.ok(collected.length >= 2 * panels.length, `${collected.length} TypeScript programs collected`);
    const dir = join(work, 'ts');
    mkdirSync(dir);
    const unique = new Map();
    for (const { where, tag, ts } of collected) if (!unique.has(ts)) unique.set(ts, { where, tag });
    for (const [ts, { tag }] of unique) writeFileSync(join(dir, `${tag}.ts`), ts);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          isolatedModules: true,
        },
        include: ['*.ts'],
      }),
    );
    try {
      await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], { cwd: work, maxBuffer: 1 << 24 });
    } catch (e) {
      assert.fail(`TypeScript programs do not type-check:\n${e.stdout}`);
    }
  });
}
