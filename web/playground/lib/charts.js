// Chart.js helpers: line charts that reuse their datasets and point objects between
// redraws (no allocation while a slider is dragged), no animation, and a small plugin for
// vertical markers (goal times, transition times, critical frequency).
import {
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  ScatterController,
  LineElement,
  PointElement,
  LinearScale,
  Legend,
  Tooltip,
  Filler,
);
Chart.defaults.animation = false;
Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
Chart.defaults.font.size = 11;
Chart.defaults.color = '#444';

/** Colours shared by the panels, so a meaning keeps its colour across panels. */
export const COLORS = {
  goal: '#9aa0a6',
  exact: '#1a73e8',
  bad: '#d93025',
  implicit: '#f29900',
  other: '#188038',
  extra: '#a142f4',
  dark: '#202124',
  c30: '#d93025',
  c60: '#1a73e8',
  c144: '#188038',
  jitter: '#a142f4',
};

/** Draws `options.plugins.markers`: [{ x, label, color }] as dashed vertical lines. */
const markersPlugin = {
  id: 'markers',
  afterDatasetsDraw(chart, _args, markers) {
    const list = markers && markers.list;
    if (!list || !list.length) return;
    const { ctx, chartArea, scales } = chart;
    ctx.save();
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1;
    ctx.font = '10px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    for (let i = 0; i < list.length; i++) {
      const m = list[i];
      const px = scales.x.getPixelForValue(m.x);
      if (!(px >= chartArea.left && px <= chartArea.right)) continue;
      ctx.strokeStyle = ctx.fillStyle = m.color || '#666';
      ctx.beginPath();
      ctx.moveTo(px, chartArea.top);
      ctx.lineTo(px, chartArea.bottom);
      ctx.stroke();
      if (m.label) {
        const w = ctx.measureText(m.label).width;
        ctx.fillText(m.label, px + 3 + w > chartArea.right ? px - 3 - w : px + 3, chartArea.top + 2 + 12 * i);
      }
    }
    ctx.restore();
  },
};
Chart.register(markersPlugin);

/**
 * A line chart on `canvas`. `series` is a list of { label, color, width?, dash?, fill?,
 * stepped?, points? (radius) , hidden? }. `x`/`y` are { title, min?, max? }. Set
 * `xy: true` for curves that are not functions of x (trajectories, 2-D splines).
 * Returns a plot: fill series with `reset(i)` / `add(i, x, y)`, then `commit()` redraws.
 */
export function lineChart(canvas, { series, x = {}, y = {}, xy = false, legend = true }) {
  const datasets = series.map((s) => ({
    label: s.label,
    data: [],
    borderColor: s.color,
    backgroundColor: s.fill ? s.fillColor || `${s.color}33` : s.color,
    borderWidth: s.width ?? 1.5,
    borderDash: s.dash || [],
    pointRadius: s.points ?? 0,
    pointHoverRadius: s.points ?? 0,
    fill: s.fill || false,
    stepped: s.stepped || false,
    showLine: s.line ?? true,
    hidden: s.hidden || false,
    tension: 0,
    // parsing: false makes Chart.js assume points sorted by x (it takes the x range from the
    // first and last point), right for curves over time only; x–y curves are parsed.
    parsing: !xy ? false : undefined,
    normalized: !xy,
    spanGaps: false,
  }));
  const axis = (a) => ({
    type: 'linear',
    min: a.min,
    max: a.max,
    title: { display: !!a.title, text: a.title },
    ticks: { maxTicksLimit: 8 },
    grid: { color: '#0000000f' },
  });
  const chart = new Chart(canvas, {
    type: xy ? 'scatter' : 'line',
    data: { datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      parsing: !xy ? false : undefined,
      normalized: !xy,
      events: [],
      interaction: { mode: 'nearest', intersect: false },
      scales: { x: axis(x), y: axis(y) },
      plugins: {
        legend: { display: legend, labels: { boxWidth: 12, boxHeight: 2, padding: 8 } },
        tooltip: { enabled: false },
        markers: { list: [] },
      },
    },
  });
  const pools = series.map(() => []);
  const counts = series.map(() => 0);
  return {
    chart,
    /** Empties series `i` (its point objects are kept for reuse). */
    reset(i) {
      counts[i] = 0;
    },
    /** Appends a point to series `i`; a non-finite y becomes a gap. */
    add(i, px, py) {
      const pool = pools[i];
      const k = counts[i]++;
      if (k === pool.length) pool.push({ x: 0, y: 0 });
      pool[k].x = px;
      pool[k].y = Number.isFinite(py) ? py : NaN;
    },
    /** Sets the vertical markers [{ x, label, color }]. */
    markers(list) {
      chart.options.plugins.markers.list = list;
    },
    /** Sets axis bounds (undefined = automatic). */
    bounds(axisName, min, max) {
      chart.options.scales[axisName].min = min;
      chart.options.scales[axisName].max = max;
    },
    /** Shows or hides series `i`. */
    visible(i, shown) {
      chart.data.datasets[i].hidden = !shown;
    },
    /** Copies the filled points into the datasets and redraws without animation. */
    commit() {
      for (let i = 0; i < datasets.length; i++) {
        const data = chart.data.datasets[i].data;
        const n = counts[i];
        data.length = n;
        for (let k = 0; k < n; k++) data[k] = pools[i][k];
      }
      chart.update('none');
    },
    /** The plotted points, for tests: [[x, y, x, y, ...] per series]. */
    snapshot() {
      return chart.data.datasets.map((d) => (d.hidden ? [] : d.data.flatMap((p) => [p.x, p.y])));
    },
  };
}
