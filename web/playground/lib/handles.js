// Draggable handles on the line charts of lib/chart.js: points of the chart drawn by Chart.js
// (a dot with a ring, its label on a patch of paper), grabbed through Chart.js's pointer events
// and dragged with the pointer captured, and moved with the arrow keys through a focusable
// element over each one (role slider, for the keyboard and screen readers). A chunk of its own,
// loaded beside the panels that name 'handles' in their registry entry's `uses` (main.js): the
// other embeds never fetch it. Loading it registers the plugin and lets `plot.handle` make handles.
import { Chart } from 'chart.js';
import { FAMILY, FONT, POINTER_EVENTS, extras, registerHandles } from './chart.js';
import { color, palette } from './theme.js';

/** @typedef {import('./chart.js').HandleSpec} HandleSpec */
/** @typedef {import('./chart.js').Handle} Handle */

/** Radius of a handle's dot (CSS px; 1.35× for a finger); a pointer grabs it within 2.2× (a mouse) or 3.2×. */
const HANDLE_RADIUS = 8;
const coarse = () => matchMedia('(pointer: coarse)').matches;

/** A handle's pixel position on `chart`, or null when it lies outside the drawn ranges. */
function handlePixel(chart, h) {
  const { x, y } = chart.scales;
  if (!Number.isFinite(h.x) || !Number.isFinite(h.y)) return null;
  if (h.x < x.min || h.x > x.max || h.y < y.min || h.y > y.max) return null;
  return { px: x.getPixelForValue(h.x), py: y.getPixelForValue(h.y) };
}

/**
 * Handles: drawn by Chart.js after the datasets (a dot with a ring, its label on a patch of
 * paper), grabbed through Chart.js's pointer events (the chart listens to them only when it has
 * handles) and dragged with the pointer captured; the focusable element over each handle takes
 * the keyboard.
 */
const handlesPlugin = {
  id: 'sprungHandles',
  afterDatasetsDraw(chart) {
    const state = extras(chart);
    if (!state || !state.handles.length) return;
    const ctx = chart.ctx;
    const r = HANDLE_RADIUS * (coarse() ? 1.35 : 1);
    ctx.save();
    ctx.font = `${FONT + 1}px ${FAMILY}`;
    /** The labels placed so far: a label that would overlap one moves a row away from its handle. */
    const placed = [];
    for (const h of state.handles) {
      const at = handlePixel(chart, h);
      h.el.hidden = !at;
      if (!at) continue;
      const { px, py } = at;
      h.el.style.transform = `translate(${px}px, ${py}px)`;
      const c = color(h.spec.color);
      const dragging = state.grab && state.grab.handle === h;
      ctx.beginPath();
      ctx.arc(px, py, dragging ? r + 2 : r, 0, 2 * Math.PI);
      ctx.fillStyle = c;
      ctx.fill();
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = palette.paper;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(px, py, (dragging ? r + 2 : r) + 2, 0, 2 * Math.PI);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = c;
      ctx.stroke();
      if (!h.text) continue;
      // The label: its text with a halo of paper, so that the curves stay visible around the glyphs.
      const width = ctx.measureText(h.text).width;
      const height = FONT + 3;
      const side = h.spec.labelAt || 'side';
      const area = chart.chartArea;
      let left = px + r + 6;
      let top = py - height / 2;
      if (side === 'left') left = px - r - 6 - width;
      else if (side === 'above') {
        left = px - width / 2;
        top = py - r - 6 - height;
      } else if (side === 'below') {
        left = px + r / 2;
        top = py + r + 4;
      } else if (px + r + 6 + width > area.right) left = px - r - 6 - width;
      left = Math.max(area.left + 2, Math.min(area.right - width - 2, left));
      const away = side === 'above' ? -(height + 2) : height + 2;
      const overlaps = () =>
        placed.some(
          (b) =>
            left < b.left + b.width && b.left < left + width && top < b.top + height && b.top < top + height,
        );
      for (let k = 0; k < 4 && overlaps(); k++) top += away;
      top = Math.max(0, Math.min(chart.height - height, top));
      placed.push({ left, top, width });
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 4;
      ctx.strokeStyle = palette.paper;
      ctx.strokeText(h.text, left, top + height / 2);
      ctx.fillStyle = c;
      ctx.fillText(h.text, left, top + height / 2);
    }
    ctx.restore();
  },
  afterEvent(chart, args) {
    const state = extras(chart);
    if (!state || !state.handles.length) return;
    const e = args.event;
    const native = /** @type {PointerEvent | null} */ (e.native);
    if (!native || e.x === null || e.y === null) return;
    if (e.type === 'mousedown') {
      if (native.button !== 0) return;
      const reach = HANDLE_RADIUS * (native.pointerType === 'mouse' ? 2.2 : 3.2);
      let best = null;
      let bestDistance = reach;
      for (const h of state.handles) {
        const at = handlePixel(chart, h);
        if (!at) continue;
        const distance = Math.hypot(at.px - e.x, at.py - e.y);
        if (distance <= bestDistance) {
          best = { handle: h, dx: e.x - at.px, dy: e.y - at.py };
          bestDistance = distance;
        }
      }
      if (!best) return;
      state.grab = { id: native.pointerId, ...best };
      chart.canvas.setPointerCapture(native.pointerId);
      best.handle.el.focus({ preventScroll: true });
      chart.draw();
    } else if (e.type === 'mousemove') {
      const grab = state.grab;
      if (!grab || native.pointerId !== grab.id) {
        const over = state.handles.some((h) => {
          const at = handlePixel(chart, h);
          return at && Math.hypot(at.px - e.x, at.py - e.y) <= HANDLE_RADIUS * 2.2;
        });
        chart.canvas.style.cursor = over ? 'grab' : '';
        return;
      }
      const { x, y } = chart.scales;
      const h = grab.handle;
      const within = (v, scale) => Math.min(Math.max(v, scale.min), scale.max);
      const dataX = within(x.getValueForPixel(e.x - grab.dx), x);
      const dataY = within(y.getValueForPixel(e.y - grab.dy), y);
      h.spec.move(h.axes.includes('x') ? dataX : h.x, h.axes.includes('y') ? dataY : h.y);
    } else if (e.type === 'mouseup' || e.type === 'pointercancel') {
      if (!state.grab || native.pointerId !== state.grab.id) return;
      const { spec } = state.grab.handle;
      state.grab = null;
      chart.draw();
      if (spec.end) spec.end();
    }
  },
};

