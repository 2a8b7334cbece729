// Panel 9 — Pose inertialization in 3D: a 23-bone character switches clips (idle, walk,
// run, jump, turn, all made in code) and four copies show the switch side by side — no
// blending, the spring PoseInertializer, the CubicPoseInertializer and dead blending —
// above plots of a joint's angle and of each inertializer's offset decaying. A crowd mode
// runs hundreds of characters on one TrajectoryBatch and one PoseInertializer.
//
// This file is the panel's contract with the playground (schema, mount, draw, code); the
// 3D content lives in ../pose3d/, and three.js loads only when this panel mounts.
import '../pose3d/pose3d.css';
import { COLORS } from '../lib/charts.js';
import { CLIP_NAMES, CLIPS, bake } from '../pose3d/clips.js';
import { HOLD, LEAD, RATE, Scenario, record } from '../pose3d/scenario.js';
import { BONE_COUNT, bone } from '../pose3d/skeleton.js';
import { flexion, tune } from '../pose3d/blends.js';

/** The four lanes, in the order of blends.js makeBlends; colours shared by the bodies and the plots. */
const LANES = [
  { title: 'no blending (pop)', color: '#80868b' },
  { title: 'spring inertializer', color: COLORS.exact },
  { title: 'cubic inertializer', color: COLORS.implicit },
  { title: 'dead blending', color: COLORS.other },
];
const JOINTS = [
  ['LeftUpLeg', 'left hip'],
  ['LeftLeg', 'left knee'],
  ['LeftFoot', 'left ankle'],
  ['Spine', 'spine'],
  ['LeftArm', 'left shoulder'],
  ['LeftForeArm', 'left elbow'],
  ['Head', 'head'],
];
const CLIP_OPTIONS = CLIP_NAMES.map((name) => [name, name]);

