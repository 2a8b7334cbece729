// The stage: an animated view beside a panel's first plot, driven live by the library every
// frame, the way the articles' videos show springs: time runs to the right, the positions of
// the goal and of each spring trail behind the "now" line, where each object sits as a box.
//
// It runs the panel's scenario (the script the plots show) on a fixed 60 Hz clock, with a time
// cursor on the plots, looping; click or drag in the view and the goal follows the pointer
// instead (the script stops; "Replay" resumes it). Pause, and step one frame at a time.
//
// The panel supplies the simulation (the same functions its plots run):
//   restart(p)               put everything at t = 0 of the scenario
//   advance(p, t, user)      step everything up to time t (s since restart; one 60 Hz tick at a
//                            time); `user` is null while the script plays, else { goal, jump }:
//                            the pointer's value, and whether it jumped there this tick
//   read(values)             write each body's current value (NaN hides it)
import { fitCanvas } from './canvas.js';
import { legendKeys } from './legend.js';
import { color, onTheme, palette } from './theme.js';

export const RATE = 60;
const WINDOW = 3; // seconds of trail shown

/**
 * @typedef {object} Body
 * @property {string} label
 * @property {string} color
 * @property {'goal' | 'object' | 'trace'} [kind]   goal: a dashed line; object: a box and its
 *   trail (the default); trace: a trail only (a signal)
 * @property {number[]} [dash]
 */
/**
 * @typedef {object} StageSpec
 * @property {string} caption
 * @property {Body[]} bodies
 * @property {(p: any) => [number, number]} range   the positions shown
 * @property {(p: any) => number} duration          the scenario's length, then it loops
 * @property {(p: any) => void} restart
 * @property {(p: any, t: number, user: { goal: number | null, jump: boolean } | null) => void} advance
 * @property {(values: Float64Array) => void} read
 * @property {boolean} [grab]           false: the goal cannot be moved (default true)
 * @property {string} [grabHint]        what clicking does, for the caption
 * @property {{ label: string, title: string, key?: string, takeOver?: boolean, press: (p: any) => void }[]} [buttons]
 *   extra buttons; `takeOver`: pressing one stops the script (the user drives, goal null)
 * @property {{ cursor(t: number | null): void }[]} [cursors]   plots that show the time cursor
 */

/**
 * Builds a stage into `fig` (a figure with `box`, `legendHost` and a control bar host).
 * @param {{ fig: HTMLElement, box: HTMLElement, canvas: HTMLCanvasElement, legendHost: HTMLElement }} where
 * @param {StageSpec} spec
 */