/**
 * A draggable handle on a line chart (`plot.handle(spec)`; the plugin above draws and drags it),
 * with the focusable element placed over it for the keyboard.
 * @param {import('./chart.js').HandleHost} host
 * @param {HandleSpec} spec
 * @returns {import('./chart.js').HandleControl}
 */
function addHandle({ chart, box, state, bounds }, spec) {
  const el = document.createElement('div');
  el.className = `handle label-${spec.labelAt || 'side'}`;
  el.tabIndex = 0;
  el.setAttribute('role', 'slider');
  el.setAttribute('aria-label', spec.label);
  el.style.color = color(spec.color);
  el.hidden = true;
  box.append(el);
  /** @type {Handle} */
  const h = { spec, el, x: NaN, y: NaN, axes: spec.axes, text: '', asked: null };
  state.handles.push(h);
  if (state.handles.length === 1) {
    chart.options.events = POINTER_EVENTS;
    chart.canvas.classList.add('has-handles');
  }
  el.addEventListener('keydown', (e) => {
    const k = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowDown: [0, -1], ArrowUp: [0, 1] }[e.key];
    if (!k) return;
    const [dx, dy] = [h.axes.includes('x') ? k[0] : 0, h.axes.includes('y') ? k[1] : 0];
    if (!dx && !dy) return;
    e.preventDefault();
    const big = e.shiftKey ? 10 : 1;
    // Keys pressed faster than the frames step on from where the last key asked, not from
    // the stale position.
    const from = h.asked || h;
    h.asked = { x: from.x + dx * big * (spec.keys.x || 0), y: from.y + dy * big * (spec.keys.y || 0) };
    spec.move(h.asked.x, h.asked.y);
  });
  return {
    /**
     * Puts the handle at data point (x, y) with `label` beside it (also its aria-valuetext);
     * `axes` changes the directions it moves in. A point outside the drawn ranges hides it.
     * Drawn with the chart's next commit.
     * @param {number} x
     * @param {number} y
     * @param {string} label
     * @param {'x' | 'y' | 'xy'} [axes]
     */
    place(x, y, label, axes) {
      h.x = x;
      h.y = y;
      h.asked = null;
      if (axes) h.axes = axes;
      el.dataset.axes = h.axes;
      if (h.text !== label) {
        h.text = label;
        el.setAttribute('aria-valuetext', label);
      }
      const [lo, hi] = h.axes === 'x' ? [bounds.x.min, bounds.x.max] : [bounds.y.min, bounds.y.max];
      if (lo !== undefined) el.setAttribute('aria-valuemin', String(lo));
      if (hi !== undefined) el.setAttribute('aria-valuemax', String(hi));
      el.setAttribute('aria-valuenow', String(h.axes === 'x' ? x : y));
      el.setAttribute('aria-orientation', h.axes === 'x' ? 'horizontal' : 'vertical');
    },
    /** Hides the handle (until placed again). */
    hide() {
      h.x = NaN;
      el.hidden = true;
    },
    element: el,
  };
}

Chart.register(handlesPlugin);
registerHandles(addHandle);
