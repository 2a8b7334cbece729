// Panel 6 — Cost landscapes of "Inertialization Transition Cost": heatmaps over the position ×
// velocity offset of a transition — the spring inertializer's exact cost (its displacement),
// the approximate cost, the basic cost, the error of the approximation, and the cubic
// inertializer's cost. Hovering or touching a map (or the two "transition" sliders) shows that
// transition's offset curves, their areas and zero crossings.
import {
  decayCubic,
  decayCubicDisplacement,
  decayCubicIntersection,
  decaySpringDamperDisplacement,
  decaySpringDamperDisplacementApprox,
  decaySpringDamperExact,
  decaySpringDamperIntersection,
  transitionCostBasic,
  transitionCostLandscape,
} from 'sprung';
import { colorBar, drawHeatmap, maxFinite } from '../lib/heatmap.js';
import { cf, cHead, cRow, jn, jsAndTs, jsHead, jsRow } from '../lib/program.js';
import { COLORS } from '../lib/theme.js';

/** Grid of the maps while anything moves (and of the tests' sample); full device resolution when idle. */
const N = 96;
const N_MAX = 512;
const CURVE_SECONDS = 1.5;
const CURVE_RATE = 200;
/** The maps: [caption, inertializer, measure, unit]. */
const MAPS =
  /** @type {[string, import('sprung').Inertializer, import('sprung').LandscapeOptions['measure'], string][]} */ ([
    ['spring: exact cost (displacement)', 'spring', 'exact', 'm·s'],
    ['spring: approximate cost |2xy + v| / y²', 'spring', 'approx', 'm·s'],
    ['basic cost |x| + weight·|v| (its own scale: metres)', 'spring', 'basic', 'm'],
    ['spring: error, exact − approximate (on the exact cost’s scale)', 'spring', 'error', 'm·s'],
    ['cubic inertializer: exact cost', 'cubic', 'exact', 'm·s'],
  ]);
/** Probe order (see mount): map 0, the curve, maps 1–4. */
const PROBE_OF_MAP = [0, 2, 3, 4, 5];