export function createStage({ fig, box, canvas, legendHost }, spec) {
  const m = spec.bodies.length;
  const capacity = WINDOW * RATE + 2;
  const trail = spec.bodies.map(() => new Float64Array(capacity));
  const values = new Float64Array(m);
  let head = 0; // ring index of the next sample
  let filled = 0;
  let params = null;
  let ticks = 0; // ticks since restart
  let frames = 0; // ticks ever (for tests)
  let user = null; // { goal, jump } while the user drives the goal
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let running = false;
  let visible = true;
  let acc = 0;
  let last = 0;
  let raf = 0;

  const legend = legendKeys(
    legendHost,
    spec.bodies.map((b) => ({ ...b, line: b.kind !== 'object' })),
  );
  legend.paint();

  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  const grab = spec.grab !== false;
  canvas.setAttribute(
    'aria-label',
    `${spec.caption}. ${grab ? 'Click or drag to move the goal; with the view focused, the up and down arrow keys move it.' : ''}`,
  );
  if (grab) canvas.classList.add('grab');

  const bar = document.createElement('div');
  bar.className = 'stage-bar';
  const button = (label, title, onPress) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.setAttribute('aria-label', title);
    b.addEventListener('click', onPress);
    bar.append(b);
    return b;
  };
  const play = button('', '', () => setPaused(!paused));
  play.dataset.role = 'play';
  const stepButton = button('Step', 'Advance one frame (1/60 s)', () => {
    setPaused(true);
    tick();
    paint();
  });
  stepButton.dataset.role = 'step';
  const replay = button('Replay', 'Replay the scenario from the start', () => {
    user = null;
    restart();
    paint();
  });
  replay.dataset.role = 'replay';
  function pressExtra(extra) {
    if (!params) return;
    if (extra.takeOver && !user) {
      user = { goal: null, jump: false };
      cursors();
    }
    extra.press(params);
  }
  for (const extra of spec.buttons || []) {
    const b = button(extra.label, extra.title, () => pressExtra(extra));
    b.dataset.role = 'extra';
    if (extra.key) b.setAttribute('aria-keyshortcuts', extra.key);
  }
  // The time, and what to do (left out where the bar is short: an embed; the view's label says it)
  const status = document.createElement('output');
  status.className = 'stage-status';
  const clock = document.createElement('span');
  const hint = document.createElement('span');
  hint.className = 'stage-hint';
  status.append(clock, hint);
  bar.append(status);
  fig.append(bar);

  function setPaused(on) {
    paused = on;
    play.textContent = paused ? 'Play' : 'Pause';
    play.title = paused ? 'Play the animation' : 'Pause the animation';
    play.setAttribute('aria-label', play.title);
    play.setAttribute('aria-pressed', String(paused));
    acc = 0;
    schedule();
  }
  setPaused(paused);

  function record() {
    spec.read(values);
    for (let b = 0; b < m; b++) trail[b][head] = values[b];
    head = (head + 1) % capacity;
    if (filled < capacity) filled++;
  }

  function restart() {
    ticks = 0;
    head = 0;
    filled = 0;
    spec.restart(params);
    record();
    cursors();
  }

  function cursors() {
    const t = user ? null : ticks / RATE;
    for (const plot of spec.cursors || []) plot.cursor(t);
  }

  /** One 60 Hz tick of the simulation. */
  function tick() {
    if (!params) return;
    if (!user && (ticks + 1) / RATE > spec.duration(params) + 1e-9) {
      restart();
      return;
    }
    ticks++;
    frames++;
    spec.advance(params, ticks / RATE, user);
    if (user) user.jump = false;
    record();
    cursors();
  }

  function paint() {
    const fit = params && size && fitCanvas(canvas, size);
    if (!fit) return;
    const { ctx, width: cssW, height: cssH } = fit;
    ctx.fillStyle = palette.ground;
    ctx.fillRect(0, 0, cssW, cssH);
    const [lo, hi] = spec.range(params);
    const pad = 10;
    const Y = (v) => pad + (1 - (v - lo) / (hi - lo)) * (cssH - 2 * pad);
    const now = cssW - 34; // the "now" line; objects sit on it
    const dx = (now - 4) / (WINDOW * RATE);
    // Zero line and the now line.
    ctx.strokeStyle = palette.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, Math.round(Y(0)) + 0.5);
    ctx.lineTo(cssW, Math.round(Y(0)) + 0.5);
    ctx.moveTo(Math.round(now) + 0.5, 0);
    ctx.lineTo(Math.round(now) + 0.5, cssH);
    ctx.stroke();
    ctx.lineJoin = 'round';
    for (let b = 0; b < m; b++) {
      const body = spec.bodies[b];
      const c = color(body.color);
      const kind = body.kind || 'object';
      ctx.strokeStyle = c;
      ctx.lineWidth = kind === 'object' ? 2 : 1.5;
      ctx.setLineDash(kind === 'goal' ? [5, 4] : body.dash || []);
      ctx.beginPath();
      let pen = false;
      for (let k = 0; k < filled; k++) {
        const v = trail[b][(head - filled + k + capacity) % capacity];
        if (!Number.isFinite(v)) {
          pen = false;
          continue;
        }
        const px = now - (filled - 1 - k) * dx;
        const py = Math.max(-1e4, Math.min(1e4, Y(v)));
        if (pen) ctx.lineTo(px, py);
        else ctx.moveTo(px, py);
        pen = true;
      }
      ctx.stroke();
      ctx.setLineDash([]);
      const v = values[b];
      if (!Number.isFinite(v)) continue;
      const py = Y(v);
      if (kind === 'goal') {
        // The goal: a ring the objects chase (a handle, when it can be dragged).
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(now + 16, py, 6, 0, 2 * Math.PI);
        ctx.stroke();
      } else if (kind === 'object') {
        ctx.fillStyle = c;
        ctx.fillRect(now - 6, py - 6, 12, 12);
      } else {
        ctx.fillStyle = c;
        ctx.beginPath();
        ctx.arc(now, py, 3, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    const t = ticks / RATE;
    const [time, what] = user
      ? [user.goal === null ? 'yours' : `goal ${user.goal.toFixed(2)}, yours`, ' — Replay for the scenario']
      : [
          `t = ${t.toFixed(2)} s of ${spec.duration(params).toFixed(1)} s`,
          grab ? ' — click or drag to move the goal' : '',
        ];
    if (clock.textContent !== time) clock.textContent = time;
    if (hint.textContent !== what) hint.textContent = what;
  }

  function loop(nowMs) {
    raf = 0;
    if (!running || !visible || paused) return;
    const elapsed = Math.min(0.1, Math.max(0, (nowMs - last) / 1000));
    last = nowMs;
    acc += elapsed;
    while (acc >= 1 / RATE - 1e-6) {
      acc -= 1 / RATE;
      tick();
    }
    paint();
    raf = requestAnimationFrame(loop);
  }
  function schedule() {
    if (raf || !running || !visible || paused) return;
    last = performance.now();
    raf = requestAnimationFrame(loop);
  }

  // The goal follows the pointer (mouse, pen or touch) while it is down.
  function goalAt(e) {
    const r = canvas.getBoundingClientRect();
    const [lo, hi] = spec.range(params);
    const u = (e.clientY - r.top - 10) / Math.max(1, r.height - 20);
    return Math.min(hi, Math.max(lo, hi - u * (hi - lo)));
  }
  let dragging = false;
  if (grab) {
    canvas.addEventListener('pointerdown', (e) => {
      if (!params) return;
      dragging = true;
      canvas.setPointerCapture(e.pointerId);
      user = { goal: goalAt(e), jump: true };
      cursors();
      paint();
    });
    canvas.addEventListener('pointermove', (e) => {
      if (dragging && user) user.goal = goalAt(e);
    });
    const up = () => {
      dragging = false;
    };
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('keydown', (e) => {
      const d = { ArrowUp: 1, ArrowDown: -1 }[e.key];
      if (!d || !params) return;
      e.preventDefault();
      const [lo, hi] = spec.range(params);
      const from = user && user.goal !== null ? user.goal : values[0];
      user = {
        goal: Math.min(hi, Math.max(lo, (Number.isFinite(from) ? from : 0) + (d * (hi - lo)) / 20)),
        jump: true,
      };
      cursors();
      paint();
    });
  }
  if (spec.buttons)
    for (const extra of spec.buttons)
      if (extra.key)
        canvas.addEventListener('keydown', (e) => {
          if (e.key === extra.key) {
            e.preventDefault();
            pressExtra(extra);
          }
        });

  new IntersectionObserver((entries) => {
    visible = entries[entries.length - 1].isIntersecting;
    schedule();
  }).observe(canvas);
  // The canvas fills the box: its size as observed, so that painting every frame reads no layout.
  /** @type {{ width: number, height: number } | null} */
  let size = null;
  new ResizeObserver((entries) => {
    const { width, height } = entries[entries.length - 1].contentRect;
    size = { width, height };
    paint();
  }).observe(box);
  onTheme(() => {
    legend.paint();
    paint();
  });

  return {
    /**
     * New parameters (after the plots redrew): the scenario is re-run to the current time, so
     * the stage stays on the curves; the user's goal is kept.
     */
    sync(p) {
      const first = !params;
      params = p;
      if (first || !user) {
        const target = first ? 0 : ticks;
        restart();
        for (let k = 0; k < target; k++) {
          ticks++;
          spec.advance(params, ticks / RATE, null);
          if (target - k <= capacity) record();
        }
        cursors();
      }
      paint();
      schedule();
    },
    start() {
      running = true;
      schedule();
    },
    stop() {
      running = false;
    },
    /** State for the tests. */
    inspect() {
      return {
        frames,
        t: ticks / RATE,
        paused,
        user: user ? user.goal : null,
        values: Array.from(values),
        labels: spec.bodies.map((b) => b.label),
      };
    },
  };
}
