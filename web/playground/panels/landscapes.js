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
import { maxFinite } from '../lib/heatmap.js';
import { COLORS } from '../lib/theme.js';

/** Grid of the maps while anything moves (and of the tests' sample); full device resolution when idle. */
export const N = 96;
const N_MAX = 512;
export const CURVE_SECONDS = 1.5;
export const CURVE_RATE = 200;
/** The maps: [caption, inertializer, measure, unit]. */
export const MAPS =
  /** @type {[string, import('sprung').Inertializer, import('sprung').LandscapeOptions['measure'], string][]} */ ([
    ['spring: exact cost (displacement)', 'spring', 'exact', 'm·s'],
    ['spring: approximate cost |2xy + v| / y²', 'spring', 'approx', 'm·s'],
    ['basic cost |x| + weight·|v| (its own scale: metres)', 'spring', 'basic', 'm'],
    ['spring: error, exact − approximate (on the exact cost’s scale)', 'spring', 'error', 'm·s'],
    ['cubic inertializer: exact cost', 'cubic', 'exact', 'm·s'],
  ]);
/** Probe order (see mount): map 0, the curve, maps 1–4. */
export const PROBE_OF_MAP = [0, 2, 3, 4, 5];

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
    // Hovering, touching or dragging on a map picks the transition shown.
    const pick = (x, v) =>
      ui.set({
        x: Number(Math.max(-4, Math.min(4, x)).toFixed(2)),
        v: Number(Math.max(-30, Math.min(30, v)).toFixed(1)),
      });
    const addMap = (k) => {
      const [caption, , , unit] = MAPS[k];
      const map = ui.heatmap(caption, {
        x: { title: 'position offset x (m)' },
        y: { title: 'velocity offset v (m/s)' },
        scale: unit === 'm' ? 'cost (m)' : 'cost (m·s)',
        pick,
        // For tests: every 97th value of the N×N map, as [index, value, ...].
        probe: () => [maps[k].sample],
      });
      map.chart.canvas.tabIndex = 0;
      maps[k] = Object.assign(map, { sample: /** @type {number[]} */ ([]), grid: N });
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
        `Transition x = ${p.x.toFixed(2)} m, v = ${p.v.toFixed(1)} m/s: the spring’s offset ` +
          `${t > 0 && t < Infinity ? `crosses zero at ${t.toFixed(3)} s` : 'never crosses zero'}, ` +
          `area ${exact.toFixed(4)} m·s (approximation ${approx.toFixed(4)}); the cubic’s ` +
          `${tc > 0 && tc < Infinity ? `crosses at ${tc.toFixed(3)} s` : 'never crosses'}, area ${cubic.toFixed(4)} m·s.`,
      );
      for (const m of maps) m.mark({ x: p.x, y: p.v });
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
          n = Math.min(N_MAX, Math.max(2, Math.round(m.width() * (window.devicePixelRatio || 1))));
          if (full.length < n * n) full = new Float32Array(n * n);
          values = landscape(p, k, n, full.subarray(0, n * n));
        }
        m.draw(values, n, n, max[k], [-p.xRange, p.xRange, -p.vRange, p.vRange]);
        m.grid = n;
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
    // Observed in device pixels: a new pixel ratio (another screen, a zoom) refines the maps
    // even when their CSS size stays. (Browsers without that box observe the CSS size.)
    const refit = new ResizeObserver(() => params && refineSoon());
    try {
      refit.observe(maps[0].box, { box: 'device-pixel-content-box' });
    } catch {
      refit.observe(maps[0].box);
    }
    // A new pixel ratio also as a media query hears it: Chromium's observer, for one, misses a
    // ratio changed by emulation (a zoom in the developer tools, the tests' override).
    const watchRatio = () =>
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
        'change',
        () => {
          if (params) refineSoon();
          watchRatio();
        },
        { once: true },
      );
    watchRatio();

    // The arrow keys move the transition shown, on a map that has the focus.
    for (const m of maps) {
      m.chart.canvas.addEventListener('keydown', (e) => {
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
      shown() {
        return shown;
      },
      inspect() {
        return { grids: maps.map((m) => m.grid) };
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
