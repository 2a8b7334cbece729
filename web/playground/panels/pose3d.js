// Panel 9 — Pose inertialization in 3D: a 23-bone character switches clips (idle, walk,
// run, jump, turn, all made in code) and four copies show the switch side by side — no
// blending, the spring PoseInertializer, the CubicPoseInertializer and dead blending — beside
// plots of each inertializer's offset decaying and of a joint's angle. A crowd mode runs
// hundreds of characters on one TrajectoryBatch and one PoseInertializer.
//
// This file is the panel's contract with the playground (panels/index.js); the 3D content
// lives in ../pose3d/, and three.js loads only when the 3D view is built (a dynamic import),
// so that no other panel, no other panel's embed, and no embed of this panel's plots alone
// (`&figure=1`) fetches it. An embed shows pose3d/still.js's picture of the view first.
import '../pose3d/pose3d.css';
import { COLORS, color, onTheme, theme } from '../lib/theme.js';
import { flexion, offsetAngle, tune } from '../pose3d/blends.js';
import { CLIP_NAMES, CLIPS, bake } from '../pose3d/clips.js';
import { COMPARE_CAPTION, LANES, NARROW } from '../pose3d/lanes.js';
import { HOLD, JOINTS, LEAD, PARAMS, RATE } from '../pose3d/params.js';
import { Scenario, record } from '../pose3d/scenario.js';
import { BONE_COUNT, bone } from '../pose3d/skeleton.js';