export default {
  name: 'pose3d',
  title: '9 · Pose in 3D',
  blurb:
    'A 23-bone character switches from one clip to another (keys <kbd>1</kbd>–<kbd>5</kbd> or the buttons; the ' +
    'clips are made in code). Four copies show the same switch: without blending the pose pops; the spring ' +
    '<code>PoseInertializer</code> and the <code>CubicPoseInertializer</code> record the offset between the two ' +
    'poses and decay it; dead blending extrapolates the old pose and fades it into the new one. Below, a joint’s ' +
    'angle through the switch and the size of each offset. The crowd view runs hundreds of characters on one ' +
    '<code>TrajectoryBatch</code> and one <code>PoseInertializer</code>, one call each per frame.',
  needs: [
    'PoseInertializer',
    'CubicPoseInertializer',
    'TrajectoryBatch',
    'deadBlendingTransition',
    'deadBlendingUpdate',
    'damperExact',
  ],
  layout: 'pose3d',
  params: {
    view: {
      label: 'view',
      options: [
        ['compare', 'one switch, four ways'],
        ['crowd', 'crowd'],
      ],
      value: 'compare',
    },
    from: { group: 'The switch', label: 'from clip', options: CLIP_OPTIONS, value: 'walk' },
    to: { label: 'to clip', options: CLIP_OPTIONS, value: 'run' },
    at: { label: 'switch at phase of the from clip', min: 0, max: 0.99, step: 0.01, value: 0.3 },
    sync: { label: 'start the new clip at the same phase', check: true, value: true },
    halflife: {
      group: 'Blends',
      label: 'spring halflife',
      min: 0.02,
      max: 0.5,
      step: 0.01,
      value: 0.1,
      unit: 's',
    },
    blendtime: {
      label: 'blend time (cubic, dead blending)',
      min: 0.05,
      max: 1,
      step: 0.05,
      value: 0.3,
      unit: 's',
    },
    extrapolation: {
      label: 'dead blending velocity halflife',
      min: 0.02,
      max: 1,
      step: 0.01,
      value: 0.2,
      unit: 's',
    },
    joint: { group: 'View', label: 'joint plotted', options: JOINTS, value: 'LeftForeArm' },
    speed: { label: 'playback speed', min: 0.1, max: 1, step: 0.05, value: 1, unit: '×' },
    loop: { label: 'replay the switch', check: true, value: true, show: (p) => p.view === 'compare' },
    crowd: {
      label: 'characters',
      min: 50,
      max: 1000,
      step: 50,
      value: 200,
      show: (p) => p.view === 'crowd',
    },
  },
  mount(ui, sprung) {
    const { fig, box, canvas } = ui.canvas(
      'the same switch four ways: no blending, spring, cubic, dead blending',
      'live',
    );
    canvas.tabIndex = 0;
    canvas.setAttribute(
      'aria-label',
      '3D view of the character. Focus it and press 1 to 5 to switch clips: idle, walk, run, jump, turn.',
    );
    const lanes = LANES.map((lane) => {
      const label = document.createElement('div');
      label.className = 'pose3d-lane';
      label.style.setProperty('--lane', lane.color);
      label.textContent = lane.title;
      box.append(label);
      return label;
    });
    const note = document.createElement('div');
    note.className = 'pose3d-note';
    note.textContent = 'Loading the 3D view…';
    box.append(note);

    // the toolbar: clip buttons, pause, step, and a scrubber over the switch
    const tools = document.createElement('div');
    tools.className = 'pose3d-tools';
    const clipBox = document.createElement('div');
    clipBox.className = 'clips';
    clipBox.setAttribute('role', 'group');
    clipBox.setAttribute('aria-label', 'switch to clip');
    const clipButtons = CLIP_NAMES.map((name, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.clip = name;
      b.innerHTML = `<kbd>${i + 1}</kbd>${name}`;
      b.addEventListener('click', () => userSwitch(name));
      clipBox.append(b);
      return b;
    });
    const pause = button('pause', () => setPaused(!paused));
    const stepButton = button('step', () => {
      setPaused(true);
      advance(1 / RATE);
    });
    const scrubLabel = document.createElement('label');
    scrubLabel.textContent = 't';
    const scrub = document.createElement('input');
    scrub.type = 'range';
    scrub.min = String(-LEAD);
    scrub.max = String(HOLD);
    scrub.step = String(1 / RATE);
    scrub.setAttribute('aria-label', 'time from the switch (s)');
    const clock = document.createElement('output');
    scrubLabel.append(scrub, clock);
    scrub.addEventListener('input', () => {
      setPaused(true);
      seek(Number(scrub.value));
    });
    tools.append(clipBox, pause, stepButton, scrubLabel);
    box.after(tools);
    function button(text, onClick) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.addEventListener('click', onClick);
      return b;
    }
    fig.addEventListener('keydown', (e) => {
      const k = Number(e.key);
      if (
        k >= 1 &&
        k <= CLIP_NAMES.length &&
        !e.ctrlKey &&
        !e.metaKey &&
        !e.altKey &&
        e.target.type !== 'range'
      ) {
        userSwitch(CLIP_NAMES[k - 1]);
        e.preventDefault();
      } else if (e.key === ' ' && e.target === canvas) {
        setPaused(!paused);
        e.preventDefault();
      }
    });

    const angleSeries = LANES.map((lane, k) => ({
      label: lane.title,
      color: lane.color,
      width: k === 0 ? 1.5 : 2,
      dash: k === 0 ? [5, 3] : undefined,
    }));
    const anglePlot = ui.plot('a joint’s flexion through the switch (degrees)', {
      series: angleSeries,
      x: { title: 't from the switch (s)', min: -LEAD, max: HOLD },
      y: { title: 'degrees' },
    });
    const offsetPlot = ui.plot('size of the offset: mean angle between output and animation over the bones', {
      series: LANES.slice(1).map((lane) => ({ label: lane.title, color: lane.color, width: 2 })),
      x: { title: 't from the switch (s)', min: -LEAD, max: HOLD },
      y: { title: 'degrees', min: 0 },
    });
    const cursors = [anglePlot, offsetPlot].map((plot) => {
      const c = document.createElement('div');
      c.className = 'pose3d-cursor';
      plot.figure.querySelector('.plot-box').append(c);
      return { plot, c };
    });
    const readClip = ui.readout('playing');
    const readFps = ui.readout('frame rate');
    const readLibrary = ui.readout('library per frame');
    const readScript = ui.readout('JavaScript per frame');

    const baked = Object.fromEntries(Object.entries(CLIPS).map(([name, clip]) => [name, bake(clip)]));
    let p = null;
    let plotScenario = null;
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

    // copy as code inlines the panel's modules' sources: fetched on demand, like three.js
    let programs = null;
    import('../pose3d/code.js').then((m) => {
      programs = m;
      ui.request();
    });

    import('../pose3d/scene.js')
      .then((scene) => {
        const gl = scene.createRenderer(canvas);
        if (!gl) {
          failed =
            'WebGL 2 is not available in this browser: the 3D view is off, the plots below still work.';
          note.textContent = failed;
          return;
        }
        view = {
          scene,
          gl,
          compare: new scene.CompareView(
            sprung,
            gl.renderer,
            LANES.map((l) => l.color),
          ),
          crowd: null,
        };
        note.hidden = true;
        theme();
        if (p) modeChanged();
      })
      .catch((e) => {
        failed = `The 3D view could not load: ${e.message}`;
        note.textContent = failed;
      });

    /** Colours from the page: the first opaque background around the view picks the light or dark palette. */
    function theme() {
      if (!view) return;
      let rgb = [255, 255, 255];
      for (let el = box; el; el = el.parentElement) {
        const c = getComputedStyle(el).backgroundColor.match(/[\d.]+/g);
        if (c && (c.length < 4 || Number(c[3]) > 0.5)) {
          rgb = c.slice(0, 3).map(Number);
          break;
        }
      }
      const dark = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] < 110;
      const palette = view.scene.PALETTES[dark ? 'dark' : 'light'];
      view.palette = dark ? 'dark' : 'light';
      if (view.compare.world.palette !== palette) view.compare.world.theme(palette);
      if (view.crowd && view.crowd.world.palette !== palette) view.crowd.world.theme(palette);
    }

    function restartLive() {
      if (!live) live = new Scenario(sprung, baked, p);
      live.restart(p);
      if (view) view.compare.recenter();
    }

    function seek(t) {
      restartLive();
      while (live.t < t - 1e-9) live.step(Math.min(1 / RATE, t - live.t));
    }

    function setPaused(on) {
      paused = on;
      pause.textContent = on ? 'play' : 'pause';
      pause.setAttribute('aria-pressed', String(on));
    }

    /** A key or button: the live character switches now; the plots show this switch (from rest). */
    function userSwitch(name) {
      if (!p || !live) return;
      if (p.view !== 'compare') return;
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
      if (!p) return;
      const compare = p.view === 'compare';
      for (const label of lanes) label.hidden = !compare;
      clipBox.hidden = scrubLabel.hidden = stepButton.hidden = !compare;
      fig.querySelector('figcaption').textContent = compare
        ? 'the same switch four ways: no blending, spring, cubic, dead blending'
        : `a crowd of ${p.crowd}: predicted trajectories (lines) and a pose inertializer over every bone`;
      if (!view || compare || (view.crowd && view.crowd.count === p.crowd)) return;
      if (view.crowd) view.crowd.dispose();
      view.crowd = null;
      import('../pose3d/crowd.js').then(({ CrowdView }) => {
        if (view.crowd || p.view !== 'crowd') return;
        view.crowd = new CrowdView(sprung, view.gl.renderer, baked, p.crowd, p.halflife);
        theme();
      });
    }

    function advance(dt) {
      if (p.view === 'compare') {
        live.step(dt);
        if (p.loop && live.t >= HOLD - 1e-9) restartLive();
      } else if (view && view.crowd) view.crowd.step(dt, p.halflife);
    }

    function render(dt) {
      if (!view) return;
      if (p.view === 'compare') {
        const views = view.compare.render(
          [0, 1, 2, 3].map((k) => live.output(k)),
          dt,
        );
        // labels at the bottom left of their viewports, on the ground, clear of the heads
        const height = canvas.clientHeight;
        views.forEach(([x, y, , vh], k) => {
          const s = lanes[k].style;
          const left = `${x}px`;
          const bottom = `${height - y - vh}px`;
          if (s.left !== left) s.left = left;
          if (s.bottom !== bottom) s.bottom = bottom;
        });
      } else if (view.crowd) view.crowd.render(dt);
    }

    function showTime() {
      const t = live.t;
      const text = `${t >= 0 ? '+' : '−'}${Math.abs(t).toFixed(2)} s`;
      if (clock.value !== text) clock.value = text;
      if (document.activeElement !== scrub) scrub.value = String(Math.min(HOLD, t));
      for (const { plot, c } of cursors) {
        const area = plot.chart.chartArea;
        const x = plot.chart.scales.x.getPixelForValue(t);
        const inside = p.view === 'compare' && area && x >= area.left && x <= area.right;
        c.hidden = !inside;
        if (inside) {
          c.style.left = `${x}px`;
          c.style.top = `${area.top}px`;
          c.style.height = `${area.bottom - area.top}px`;
        }
      }
      for (const b of clipButtons) b.setAttribute('aria-pressed', String(b.dataset.clip === live.clip));
    }

    function readouts(now) {
      if (now - lastReadout < 250) return;
      lastReadout = now;
      theme(); // the page may have switched between light and dark
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
    }

    function tick(now) {
      if (!running) return;
      requestAnimationFrame(tick);
      const interval = last ? now - last : 1000 / 60;
      const real = Math.min(0.1, Math.max(0, interval / 1000));
      if (last) remember(intervals, interval);
      last = now;
      if (!p || !live) return;
      if (!paused) advance(real * p.speed);
      if (view) view.gl.resolution.frame(interval, paused);
      const t0 = performance.now();
      render(real * p.speed);
      drawing += performance.now() - t0;
      drawn++;
      showTime();
      readouts(now);
      frames++;
    }

    return {
      draw(next, changed) {
        const first = p === null;
        p = next;
        const has = (...keys) => !changed || keys.some((k) => changed.has(k));
        if (!plotScenario) plotScenario = new Scenario(sprung, baked, p);
        if (has('from', 'to', 'at', 'sync', 'halflife', 'blendtime', 'extrapolation', 'joint')) {
          const rows = record(plotScenario, p, bone(p.joint));
          for (let i = 0; i < 4; i++) anglePlot.reset(i);
          for (let i = 0; i < 3; i++) offsetPlot.reset(i);
          for (const { t, angles, offsets } of rows) {
            angles.forEach((a, i) => anglePlot.add(i, t, a));
            offsets.forEach((o, i) => offsetPlot.add(i, t, o));
          }
          const markers = [
            { x: 0, label: `${p.from} → ${p.to}`, color: '#5f6368' },
            { x: p.blendtime, label: 'blend time', color: '#5f636899' },
          ];
          anglePlot.markers(markers);
          offsetPlot.markers(markers);
          anglePlot.chart.options.plugins.legend.display = true;
          anglePlot.commit();
          offsetPlot.commit();
          const name = JOINTS.find(([j]) => j === p.joint)[1];
          anglePlot.figure.querySelector('figcaption').textContent =
            `${name} flexion through the switch (degrees)`;
        }
        if (first || has('from', 'to', 'at', 'sync')) {
          if (userSwitched) userSwitched = false;
          else restartLive();
        } else if (live && has('halflife', 'blendtime', 'extrapolation')) tune(live.blends, p);
        if (has('view', 'crowd')) modeChanged();
        theme();
        if (!running) {
          showTime();
          render(0);
        }
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
        const flex = live ? [0, 1, 2, 3].map((k) => flexion(live.output(k), BONE_COUNT, bone(p.joint))) : [];
        const crowd = view && view.crowd;
        return {
          webgl: view ? view.gl.name : null,
          palette: view ? view.palette : null,
          failed,
          view: p && p.view,
          clip: live && live.clip,
          t: live && live.t,
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
                position: Array.from(crowd.batch.state.subarray(0, 3)),
              }
            : null,
        };
      },
      code(q) {
        if (!programs || !plotScenario || !plotScenario.switchPoses)
          return { ts: '// loading…', c: '/* loading… */' };
        const [src, dst] = plotScenario.switchPoses;
        return { ts: programs.javascript(q), c: programs.c(q, src, dst) };
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