export default {
  blurb:
    'The cost of a transition as the area between the inertialized motion and the destination (in metre-seconds): ' +
    'each map covers position offsets x (across) and velocity offsets v (up). The exact spring cost is a skewed ' +
    'valley — a positive offset is cheap with the right negative velocity — which the basic cost misses; the ' +
    'approximate cost (a plain feature distance) underestimates only where the offset crosses zero. Hover or touch ' +
    'a map, or use the two transition sliders, to see that transition’s offset curves, their areas and where they ' +
    'cross zero.',
  layout: 'maps',
  params: {
    halflife: { label: 'halflife (spring)', min: 0.05, max: 0.5, step: 0.01, value: 0.15, unit: 's' },
    blendtime: { label: 'blend time (cubic)', min: 0.1, max: 1.5, step: 0.05, value: 0.5, unit: 's' },
    weight: { label: 'velocity weight (basic)', min: 0, max: 1, step: 0.05, value: 0.5, unit: 's' },
    shared: { label: 'one colour scale for every m·s map', check: true, value: false },
    xRange: {
      group: 'Map range',
      label: 'position offset ±',
      min: 0.25,
      max: 4,
      step: 0.25,
      value: 1,
      unit: 'm',
    },
    vRange: { label: 'velocity offset ±', min: 1, max: 30, step: 1, value: 8, unit: 'm/s' },
    x: {
      group: 'Transition shown',
      label: 'position offset x',
      min: -4,
      max: 4,
      step: 0.01,
      value: 0.6,
      unit: 'm',
    },
    v: { label: 'velocity offset v', min: -30, max: 30, step: 0.1, value: -6, unit: 'm/s' },
  },
  mount(ui) {
    const low = MAPS.map(() => new Float32Array(N * N));
    let full = new Float32Array(0);
    const maps = [];
    const addMap = (k) => {
      const [caption] = MAPS[k];
      // For tests: every 97th value of the N×N map, as [index, value, ...].
      const where = ui.canvas(caption, { cls: 'map', probe: () => [maps[k].sample] });
      where.canvas.tabIndex = 0;
      const probe = document.createElement('div');
      probe.className = 'probe';
      where.box.append(probe);
      const axes = document.createElement('div');
      axes.className = 'axes';
      const setBar = colorBar(where.fig);
      where.fig.append(axes);
      maps[k] = { ...where, probe, axes, setBar, sample: [], max: 0 };
    };
    addMap(0);
    const curve = ui.plot('offsets of the transition shown, and their areas (the costs)', {
      series: [
        { label: 'spring offset', color: COLORS.exact, width: 2, fill: true },
        { label: 'cubic offset', color: COLORS.implicit, width: 2, fill: true, fillAlpha: 0.13 },
        { label: 'spring crosses zero', color: COLORS.exact, points: 4.5, line: false },
        { label: 'cubic crosses zero', color: COLORS.bad, points: 4.5, line: false },
      ],
      x: { title: 't (s)', min: 0, max: CURVE_SECONDS },
      y: { title: 'offset (m)' },
      hero: true,
    });
    for (let k = 1; k < MAPS.length; k++) addMap(k);
    const out = {
      exact: ui.readout('spring exact cost'),
      approx: ui.readout('spring approximate'),
      basic: ui.readout('basic cost'),
      cubic: ui.readout('cubic exact cost'),
      crossing: ui.readout('spring crosses zero at'),
      cubicCrossing: ui.readout('cubic crosses zero at'),
    };
    let params = null;
    /** The read-outs of the transition shown, unrounded, as the cost program's facts. */
    let shown = {};

    function drawCurve(p) {
      for (let i = 0; i < 4; i++) curve.reset(i);
      const offset = { x: p.x, v: p.v };
      for (let k = 0; k <= CURVE_SECONDS * CURVE_RATE; k++) {
        if (k > 0) decaySpringDamperExact(offset, p.halflife, 1 / CURVE_RATE);
        curve.add(0, k / CURVE_RATE, offset.x);
        curve.add(1, k / CURVE_RATE, decayCubic(p.x, p.v, p.blendtime, k / CURVE_RATE));
      }
      const t = decaySpringDamperIntersection(p.x, p.v, p.halflife);
      const tc = decayCubicIntersection(p.x, p.v, p.blendtime);
      if (t > 0 && t < CURVE_SECONDS) curve.add(2, t, 0);
      if (tc > 0 && tc < CURVE_SECONDS) curve.add(3, tc, 0);
      curve.commit();
      const exact = decaySpringDamperDisplacement(p.x, p.v, p.halflife);
      const approx = decaySpringDamperDisplacementApprox(p.x, p.v, p.halflife);
      const basic = transitionCostBasic(p.x, p.v, p.weight);
      const cubic = decayCubicDisplacement(p.x, p.v, p.blendtime);
      const when = (s) => (s > 0 && s < Infinity ? `${s.toFixed(3)} s` : 'never');
      shown = {
        spring_exact: exact,
        spring_approximate: approx,
        basic: basic,
        cubic_exact: cubic,
        spring_crosses_zero: t,
        cubic_crosses_zero: tc,
      };
      out.exact(`${exact.toFixed(4)} m·s`);
      out.approx(`${approx.toFixed(4)} m·s`);
      out.basic(`${basic.toFixed(4)} m`);
      out.cubic(`${cubic.toFixed(4)} m·s`);
      out.crossing(when(t));
      out.cubicCrossing(when(tc));
      curve.summary(
        `Transition x = ${p.x.toFixed(2)} m, v = ${p.v.toFixed(1)} m/s: the spring’s offset ${t > 0 && t < Infinity ? `crosses zero at ${t.toFixed(3)} s` : 'never crosses zero'}, ` +
          `area ${exact.toFixed(4)} m·s (approximation ${approx.toFixed(4)}); the cubic’s ${tc > 0 && tc < Infinity ? `crosses at ${tc.toFixed(3)} s` : 'never crosses'}, area ${cubic.toFixed(4)} m·s.`,
      );
      for (const m of maps) {
        m.probe.style.left = `${(100 * (p.x + p.xRange)) / (2 * p.xRange)}%`;
        m.probe.style.top = `${(100 * (p.vRange - p.v)) / (2 * p.vRange)}%`;
        m.probe.hidden = Math.abs(p.x) > p.xRange || Math.abs(p.v) > p.vRange;
      }
    }

    /** @type {import('sprung').LandscapeOptions} */
    const options = { inertializer: 'spring', measure: 'exact', halflife: 0, blendtime: 0, weight: 0 };
    const landscape = (p, k, n, out) => {
      const [, inertializer, measure] = MAPS[k];
      Object.assign(options, {
        inertializer,
        measure,
        halflife: p.halflife,
        blendtime: p.blendtime,
        weight: p.weight,
      });
      return transitionCostLandscape(n, n, -p.xRange, p.xRange, -p.vRange, p.vRange, options, out);
    };
    /** Colour scale of map k: the exact cost's for its approximation and error; all m·s maps alike if shared. */
    function scales(p) {
      const own = low.map((v) => maxFinite(v));
      const costMax = p.shared ? Math.max(own[0], own[1], own[4]) : own[0];
      return [costMax, costMax, own[2], costMax, p.shared ? costMax : own[4]];
    }
    function drawMaps(p, fine) {
      const max = scales(p);
      MAPS.forEach(([, , , unit], k) => {
        const m = maps[k];
        let n = N;
        /** @type {Float32Array} */
        let values = low[k];
        if (fine) {
          n = Math.min(N_MAX, Math.max(2, Math.round(m.canvas.clientWidth * (window.devicePixelRatio || 1))));
          if (full.length < n * n) full = new Float32Array(n * n);
          values = landscape(p, k, n, full.subarray(0, n * n));
        }
        drawHeatmap(m.canvas, values, n, n, max[k]);
        m.canvas.dataset.grid = String(n);
        m.setBar(max[k], unit);
        m.axes.textContent = `x −${p.xRange}…${p.xRange} m → · v −${p.vRange}…${p.vRange} m/s ↑`;
        m.summary(
          `Over x ±${p.xRange} m and v ±${p.vRange} m/s: from ${minOf(low[k]).toPrecision(3)} to ${maxFinite(low[k]).toPrecision(3)} ${unit}` +
            ` (colour scale 0 to ${max[k].toPrecision(3)}).`,
        );
      });
    }
    // Coarse maps while anything moves; device resolution once it has been still for a moment.
    let idle = 0;
    function refineSoon() {
      clearTimeout(idle);
      idle = setTimeout(() => params && drawMaps(params, true), 250);
    }
    new ResizeObserver(() => params && refineSoon()).observe(maps[0].box);

    // Hovering, touching or dragging on a map picks the transition shown; the arrow keys move it.
    const pick = (m, e) => {
      const r = m.canvas.getBoundingClientRect();
      const x = (((e.clientX - r.left) / r.width) * 2 - 1) * params.xRange;
      const v = (1 - ((e.clientY - r.top) / r.height) * 2) * params.vRange;
      ui.set({
        x: Number(Math.max(-4, Math.min(4, x)).toFixed(2)),
        v: Number(Math.max(-30, Math.min(30, v)).toFixed(1)),
      });
    };
    for (const m of maps) {
      m.canvas.addEventListener('pointerdown', (e) => {
        if (!params) return;
        m.canvas.setPointerCapture(e.pointerId);
        pick(m, e);
      });
      m.canvas.addEventListener('pointermove', (e) => {
        if (params && (e.pointerType === 'mouse' || e.buttons)) pick(m, e);
      });
      m.canvas.addEventListener('keydown', (e) => {
        if (!params) return;
        const dx = { ArrowLeft: -1, ArrowRight: 1 }[e.key] || 0;
        const dv = { ArrowDown: -1, ArrowUp: 1 }[e.key] || 0;
        if (!dx && !dv) return;
        e.preventDefault();
        ui.set({
          x: Number(Math.max(-4, Math.min(4, params.x + (dx * params.xRange) / 20)).toFixed(2)),
          v: Number(Math.max(-30, Math.min(30, params.v + (dv * params.vRange) / 20)).toFixed(1)),
        });
      });
    }

    return {
      draw(p, changed) {
        params = p;
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        if (has('halflife', 'blendtime', 'weight', 'xRange', 'vRange', 'shared')) {
          MAPS.forEach((_, k) => {
            landscape(p, k, N, low[k]);
            const sample = [];
            for (let i = 0; i < N * N; i += 97) sample.push(i, low[k][i]);
            maps[k].sample = sample;
          });
          drawMaps(p, false);
          refineSoon();
        }
        drawCurve(p);
      },
      inspect() {
        return { grids: maps.map((m) => Number(m.canvas.dataset.grid)) };
      },
      code(p) {
        return [costProgram(p, shown), landscapeProgram(p)];
      },
    };
  },
};