/** Frames of the recorded switch before t = 0. */
export const LEAD_FRAMES = Math.round(LEAD * RATE);
/** The offset plot is the first plot (data()[0]), the joint's angle the second. */
export const OFFSET_PLOT = 0;
export const ANGLE_PLOT = 1;
const deg = (x) => `${x.toFixed(1)}°`;
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export default {
  blurb:
    'A 23-bone character switches from one clip to another (keys <kbd>1</kbd>–<kbd>5</kbd> or the buttons; the ' +
    'clips are made in code). Four copies show the same switch: without blending the pose pops; the spring ' +
    '<code>PoseInertializer</code> and the <code>CubicPoseInertializer</code> record the offset between the two ' +
    'poses and decay it; dead blending extrapolates the old pose and fades it into the new one. The plots show the ' +
    'size of each offset and a joint’s angle through the switch. Move the camera over the shoulder for the article’s ' +
    'last resort against foot sliding: no feet in the picture. The crowd view runs hundreds of characters on one ' +
    '<code>TrajectoryBatch</code> and one <code>PoseInertializer</code>, one call each per frame.',
  layout: 'pose3d',
  params: PARAMS,
  mount(ui) {
    const { fig, box, canvas, summary: describeView } = ui.canvas(COMPARE_CAPTION, { cls: 'view3d' });
    const caption = fig.querySelector('figcaption');
    canvas.tabIndex = 0;
    const lanes = LANES.map((lane) => {
      const label = document.createElement('div');
      label.className = 'pose3d-lane';
      label.textContent = lane.title;
      box.append(label);
      return label;
    });
    // Each lane's frame, in HTML over the canvas: a line between the viewports that the 3D view's
    // dynamic resolution (a software renderer drawing at 7/8 of the pixels, say) cannot round away.
    const laneFrames = LANES.map(() => {
      const frame = document.createElement('div');
      frame.className = 'pose3d-frame';
      box.append(frame);
      return frame;
    });
    const note = document.createElement('div');
    note.className = 'pose3d-note';
    note.textContent = 'Loading the 3D view…';
    box.append(note);

    // the toolbar: clip buttons, pause, step, and a scrubber over the switch
    const tools = document.createElement('div');
    tools.className = 'stage-bar pose3d-tools'; // buttons styled as the other panels' stage bars
    const clipBox = document.createElement('div');
    clipBox.className = 'clips';
    clipBox.setAttribute('role', 'group');
    clipBox.setAttribute('aria-label', 'switch to clip');
    const clipButtons = CLIP_NAMES.map((name, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.clip = name;
      b.title = `Switch to ${name} (${i + 1})`;
      b.innerHTML = `<kbd>${i + 1}</kbd>${name}`;
      b.addEventListener('click', () => userSwitch(name));
      clipBox.append(b);
      return b;
    });
    const pause = button('pause', 'Pause or play (space, with the view focused)', () => setPaused(!paused));
    const stepButton = button('step', 'One frame forward (1/60 s)', () => {
      setPaused(true);
      advance(1 / RATE);
    });
    const scrubLabel = document.createElement('label');
    scrubLabel.className = 'scrub';
    scrubLabel.textContent = 't';
    const scrub = document.createElement('input');
    scrub.type = 'range';
    scrub.min = String(-LEAD);
    scrub.max = String(HOLD);
    scrub.step = String(1 / RATE);
    scrub.setAttribute('aria-label', 'time from the switch');
    const clock = document.createElement('output');
    scrubLabel.append(scrub, clock);
    scrub.addEventListener('input', () => {
      setPaused(true);
      seek(Number(scrub.value));
    });
    tools.append(clipBox, pause, stepButton, scrubLabel);
    box.after(tools);
    function button(text, title, onClick) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = title;
      b.addEventListener('click', onClick);
      return b;
    }
    fig.addEventListener('keydown', (e) => {
      const k = Number(e.key);
      const slider = e.target instanceof HTMLInputElement && e.target.type === 'range';
      if (k >= 1 && k <= CLIP_NAMES.length && !e.ctrlKey && !e.metaKey && !e.altKey && !slider) {
        userSwitch(CLIP_NAMES[k - 1]);
        e.preventDefault();
      } else if (e.key === ' ' && e.target === canvas) {
        setPaused(!paused);
        e.preventDefault();
      }
    });

    const offsetPlot = ui.plot('size of each offset (degrees)', {
      series: LANES.slice(1).map((lane) => ({ label: lane.short, color: lane.color, width: 2 })),
      x: { title: 't from the switch (s)', min: -LEAD, max: HOLD },
      y: { title: 'mean angle over the bones (°)', min: 0 },
      hero: true,
    });
    const anglePlot = ui.plot('a joint’s flexion (degrees)', {
      series: LANES.map((lane, k) => ({
        label: lane.short,
        color: lane.color,
        width: k === 0 ? 1.5 : 2,
        dash: k === 0 ? [5, 3] : undefined,
      })),
      x: { title: 't from the switch (s)', min: -LEAD, max: HOLD },
      y: { title: 'flexion (°)' },
      hero: true,
    });
    const plots = [offsetPlot, anglePlot];
    const readClip = ui.readout('playing');
    const readFps = ui.readout('frame rate');
    const readLibrary = ui.readout('library per frame');
    const readScript = ui.readout('JavaScript per frame');

    const baked = Object.fromEntries(Object.entries(CLIPS).map(([name, clip]) => [name, bake(clip)]));
    let p = null;
    let plotScenario = null;
    /** The animation's pose at each frame of the plotted switch (from −LEAD), for "Copy as code". */
    let inputs = /** @type {Float32Array[]} */ ([]);
    let live = null;
    let view = null; // once three.js has loaded: { scene (the module), gl (createRenderer), compare, crowd, palette }
    let failed = null;
    let running = false;
    let paused = false;
    let last = 0;
    let frames = 0;
    let userSwitched = false;
    const intervals = [];
    let drawing = 0; // ms spent drawing since the last read-out
    let drawn = 0;
    let timing = null; // the last read-out's figures, for inspect()
    let lastReadout = 0;
    setPaused(reducedMotion());

    /**
     * Loads three.js and the 3D view, unless the view is hidden (an embed of one plot,
     * `&figure=N`): called with the first drawing, once the shell has hidden what it hides.
     */
    const loadView = () =>
      import('../pose3d/scene.js')
        .then((scene) => {
          const gl = scene.createRenderer(canvas);
          if (!gl) {
            failed = 'WebGL 2 is not available in this browser: the 3D view is off, the plots still work.';
            note.textContent = failed;
            return;
          }
          view = {
            scene,
            gl,
            compare: new scene.CompareView(
              gl.renderer,
              LANES.map((l) => color(l.color)),
            ),
            crowd: null,
            palette: null,
          };
          note.hidden = true;
          applyTheme();
          if (p) modeChanged();
          if (p && !running) render(0);
        })
        .catch((e) => {
          failed = `The 3D view could not load: ${e.message}`;
          note.textContent = failed;
        });

    /** The lanes' colours and the 3D views' palette follow the page's theme. */
    function applyTheme() {
      lanes.forEach((label, k) => label.style.setProperty('--lane', color(LANES[k].color)));
      if (!view) return;
      const palette = view.scene.PALETTES[theme];
      view.palette = theme;
      view.compare.theme(
        palette,
        LANES.map((l) => color(l.color)),
      );
      if (view.crowd) view.crowd.world.theme(palette);
      if (!running && p) render(0);
    }
    applyTheme();
    onTheme(applyTheme);

    function restartLive() {
      if (!live) live = new Scenario(baked, p);
      live.restart(p);
      if (view) view.compare.recenter();
    }

    function seek(t) {
      restartLive();
      while (live.t < t - 1e-9) live.step(Math.min(1 / RATE, t - live.t));
      lastReadout = 0; // the read-outs and the text alternative follow at once
      if (!running) frame(0);
    }

    function setPaused(on) {
      paused = on;
      pause.textContent = on ? 'play' : 'pause';
      pause.setAttribute('aria-pressed', String(on));
    }

    /** A key or button: the live character switches now; the plots show this switch (from rest). */
    function userSwitch(name) {
      if (!p || !live || p.view !== 'compare') return;
      const player = live.player;
      const phase = (((player.time / player.baked.period) % 1) + 1) % 1;
      const from = live.clip;
      live.switchTo(name);
      live.t = 0;
      live.switched = true;
      userSwitched = true;
      ui.set({ from, to: name, at: Math.min(0.99, Math.round(phase * 100) / 100) });
    }

    function modeChanged() {
      const compare = p.view === 'compare';
      for (const el of [...lanes, ...laneFrames]) el.hidden = !compare;
      clipBox.hidden = scrubLabel.hidden = stepButton.hidden = !compare;
      const text = compare
        ? COMPARE_CAPTION
        : `a crowd of ${p.crowd}: predicted trajectories (lines) and a pose inertializer over every bone (live, 3D)`;
      caption.textContent = text;
      canvas.setAttribute(
        'aria-label',
        compare
          ? `${text}. Focus it and press 1 to 5 to switch clips (idle, walk, run, jump, turn), space to pause.`
          : `${text}. Space pauses it.`,
      );
      if (!view || compare || (view.crowd && view.crowd.count === p.crowd)) return;
      if (view.crowd) view.crowd.dispose();
      view.crowd = null;
      import('../pose3d/crowd.js').then(({ CrowdView }) => {
        if (view.crowd || p.view !== 'crowd') return;
        view.crowd = new CrowdView(view.gl.renderer, baked, p.crowd, p.halflife);
        applyTheme();
      });
    }

    function advance(dt) {
      if (p.view === 'compare') {
        live.step(dt);
        if (p.loop && live.t >= HOLD - 1e-9) restartLive();
      } else if (view && view.crowd) view.crowd.step(dt, p.halflife);
    }

    function render(dt) {
      if (!view || fig.hidden) return; // (an embed may show only a plot: &figure=N)
      if (p.view === 'compare') {
        const views = view.compare.render(
          [0, 1, 2, 3].map((k) => live.output(k)),
          dt,
          p.camera === 'shoulder',
        );
        // labels at the bottom left of their viewports, on the ground, clear of the heads
        const height = canvas.clientHeight;
        views.forEach(([x, y, vw, vh], k) => {
          const frame = laneFrames[k].style;
          const rect = [`${x}px`, `${y}px`, `${vw}px`, `${vh}px`];
          if (
            frame.width !== rect[2] ||
            frame.height !== rect[3] ||
            frame.left !== rect[0] ||
            frame.top !== rect[1]
          )
            [frame.left, frame.top, frame.width, frame.height] = rect;
          const label = lanes[k];
          const text = vw < NARROW ? LANES[k].tag : LANES[k].title;
          if (label.textContent !== text) label.textContent = text;
          const s = label.style;
          const left = `${x}px`;
          const bottom = `${height - y - vh}px`;
          if (s.left !== left) s.left = left;
          if (s.bottom !== bottom) s.bottom = bottom;
        });
      } else if (view.crowd) view.crowd.render(dt);
    }

    /** The live time on the scrubber, the clock and the plots' cursors; the clip buttons' state. */
    function showTime() {
      const compare = p.view === 'compare';
      const t = live.t;
      const text = `${t >= 0 ? '+' : '−'}${Math.abs(t).toFixed(2)} s`;
      if (clock.value !== text) clock.value = text;
      if (document.activeElement !== scrub) scrub.value = String(Math.min(HOLD, t));
      scrub.setAttribute('aria-valuetext', `${text.replace('−', 'minus ')} from the switch`);
      for (const plot of plots) plot.cursor(compare ? t : null);
      for (const b of clipButtons) b.setAttribute('aria-pressed', String(b.dataset.clip === live.clip));
    }

    /** The 3D view in words (its text alternative), with the numbers it shows now. */
    function describe() {
      if (p.view === 'compare') {
        const offsets = [1, 2, 3].map((k) => offsetAngle(live.output(k), live.input, BONE_COUNT));
        const t = live.t;
        describeView(
          `Four copies of a ${BONE_COUNT}-bone character switch from ${p.from} to ${p.to} at phase ` +
            `${p.at.toFixed(2)} of ${p.from}; now t = ${t < 0 ? '−' : '+'}${Math.abs(t).toFixed(2)} s from the ` +
            `switch, playing ${live.clip}. ` +
            `Offset from the animation (mean over the bones): spring ${deg(offsets[0])}, cubic ${deg(offsets[1])}, ` +
            `dead blending ${deg(offsets[2])}; without blending there is none, the pose pops at the switch.` +
            (p.camera === 'shoulder'
              ? ' Seen over the shoulder, the feet are out of the picture: no foot sliding to see.'
              : ''),
        );
      } else if (view && view.crowd) {
        const c = view.crowd;
        describeView(
          `A crowd of ${c.count} characters (${c.count * BONE_COUNT} bones) wandering an arena, seen from an orbiting camera: ` +
            `${c.switches} clip switches so far, each blended by the one PoseInertializer; ` +
            (timing
              ? `the library's two calls take ${timing.library.toFixed(2)} ms per frame.`
              : 'starting.'),
        );
      } else describeView(`A crowd of ${p.crowd} characters: ${failed || 'loading the 3D view…'}`);
    }

    function readouts(now) {
      if (now - lastReadout < 250) return;
      lastReadout = now;
      const fps = 1000 / median(intervals);
      const scale = view ? view.gl.resolution.scale : 1;
      readFps(
        Number.isFinite(fps)
          ? `${fps.toFixed(0)} fps${scale < 1 ? ` (at ${Math.round(scale * 100)} % resolution)` : ''}`
          : '…',
      );
      const draw = drawing / Math.max(1, drawn);
      drawing = drawn = 0;
      if (p.view === 'compare') {
        const { mean } = live.timing();
        timing = { library: mean[1] + mean[2], dead: mean[3], draw };
        readClip(`${live.clip}: ${LANES.length} characters of ${BONE_COUNT} bones`);
        readLibrary(`${timing.library.toFixed(3)} ms: spring and cubic pose inertializers`);
        readScript(`${mean[3].toFixed(3)} ms dead blending, ${draw.toFixed(2)} ms drawing`);
      } else if (view && view.crowd) {
        const c = view.crowd;
        timing = { ...c.timing(), draw };
        readClip(`${c.count} characters, ${c.count * BONE_COUNT} bones`);
        readLibrary(`${timing.library.toFixed(2)} ms: trajectories, pose inertializer`);
        readScript(`${timing.javascript.toFixed(2)} ms: steering, clips, body vertices`);
      }
      describe();
    }

    /** One displayed frame, dt seconds after the last (0: redraw only). */
    function frame(dt) {
      const t0 = performance.now();
      render(dt);
      drawing += performance.now() - t0;
      drawn++;
      showTime();
    }

    function tick(now) {
      if (!running) return;
      requestAnimationFrame(tick);
      const interval = last ? now - last : 1000 / 60;
      const real = Math.min(0.1, Math.max(0, interval / 1000));
      if (last) remember(intervals, interval);
      last = now;
      if (!paused) advance(real * p.speed);
      if (view) view.gl.resolution.frame(interval, paused);
      frame(real * p.speed);
      readouts(now);
      frames++;
    }

    /** The plots of the switch of parameters `q`, with their text summaries. */
    function plotSwitch(q) {
      const rows = record(plotScenario, q, bone(q.joint));
      inputs = rows.map((r) => r.input);
      for (let i = 0; i < 4; i++) anglePlot.reset(i);
      for (let i = 0; i < 3; i++) offsetPlot.reset(i);
      rows.forEach(({ t, angles, offsets }, k) => {
        angles.forEach((a, i) => anglePlot.add(i, t, a));
        // the offset exists from the switch on
        if (k >= LEAD_FRAMES) offsets.forEach((o, i) => offsetPlot.add(i, t, o));
      });
      const markers = [
        { x: 0, label: `${q.from} → ${q.to}`, color: COLORS.muted },
        { x: q.blendtime, label: 'blend time', color: COLORS.muted, alpha: 0.6 },
      ];
      for (const plot of plots) {
        plot.markers(markers);
        plot.commit();
      }
      const name = JOINTS.find(([j]) => j === q.joint)?.[1];
      const angleCaption = `${name} flexion (degrees)`;
      anglePlot.figure.querySelector('figcaption').textContent = angleCaption;
      anglePlot.figure.querySelector('canvas').setAttribute('aria-label', angleCaption);

      const start = rows[LEAD_FRAMES].offsets[0];
      const under = rows.slice(LEAD_FRAMES).find((r) => r.offsets[0] < 1);
      offsetPlot.summary(
        `${q.from} → ${q.to}: at the switch the output is ${deg(start)} from the new animation (mean over the ` +
          `${BONE_COUNT} bones). The spring (halflife ${q.halflife.toFixed(2)} s) brings it under 1° ` +
          (under ? `${under.t.toFixed(2)} s later` : `only after the ${HOLD} s shown`) +
          `; the cubic and dead blending reach 0 at the blend time, ${q.blendtime.toFixed(2)} s.`,
      );
      // the change of the joint's angle over the frame of the switch, per lane
      const jumps = [0, 1, 2, 3].map((i) =>
        Math.abs(rows[LEAD_FRAMES].angles[i] - rows[LEAD_FRAMES - 1].angles[i]),
      );
      anglePlot.summary(
        `The ${name}’s flexion: over the frame of the switch it moves ${deg(jumps[0])} without blending; ` +
          `${deg(jumps[1])} with the spring, ${deg(jumps[2])} with the cubic and ${deg(jumps[3])} with dead ` +
          `blending, which continue the old motion and meet the new clip later.`,
      );
    }

    return {
      draw(next, changed) {
        const first = p === null;
        p = next;
        if (first && !fig.hidden) loadView();
        const has = (...keys) => !changed || keys.some((k) => changed.has(k));
        if (!plotScenario) plotScenario = new Scenario(baked, p);
        if (has('from', 'to', 'at', 'sync', 'halflife', 'blendtime', 'extrapolation', 'joint')) plotSwitch(p);
        if (first || has('from', 'to', 'at', 'sync')) {
          if (userSwitched) userSwitched = false;
          else restartLive();
        } else if (has('halflife', 'blendtime', 'extrapolation')) tune(live.blends, p);
        if (has('view', 'crowd')) modeChanged();
        if (!running) frame(0);
        describe();
      },
      shown() {
        const [src, dst] = plotScenario.switchPoses;
        return { src, dst, inputs };
      },
      show() {
        if (running) return;
        running = true;
        last = 0;
        requestAnimationFrame(tick);
      },
      hide() {
        running = false;
      },
      inspect() {
        const flex = [0, 1, 2, 3].map((k) => flexion(live.output(k), BONE_COUNT, bone(p.joint)));
        const crowd = view && view.crowd;
        return {
          webgl: view ? view.gl.name : null,
          palette: view ? view.palette : null,
          failed,
          view: p.view,
          clip: live.clip,
          t: live.t,
          paused,
          frames,
          fps: 1000 / median(intervals),
          resolution: view ? view.gl.resolution.scale : null,
          timing,
          flexion: flex,
          crowd: crowd
            ? {
                count: crowd.count,
                switches: crowd.switches,
                library: timing ? timing.library : NaN,
                javascript: timing ? timing.javascript : NaN,
                // every simulation object's position (x, y, z), 16 floats of state apart
                positions: Array.from(crowd.batch.state.filter((_, i) => i % 16 < 3)),
              }
            : null,
        };
      },
    };
  },
};

/** Appends `ms` to a ring of the last 90 values. */
function remember(ring, ms) {
  ring.push(ms);
  if (ring.length > 90) ring.shift();
}

function median(ring) {
  if (!ring.length) return NaN;
  const s = [...ring].sort((a, b) => a - b);
  return s[s.length >> 1];
}
