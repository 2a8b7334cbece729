// Panel 6 — Cost landscapes of "Inertialization Transition Cost": heatmaps over the
// position × velocity offset of a transition, for the spring inertializer's exact cost
// (its displacement), the approximate cost, the basic cost, the error between exact and
// approximate, and the cubic inertializer's cost. Hovering a map (or the two "transition"
// sliders) shows that transition's offset curve with its area shaded.
import { COLORS } from '../lib/charts.js';
import { cf, tsn } from '../lib/copy-code.js';
import { drawHeatmap, maxFinite } from '../lib/heatmap.js';

const N = 120;
const CURVE_SECONDS = 1.5;
/** The maps: [caption, inertializer, measure]. Exact and approximate share one colour scale. */
const MAPS = [
  ['spring: exact cost (displacement)', 'spring', 'exact'],
  ['spring: approximate cost |2xy + v| / y²', 'spring', 'approx'],
  ['basic cost |x| + weight·|v|', 'spring', 'basic'],
  ['spring: error, exact − approximate', 'spring', 'error'],
  ['cubic inertializer: exact cost', 'cubic', 'exact'],
];

export default {
  name: 'landscapes',
  title: '6 · Cost landscapes',
  blurb:
    'The cost of a transition as the area between the inertialized motion and the destination: each map covers ' +
    'position offsets x (across) and velocity offsets v (up). The exact spring cost is a skewed valley — a positive ' +
    'offset is cheap with the right negative velocity — which the basic cost misses; the approximate cost (a plain ' +
    'feature distance) underestimates only where the offset oscillates across zero. Hover a map, or use the two ' +
    'transition sliders, to see that transition’s offset curve and its area.',
  needs: [
    'transitionCostLandscape',
    'decaySpringDamperDisplacement',
    'decaySpringDamperDisplacementApprox',
    'decaySpringDamperIntersection',
    'transitionCostBasic',
    'decayCubic',
    'decayCubicDisplacement',
    'decaySpringDamperExact',
  ],
  layout: 'maps',
  params: {
    halflife: { label: 'halflife (spring)', min: 0.05, max: 0.5, step: 0.01, value: 0.15, unit: 's' },
    blendtime: { label: 'blend time (cubic)', min: 0.1, max: 1.5, step: 0.05, value: 0.5, unit: 's' },
    weight: { label: 'velocity weight (basic)', min: 0, max: 1, step: 0.05, value: 0.5, unit: 's' },
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
  mount(ui, sprung) {
    const values = new Float32Array(N * N);
    const maps = MAPS.map(([caption], k) => {
      // For tests: every 97th cost value of the map as drawn (reading pixels back would be slow).
      const { fig, box, canvas } = ui.canvas(caption, 'map', () => maps[k].sample);
      canvas.tabIndex = 0;
      const probe = document.createElement('div');
      probe.className = 'probe';
      box.append(probe);
      const axes = document.createElement('div');
      axes.className = 'axes';
      fig.append(axes);
      if (k > 1) fig.style.order = 2; // the offset curve sits after the first two maps
      return { canvas, probe, axes, sample: [] };
    });
    const curve = ui.plot('offset of the transition shown, and its area (the cost)', {
      series: [
        { label: 'spring offset', color: COLORS.exact, width: 2, fill: 'origin' },
        { label: 'cubic offset', color: COLORS.implicit, width: 2, fill: 'origin', fillColor: '#f2990022' },
        { label: 'zero crossing', color: COLORS.bad, points: 4, line: false },
      ],
      x: { title: 't (s)', min: 0, max: CURVE_SECONDS },
      y: { title: 'offset (m)' },
    });
    curve.figure.style.order = 1;
    const out = {
      exact: ui.readout('spring exact cost'),
      approx: ui.readout('spring approximate'),
      basic: ui.readout('basic cost'),
      cubic: ui.readout('cubic exact cost'),
      crossing: ui.readout('spring crosses zero at'),
    };
    const offset = { x: 0, v: 0 };
    let params = null;

    function drawCurve(p) {
      curve.reset(0);
      curve.reset(1);
      curve.reset(2);
      offset.x = p.x;
      offset.v = p.v;
      const dt = 1 / 200;
      for (let k = 0; k <= CURVE_SECONDS * 200; k++) {
        if (k > 0) sprung.decaySpringDamperExact(offset, p.halflife, dt);
        curve.add(0, k * dt, offset.x);
        curve.add(1, k * dt, sprung.decayCubic(p.x, p.v, p.blendtime, k * dt));
      }
      const t = sprung.decaySpringDamperIntersection(p.x, p.v, p.halflife);
      if (t > 0 && t < CURVE_SECONDS) curve.add(2, t, 0);
      curve.commit();
      const exact = sprung.decaySpringDamperDisplacement(p.x, p.v, p.halflife);
      out.exact(exact.toFixed(4));
      out.approx(`${sprung.decaySpringDamperDisplacementApprox(p.x, p.v, p.halflife).toFixed(4)}`);
      out.basic(sprung.transitionCostBasic(p.x, p.v, p.weight).toFixed(4));
      out.cubic(sprung.decayCubicDisplacement(p.x, p.v, p.blendtime).toFixed(4));
      out.crossing(t > 0 && t < Infinity ? `${t.toFixed(3)} s` : 'never');
      for (const m of maps) {
        m.probe.style.left = `${(100 * (p.x + p.xRange)) / (2 * p.xRange)}%`;
        m.probe.style.top = `${(100 * (p.vRange - p.v)) / (2 * p.vRange)}%`;
        m.probe.hidden = Math.abs(p.x) > p.xRange || Math.abs(p.v) > p.vRange;
      }
    }

    const options = { inertializer: 'spring', measure: 'exact', halflife: 0, blendtime: 0, weight: 0 };
    function drawMaps(p) {
      let shared = 0;
      options.halflife = p.halflife;
      options.blendtime = p.blendtime;
      options.weight = p.weight;
      MAPS.forEach(([, kind, measure], k) => {
        options.inertializer = kind;
        options.measure = measure;
        sprung.transitionCostLandscape(N, N, -p.xRange, p.xRange, -p.vRange, p.vRange, options, values);
        const max = k === 1 ? shared : maxFinite(values);
        if (k === 0) shared = max;
        drawHeatmap(maps[k].canvas, values, N, N, max);
        maps[k].sample = Array.from(values.filter((_, i) => i % 97 === 0));
        maps[k].axes.textContent =
          `x −${p.xRange}…${p.xRange} m → · v −${p.vRange}…${p.vRange} m/s ↑ · colour 0…${max.toPrecision(3)}`;
      });
    }

    // Hovering a map picks the transition shown; the arrow keys move it on a focused map.
    for (const m of maps) {
      m.canvas.addEventListener('pointermove', (e) => {
        if (!params) return;
        const r = m.canvas.getBoundingClientRect();
        const x = (((e.clientX - r.left) / r.width) * 2 - 1) * params.xRange;
        const v = (1 - ((e.clientY - r.top) / r.height) * 2) * params.vRange;
        ui.set({ x: Number(x.toFixed(2)), v: Number(v.toFixed(1)) });
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
        if (has('halflife', 'blendtime', 'weight', 'xRange', 'vRange')) drawMaps(p);
        drawCurve(p);
      },
      code(p) {
        return {
          ts:
            `import { init, decaySpringDamperDisplacement, decaySpringDamperFeature, transitionCostLandscape } from 'sprung';\nawait init();\n\n` +
            `// cost of a transition with position offset x and velocity offset v\n` +
            `const cost = decaySpringDamperDisplacement(${tsn(p.x)}, ${tsn(p.v)}, ${tsn(p.halflife)});\n\n` +
            `// the feature to put in a motion-matching database for this halflife\n` +
            `const feature = decaySpringDamperFeature(position, velocity, ${tsn(p.halflife)});\n\n` +
            `// the whole map\nconst map = new Float32Array(${N} * ${N});\n` +
            `transitionCostLandscape(${N}, ${N}, ${tsn(-p.xRange)}, ${tsn(p.xRange)}, ${tsn(-p.vRange)}, ${tsn(p.vRange)},\n` +
            `  { inertializer: 'spring', measure: 'exact', halflife: ${tsn(p.halflife)}, blendtime: ${tsn(p.blendtime)}, weight: ${tsn(p.weight)} }, map);\n`,
          c:
            `#include "sprung.h"\n\nfloat cost = sp_decay_spring_damper_displacement(${cf(p.x)}, ${cf(p.v)}, ${cf(p.halflife)});\n` +
            `float cubic = sp_decay_cubic_displacement(${cf(p.x)}, ${cf(p.v)}, ${cf(p.blendtime)});\n` +
            `float feature = sp_decay_spring_damper_feature(pos, vel, ${cf(p.halflife)});\n` +
            `static float map[${N} * ${N}];\n` +
            `sp_transition_cost_landscape(map, ${N}, ${N}, ${cf(-p.xRange)}, ${cf(p.xRange)}, ${cf(-p.vRange)}, ${cf(p.vRange)},\n` +
            `                             SP_INERTIALIZER_SPRING, SP_COST_EXACT, ${cf(p.halflife)}, ${cf(p.blendtime)}, ${cf(p.weight)});\n`,
        };
      },
    };
  },
};