/** The smallest finite value of `values`. */
function minOf(values) {
  let m = Infinity;
  for (let k = 0; k < values.length; k++) if (values[k] < m) m = values[k];
  return m;
}

/** One transition's costs and offset curves; `facts` are the panel's read-outs it prints. */
function costProgram(p, facts) {
  const title = `The cost of one transition (x = ${jn(p.x)} m, v = ${jn(p.v)} m/s) and its offset curves`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import {\n  init,\n  decayCubic,\n  decayCubicDisplacement,\n  decayCubicIntersection,\n  decaySpringDamperDisplacement,\n` +
      `  decaySpringDamperDisplacementApprox,\n  decaySpringDamperExact,\n  decaySpringDamperFeature,\n  decaySpringDamperIntersection,\n  transitionCostBasic,\n} from 'sprung';\n\nawait init();\n\n` +
      `const x = ${jn(p.x)}; // m: position offset of the transition (source − destination)\n` +
      `const v = ${jn(p.v)}; // m/s: velocity offset\nconst halflife = ${jn(p.halflife)}; // s, spring inertializer\n` +
      `const blendtime = ${jn(p.blendtime)}; // s, cubic inertializer\n\n` +
      `// Costs in m·s: the area between the inertialized motion and the destination; when the offsets cross zero (s).\n` +
      `console.log('# spring_exact', decaySpringDamperDisplacement(x, v, halflife));\n` +
      `console.log('# spring_approximate', decaySpringDamperDisplacementApprox(x, v, halflife));\n` +
      `console.log('# basic', transitionCostBasic(x, v, ${jn(p.weight)})); // m: |x| + weight·|v|\n` +
      `console.log('# cubic_exact', decayCubicDisplacement(x, v, blendtime));\n` +
      `console.log('# spring_crosses_zero', decaySpringDamperIntersection(x, v, halflife)); // Infinity: never\n` +
      `console.log('# cubic_crosses_zero', decayCubicIntersection(x, v, blendtime));\n` +
      `// For a motion-matching database: |feature(src) − feature(dst)| is the approximate cost.\n` +
      `console.log('# spring feature of (x, v)', decaySpringDamperFeature(x, v, halflife));\n\n` +
      jsRow(ts) +
      `// The offsets over time: the spring's decays in steps, the cubic's is a closed form.\n` +
      `const offset = { x, v };\n` +
      `for (let k = 0; k <= ${CURVE_SECONDS * CURVE_RATE}; k++) {\n` +
      `  if (k > 0) decaySpringDamperExact(offset, halflife, 1 / ${CURVE_RATE});\n` +
      `  row(k / ${CURVE_RATE}, offset.x, decayCubic(x, v, blendtime, k / ${CURVE_RATE}));\n}\n`,
  );
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n` +
    `int main(void)\n{\n    const float x = ${cf(p.x)}, v = ${cf(p.v)}; /* m, m/s */\n` +
    `    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)}; /* s */\n` +
    `    float off_x = x, off_v = v;\n    int k;\n` +
    `    /* costs in m*s: the area between the inertialized motion and the destination; when the offsets cross zero (s) */\n` +
    `    printf("# spring_exact %.9g\\n", (double)sp_decay_spring_damper_displacement(x, v, halflife));\n` +
    `    printf("# spring_approximate %.9g\\n", (double)sp_decay_spring_damper_displacement_approx(x, v, halflife));\n` +
    `    printf("# basic %.9g\\n", (double)sp_transition_cost_basic(x, v, ${cf(p.weight)})); /* m: |x| + weight*|v| */\n` +
    `    printf("# cubic_exact %.9g\\n", (double)sp_decay_cubic_displacement(x, v, blendtime));\n` +
    `    printf("# spring_crosses_zero %.9g\\n", (double)sp_decay_spring_damper_intersection(x, v, halflife)); /* inf: never */\n` +
    `    printf("# cubic_crosses_zero %.9g\\n", (double)sp_decay_cubic_intersection(x, v, blendtime));\n` +
    `    printf("# spring feature of (x, v) %g\\n", sp_decay_spring_damper_feature(x, v, halflife));\n` +
    `    for (k = 0; k <= ${CURVE_SECONDS * CURVE_RATE}; k++) {\n        const double t = (double)k / ${CURVE_RATE};\n` +
    `        if (k > 0) sp_decay_spring_damper_exact(&off_x, &off_v, halflife, 1.0f / ${CURVE_RATE}.0f);\n` +
    `        ${cRow(['t', 'off_x', 'sp_decay_cubic(x, v, blendtime, (float)t)'])}\n    }\n    return 0;\n}\n`;
  return {
    id: 'cost',
    title: 'one transition: costs and offsets',
    ...js,
    c,
    facts,
    compare: [
      { plot: 1, series: 0, cols: [0, 1] },
      { plot: 1, series: 1, cols: [0, 2] },
    ],
  };
}

/** The five maps of the panel, sampled as the panel's probes are. */
function landscapeProgram(p) {
  const title = `The panel's five cost landscapes over x ±${jn(p.xRange)} m, v ±${jn(p.vRange)} m/s (${N}×${N})`;
  const range = (lit) => `${lit(-p.xRange)}, ${lit(p.xRange)}, ${lit(-p.vRange)}, ${lit(p.vRange)}`;
  const js = jsAndTs(
    (ts) =>
      jsHead(title, ts) +
      `import { init, transitionCostLandscape } from 'sprung';\n` +
      (ts ? `import type { LandscapeOptions } from 'sprung';\n` : '') +
      `\nawait init();\n\n` +
      `const n = ${N};\n` +
      `const settings = { halflife: ${jn(p.halflife)}, blendtime: ${jn(p.blendtime)}, weight: ${jn(p.weight)} };\n` +
      `/**\n * One map: row j (velocity offset) and column i (position offset) at map[j * n + i]. inertializer:\n` +
      ` * 'spring', 'cubic', 'quintic' or 'deadBlending'; measure: 'exact', 'approx', 'error' or 'basic'.\n */\n` +
      `const landscape = (inertializer${ts ? ": LandscapeOptions['inertializer']" : ''}, measure${ts ? ": LandscapeOptions['measure']" : ''}) =>\n` +
      `  transitionCostLandscape(n, n, ${range(jn)}, { ...settings, inertializer, measure });\n` +
      `const maps = [\n` +
      MAPS.map(
        ([caption, inertializer, measure]) => `  landscape('${inertializer}', '${measure}'), // ${caption}\n`,
      ).join('') +
      `];\n\n` +
      jsRow(ts) +
      `// Every 97th cell: its index, then its value in each map.\n` +
      `for (let i = 0; i < n * n; i += 97) row(i, ...maps.map((map) => map[i]));\n`,
  );
  const inertializerC = { spring: 'SP_INERTIALIZER_SPRING', cubic: 'SP_INERTIALIZER_CUBIC' };
  const measureC = {
    exact: 'SP_COST_EXACT',
    approx: 'SP_COST_APPROX',
    basic: 'SP_COST_BASIC',
    error: 'SP_COST_ERROR',
  };
  const c =
    cHead(title) +
    `#include <stdio.h>\n#include "sprung.h"\n\n#define N ${N}\n#define MAPS ${MAPS.length}\n\n` +
    `/* Each map: row j (velocity offset), column i (position offset) at map[j * N + i]. */\n` +
    `static float maps[MAPS][N * N];\n\n` +
    `int main(void)\n{\n    const float halflife = ${cf(p.halflife)}, blendtime = ${cf(p.blendtime)}, weight = ${cf(p.weight)};\n` +
    `    const int inertializer[MAPS] = { ${MAPS.map(([, i]) => inertializerC[i]).join(', ')} };\n` +
    `    const int measure[MAPS] = { ${MAPS.map(([, , m]) => measureC[m]).join(', ')} };\n` +
    `    int i, k;\n` +
    `    for (k = 0; k < MAPS; k++)\n` +
    `        sp_transition_cost_landscape(maps[k], N, N, ${range(cf)}, inertializer[k], measure[k], halflife, blendtime, weight);\n` +
    `    /* every 97th cell: its index, then its value in each map */\n` +
    `    for (i = 0; i < N * N; i += 97) {\n        printf("%d", i);\n        for (k = 0; k < MAPS; k++) printf(" %.5f", maps[k][i]);\n        printf("\\n");\n    }\n    return 0;\n}\n`;
  return {
    id: 'landscape',
    title: 'the five maps',
    ...js,
    c,
    compare: MAPS.map((_, k) => ({ plot: PROBE_OF_MAP[k], series: 0, cols: [0, k + 1] })),
  };
}
