// Panel 10 — Motion matching: the four articles in one character. The keyboard (WASD or the
// arrows, shift to run), a gamepad or a drag in the view (a stick under the finger) moves the
// simulation object; a MotionController searches the procedural dance card, CMU's motion
// capture or the reader's own files (a glTF character with its animations, or BVH takes,
// dropped on the view or picked; each database made in a worker, loaded here from its bytes)
// for the frame whose features best match the query, inertializes every switch (spring or
// cubic), adjusts and clamps the character toward the simulation and locks its feet. The
// character is a skinned mesh posed by sprung/three's bindSkeleton, as a game would pose it;
// its locked feet and its simulation bone (the hips' projection smoothed, against the raw one)
// are drawn on the ground. Each part is a switch, the feature weights and the switch cost are
// sliders; the reader's database and the code that loads it in a game are exported. An
// overlay (&overlay=0 hides it) shows the query against the chosen frame's features, the best
// candidates' costs by feature group, switches per second and the time of a search. Left
// alone, an autopilot drives. A crowd of 1,000 runs on one MotionCrowd (their searches in one call,
// their frames in another), drawn instanced from its crowd-wide positions and rotations, its
// time a frame shown live.
//
// Two plots explain two of its parts with numbers a program can print: the simulation object's
// speed on a scripted stick (the walk and run speeds and the simulation's halflife), and the
// cost of a switch against the transition-cost feature's estimate of it (the inertializer's
// halflife). three.js loads only with the 3D view (a dynamic import).
import '../motion/motion.css';
import {
  MotionController,
  MotionCrowd,
  clipFromThree,
  simulationPositionUpdate,
  transitionCost,
} from 'sprung';
import { COLORS, color, onTheme, palette, theme } from '../lib/theme.js';
import { CMU_CREDIT, groupNames, loadDatabase } from '../motion/databases.js';
import { BLENDTIME, mirrorMap } from '../motion/rigs.js';
import { gameCode, wireBytes } from '../motion/export.js';
import { PRESETS, autopilot, stickVelocity } from '../motion/autopilot.js';

/** Frames per second of the plots' scripted stick (the programs step at this rate too). */
export const RATE = 60;
/**
 * The plotted stick: [until t (s), speed: 'stop', 'walk' or 'run'], straight ahead.
 * @type {[number, string][]}
 */
export const STICK = [
  [0.5, 'stop'],
  [2.5, 'walk'],
  [4, 'run'],
  [6, 'stop'],
];
/** The plotted switch: its position offset (m), and the velocity offsets (m/s) from −V to V in STEPS steps. */
export const OFFSET = 0.05;
export const V = 3;
export const STEPS = 60;
/** The plots, in the order of ui.plot. */
export const SPEED_PLOT = 0;
export const COST_PLOT = 1;
/** The crowd's size. */
const CROWD = 1000;
/** The crowd's grid: columns, and metres between homes. */
const COLUMNS = 40;
const SPACING = 2.5;
/** Seconds without input before the autopilot takes over again. */
const IDLE = 4;
/** Frames of the crowd's time shown (its median). */
const CROWD_FRAMES = 60;
/** Colours of the feature groups in the overlay. */
const GROUP_COLORS = ['#1a73e8', '#d93025', '#188038', '#e37400', '#a142f4', '#12b5cb', '#9aa0a6'];

/**
 * The transition cost's options of the panel's inertializer: the cubic's blend time in the
 * cubic mode, else the spring's halflife.
 * @returns {{ inertializer: 'spring' | 'cubic', halflife?: number, blendtime?: number }}
 */
export function costOptions(p) {
  return p.features === 'cubic'
    ? { inertializer: 'cubic', blendtime: Number(p.blendtime) }
    : { inertializer: 'spring', halflife: Number(p.halflife) };
}

/** The desired speed of the plotted stick at time t. */
export function stickSpeed(t, p) {
  const gait = (STICK.find(([until]) => t < until) ?? STICK[STICK.length - 1])[1];
  return gait === 'walk' ? p.walkSpeed : gait === 'run' ? p.runSpeed : 0;
}

export default {
  blurb:
    'A character moved by <em>motion matching</em>, the four articles at work together. Drive it with ' +
    '<kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> or the arrow keys (<kbd>Shift</kbd> runs), a gamepad, or by ' +
    'dragging in the view; left alone, an autopilot drives. The input moves the <em>simulation object</em> (orange ' +
    'ring) and predicts its trajectory; a <code>MotionController</code> searches a <code>MotionDatabase</code> ten ' +
    'times a second for the frame whose features — feet, hips, the trajectory ahead (orange dots: asked for; blue: ' +
    'found) — match best, and a skinned mesh is posed by <code>bindSkeleton</code> (<code>sprung/three</code>). Red ' +
    'discs are the locked feet; the small blue ring and its trail, the animation’s simulation bone: the hips’ ground ' +
    'projection (grey) smoothed. The database is the procedural dance card (ten minutes of locomotion, mirrored), ' +
    'two takes of CMU motion capture, or your own files: drop a glTF character with its animations, or BVH takes, on ' +
    'the view, tune it, and export its database. Switch each part of the controller off to see what it adds.',
  layout: 'motion',
  params: {
    database: {
      label: 'database',
      options: [
        ['dance', 'dance card (procedural)'],
        ['cmu', 'CMU motion capture'],
        ['reader', 'your files (drop them on the view)'],
      ],
      value: 'dance',
    },
    features: {
      label: 'features',
      options: [
        ['transition', 'transition cost (spring)'],
        ['cubic', 'transition cost (cubic)'],
        ['plain', 'positions, velocities'],
      ],
      value: 'transition',
    },
    walkSpeed: {
      group: 'Movement',
      label: 'walk speed',
      min: 0.4,
      max: 2.2,
      step: 0.05,
      value: 1.4,
      unit: 'm/s',
    },
    runSpeed: { label: 'run speed (Shift)', min: 0.6, max: 5, step: 0.1, value: 3.6, unit: 'm/s' },
    simHalflife: { label: 'simulation halflife', min: 0.1, max: 0.6, step: 0.01, value: 0.27, unit: 's' },
    inertialization: {
      group: 'Parts of the controller',
      label: 'inertialize switches',
      check: true,
      value: true,
    },
    adjustment: { label: 'adjust toward the simulation', check: true, value: true },
    clamping: { label: 'clamp to the simulation', check: true, value: true },
    footLocking: { label: 'lock the feet (contacts and IK)', check: true, value: true },
    crowd: { label: `a crowd of ${CROWD.toLocaleString('en')}`, check: true, value: false },
    overlay: { label: 'the search overlay', check: true, value: true },
    halflife: {
      group: 'Switches',
      label: 'inertializer halflife',
      min: 0.03,
      max: 0.3,
      step: 0.01,
      value: 0.1,
      unit: 's',
      show: (p) => p.features !== 'cubic',
    },
    blendtime: {
      label: 'inertializer blend time',
      min: 0.05,
      max: 0.5,
      step: 0.01,
      value: 0.2,
      unit: 's',
      show: (p) => p.features === 'cubic',
    },
    searchInterval: { label: 'search every', min: 0.05, max: 0.5, step: 0.05, value: 0.1, unit: 's' },
    switchCost: { label: 'switch cost (what a switch must save)', min: 0, max: 8, step: 0.05, value: 0.25 },
    wFeet: { group: 'Feature weights', label: 'feet', min: 0, max: 3, step: 0.05, value: 1 },
    wHips: { label: 'hips', min: 0, max: 3, step: 0.05, value: 1 },
    wPath: { label: 'trajectory positions', min: 0, max: 3, step: 0.05, value: 1 },
    wFacing: { label: 'trajectory directions', min: 0, max: 3, step: 0.05, value: 1 },
  },
  mount(ui) {
    const {
      fig,
      box,
      canvas,
      summary: describeView,
    } = ui.canvas('the character, live (3D)', { cls: 'view3d' });
    canvas.tabIndex = 0;
    canvas.setAttribute(
      'aria-label',
      'A motion-matched character in 3D. Focus it and use WASD or the arrow keys (Shift runs), or drag in it.',
    );
    const note = document.createElement('div');
    note.className = 'motion-note';
    note.textContent = 'Making the dance card…';
    const overlay = document.createElement('canvas');
    overlay.className = 'motion-overlay';
    overlay.setAttribute('aria-hidden', 'true');
    const knob = document.createElement('div');
    knob.className = 'motion-stick';
    knob.hidden = true;
    // the reader's files: picked (a hidden input behind the button) or dropped on the view
    const files = document.createElement('input');
    files.type = 'file';
    files.id = 'motion-files';
    files.multiple = true;
    files.accept = '.glb,.gltf,.bin,.bvh';
    files.hidden = true;
    box.append(overlay, knob, note, files);
    // the export of the reader's database: its bytes, and the code that loads them in a game
    const exported = document.createElement('details');
    exported.className = 'motion-export';
    exported.hidden = true;
    const exportTitle = document.createElement('summary');
    exportTitle.textContent = 'Export your database and the code that loads it in a game';
    const download = document.createElement('button');
    download.type = 'button';
    download.textContent = 'Download database.bin';
    const copyCode = document.createElement('button');
    copyCode.type = 'button';
    copyCode.textContent = 'Copy the code';
    const code = document.createElement('pre');
    code.id = 'motion-game-code';
    code.tabIndex = 0;
    exported.append(exportTitle, download, copyCode, code);
    box.after(exported);

    const speedPlot = ui.plot('the simulation object on a scripted stick', {
      series: [
        { label: 'desired speed', color: COLORS.goal, width: 1.5, dash: [5, 3], stepped: true },
        { label: 'simulation speed', color: COLORS.implicit, width: 2 },
      ],
      x: { title: 't (s)', min: 0, max: STICK[STICK.length - 1][0] },
      y: { title: 'speed (m/s)', min: 0 },
    });
    const costPlot = ui.plot('the cost of a switch and the feature’s estimate', {
      series: [
        { label: 'cost (area of the offset)', color: COLORS.exact, width: 2 },
        { label: 'transition-cost feature distance', color: COLORS.implicit, width: 2, dash: [6, 3] },
      ],
      x: { title: 'velocity offset at the switch (m/s)', min: -V, max: V },
      y: { title: 'cost (m·s)', min: 0 },
    });
    const readData = ui.readout('database');
    const readSearch = ui.readout('search');
    const readSwitches = ui.readout('switches');
    const readFeet = ui.readout('locked feet');
    const readCrowd = ui.readout('crowd');
    const readInput = ui.readout('input');
    const readYours = ui.readout('your files');
    ui.actions('Your character', [
      {
        label: 'Open files…',
        title: 'A glTF/GLB character with its animations, or BVH takes: nothing leaves the page',
        press: () => files.click(),
      },
      {
        label: 'Sample character',
        title: 'A skinned character made in code (Mixamo’s bone names, four animations), as a file would be',
        press: () => sample(),
      },
    ]);

    let p = null;
    let view = null; // { scene: the view module, gl, motion: MotionView } once three.js has loaded
    let failed = null;
    let note3d = null;
    const databases = new Map(); // `${database}:${features}:${weights}` → what loadDatabase made
    const making = new Map(); // the same keys → the promise of a database the worker is making
    let db = null;
    let made = null; // what loadDatabase made for db: { db, bytes, names, rig, report }, and wire: its compact bytes
    let dbKey = '';
    let rig = 'dance';
    // the reader's files: { key (new for each drop), name, takes | clips, character (a glTF scene) }
    let reader = null;
    let readerSent = null; // the reader's key whose data the worker has
    let controller = null;
    let crowd = null;
    let crowdInputs = [];
    /** The crowd's last frames: [update ms, of which searching ms] each, the last CROWD_FRAMES. */
    const crowdTime = [];
    let loading = null;
    let running = false;
    let last = 0;
    let frames = 0;
    let clock = 0;
    let idleSince = -Infinity;
    let lastOverlay = 0;
    let best = null; // the overlay's candidates: { frame, clip, cost, groups }
    let bestOf = null; // the lastSearch they were computed for
    const switchTimes = [];
    const keys = new Set();
    let pointer = null; // { id, x0, y0, x, y, type }
    let inputName = 'autopilot';
    const stick = { x: 0, z: 0, run: false };
    const velocity = { x: 0, y: 0, z: 0 };

    /** Loads three.js and makes the view (once; not in an embed that shows only a plot: &figure=N). */
    let viewLoading = false;
    function loadView() {
      if (viewLoading || fig.hidden) return;
      viewLoading = true;
      import('../pose3d/scene.js')
        .then(async (scene) => {
          const { MotionView } = await import('../motion/view.js');
          const gl = scene.createRenderer(canvas);
          if (!gl) {
            failed = 'WebGL 2 is not available in this browser: the 3D view is off.';
            note.textContent = failed;
            return;
          }
          view = { scene, gl, motion: new MotionView(gl.renderer) };
          applyTheme();
          if (db) attach();
        })
        .catch((e) => {
          failed = `The 3D view could not load: ${e.message}`;
          note.textContent = failed;
        });
    }

    function applyTheme() {
      if (!view) return;
      view.motion.theme(view.scene.PALETTES[theme], {
        character: color(COLORS.exact),
        crowd: color(COLORS.goal),
        simulation: color(COLORS.implicit),
        chosen: color(COLORS.exact),
        raw: color(COLORS.muted),
        contact: color(COLORS.bad),
      });
    }
    onTheme(() => {
      applyTheme();
      drawOverlay(true);
    });

    // ---- the database and the controller ------------------------------------------------

    // The first database shown, or the message of why not: the playground reports ready (what
    // the tests wait for) then, outside an embed. The page is not blocked meanwhile (a worker
    // makes the data and the database; the page loads its bytes), and the note says what is being made.
    /** @type {() => void} */
    let firstShown = () => {};
    const firstDatabase = new Promise((resolve) => {
      firstShown = () => resolve(undefined);
    });
    /** The feature weights of the sliders, as the worker takes them. */
    const weights = () => ({ feet: p.wFeet, hips: p.wHips, path: p.wPath, facing: p.wFacing });
    /** Makes (once) and shows the database of the current choices. */
    async function choose() {
      if (fig.hidden) return;
      if (p.database === 'reader' && !reader) {
        loading = null;
        note.hidden = false;
        note.textContent =
          'Drop a glTF/GLB character with its animations (a Mixamo-style locomotion set), or BVH takes, on this ' +
          'view — or use “Open files…” or “Sample character” under the controls. Nothing leaves the page.';
        firstShown();
        return;
      }
      const w = weights();
      const key = `${p.database}${p.database === 'reader' ? reader.key : ''}:${p.features}:${Object.values(w)}`;
      if (key === dbKey) return;
      const token = (loading = {});
      note.hidden = false;
      note.textContent =
        p.database === 'dance'
          ? 'Making the dance card (ten minutes of locomotion, in code) and its database…'
          : p.database === 'cmu'
            ? 'Loading CMU’s motion capture and making its database…'
            : `Making the database of ${reader.name}…`;
      let next = databases.get(key);
      try {
        if (!next) {
          // one request per database: a choice made again meanwhile waits for the same bytes
          if (!making.has(key)) {
            // the reader's data goes to the worker once (it keeps it)
            const data =
              p.database !== 'reader'
                ? null
                : readerSent === reader.key
                  ? { key: reader.key }
                  : { key: reader.key, takes: reader.takes, clips: reader.clips };
            if (data) readerSent = reader.key;
            making.set(
              key,
              loadDatabase(p.database, p.features, w, data).finally(() => making.delete(key)),
            );
          }
          next = await making.get(key);
          databases.set(key, next);
          if (token !== loading) return;
        }
      } catch (e) {
        if (token !== loading) return;
        if (p.database === 'reader') readerSent = null;
        const message = e instanceof Error ? e.message : String(e);
        note.textContent = message;
        note3d = message;
        if (p.database === 'reader') readYours(message);
        firstShown();
        return;
      }
      if (token !== loading) return;
      loading = null;
      note3d = null;
      note.hidden = true;
      db = next.db;
      made = next;
      dbKey = key;
      rig = p.database;
      restart();
      showExport();
      firstShown();
    }

    /** A new controller (and crowd) on the database shown, where the old one was. */
    function restart() {
      const at = controller ? { ...controller.simulation.position } : { x: 0, y: 0, z: 0 };
      const rotation = controller ? { ...controller.simulation.rotation } : undefined;
      controller?.dispose();
      controller = new MotionController(db, { ...settings(), ikBones: made.rig.ik, position: at, rotation });
      best = bestOf = null;
      switchTimes.length = 0;
      searchTime = NaN;
      timedAt = -Infinity;
      makeCrowd();
      if (view) attach();
    }

    /** The view's character for the database shown (made for its skeleton, or the reader's glTF one), bound to the controller. */
    let attached = null;
    function attach() {
      if (!db) return;
      const character = rig === 'reader' ? (reader.character ?? null) : null;
      if (attached !== made) {
        view.motion.character(db, made.names, character);
        attached = made;
      }
      view.motion.bind(controller);
      view.motion.crowdOf(crowd ? CROWD : 0);
      view.motion.recenter();
      if (note3d === null) note.hidden = true;
    }

    /**
     * The controller's settings of the parameters.
     * @returns {Partial<import('sprung').MotionControllerSettings>}
     */
    function settings() {
      return {
        inertialization: p.inertialization ? (p.features === 'cubic' ? 'cubic' : 'spring') : 'none',
        halflife: p.halflife,
        blendtime: p.blendtime,
        adjustment: p.adjustment,
        clamping: p.clamping,
        footLocking: p.footLocking,
        searchInterval: p.searchInterval,
        switchCost: p.switchCost,
        simulationVelocityHalflife: p.simHalflife,
        simulationRotationHalflife: p.simHalflife,
      };
    }

    // ---- the reader's files ---------------------------------------------------------------

    /**
     * Reads the reader's files: BVH takes (their texts go to the worker), or a glTF character
     * (a .glb, or a .gltf with its .bin files) whose animations are sampled here into clips
     * (clipFromThree, the armature above the bones applied) and whose scene is drawn.
     * @param {File[]} list
     */
    async function readFiles(list) {
      const bvh = list.filter((f) => /\.bvh$/i.test(f.name));
      const gltf = list.find((f) => /\.(glb|gltf)$/i.test(f.name));
      try {
        if (!gltf && bvh.length === 0) throw new Error('no .glb, .gltf or .bvh file among them');
        readYours(`reading ${list.map((f) => f.name).join(', ')}…`);
        if (gltf) reader = await readGltf(gltf, list);
        else
          reader = {
            key: ++readerKeys,
            name: bvh.length === 1 ? bvh[0].name : `${bvh.length} BVH takes`,
            takes: await Promise.all(bvh.map(async (f) => ({ name: f.name, text: await f.text() }))),
          };
        readYours(`${reader.name}: making the database in a worker…`);
        if (p.database === 'reader') choose();
        else ui.set({ database: 'reader' });
      } catch (e) {
        readYours(
          `could not read ${list.map((f) => f.name).join(', ')}: ${e instanceof Error ? e.message : e}`,
        );
      }
    }
    let readerKeys = 0;

    /** A glTF character and its animations as the reader's data: { key, name, clips, character }. */
    async function readGltf(file, list) {
      const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
      const { LoadingManager } = await import('three');
      // a .gltf's other files (buffers, textures) from the files dropped with it
      const urls = new Map(list.map((f) => [f.name, URL.createObjectURL(f)]));
      const manager = new LoadingManager();
      manager.setURLModifier((url) => urls.get(url.split('/').pop()) ?? url);
      try {
        const loaded = await new GLTFLoader(manager).parseAsync(await file.arrayBuffer(), '');
        /** @type {any} */
        let mesh = null;
        loaded.scene.traverse((o) => {
          if (!mesh && /** @type {any} */ (o).isSkinnedMesh) mesh = o;
        });
        if (!mesh) throw new Error('it holds no skinned mesh (a rigged character)');
        if (loaded.animations.length === 0) throw new Error('it holds no animations');
        const takes = loaded.animations.map((clip) =>
          clipFromThree(clip, mesh.skeleton, { root: loaded.scene, maxFrames: 60 * 60 * 20 }),
        );
        const skeleton = takes[0].skeleton;
        const mirror = mirrorMap(skeleton.names);
        return {
          key: ++readerKeys,
          name: file.name,
          character: loaded.scene,
          clips: {
            skeleton,
            frameRate: 60,
            clips: takes.map((t) => t.clip),
            ...(mirror ? { mirror } : {}),
          },
        };
      } finally {
        for (const url of urls.values()) URL.revokeObjectURL(url);
      }
    }

    /** The sample character (motion/sample.js: made in code, exported as a GLB), read as a dropped file. */
    async function sample() {
      readYours('making the sample character (a GLB, in code)…');
      const { sampleGlb } = await import('../motion/sample.js');
      const bytes = await sampleGlb();
      await readFiles([new File([/** @type {ArrayBuffer} */ (bytes)], 'sample-character.glb')]);
    }

    files.addEventListener('change', () => {
      if (files.files && files.files.length) readFiles([...files.files]);
      files.value = '';
    });
    box.addEventListener('dragover', (e) => {
      e.preventDefault();
      box.classList.add('dropping');
    });
    box.addEventListener('dragleave', () => box.classList.remove('dropping'));
    box.addEventListener('drop', (e) => {
      e.preventDefault();
      box.classList.remove('dropping');
      if (e.dataTransfer && e.dataTransfer.files.length) readFiles([...e.dataTransfer.files]);
    });

    const kb = (n) => `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;
    /** The export block, for the reader's database: its compact bytes and the game's code. */
    function showExport() {
      exported.hidden = rig !== 'reader';
      if (rig !== 'reader') return;
      const r = made.report;
      readYours(
        `${reader.name}: ${db.frames.toLocaleString('en')} frames of ${db.bones} bones` +
          (r && r.units ? `, read in ${r.units}` : '') +
          (r && r.skipped && r.skipped.length
            ? `, the first frame of ${r.skipped.length} left out (a reference pose)`
            : '') +
          `; feet ${made.rig.feet.join(', ')}`,
      );
      code.textContent = gameCode({
        file: reader.character ? reader.name : null,
        settings: settings(),
        ik: made.rig.ik,
      });
      made.wire ??= wireBytes(db);
      download.textContent = `Download database.bin (${kb(made.wire.length)}, compact; ${kb(made.bytes.length)} in full)`;
    }
    download.addEventListener('click', () => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(
        new Blob([/** @type {any} */ (made.wire)], { type: 'application/octet-stream' }),
      );
      a.download = 'database.bin';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
    copyCode.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.textContent ?? '');
        copyCode.textContent = 'Copied';
      } catch {
        // no clipboard (an insecure page): the text is selectable in the box
        getSelection()?.selectAllChildren(code);
        copyCode.textContent = 'Selected: press Ctrl+C';
      }
      setTimeout(() => (copyCode.textContent = 'Copy the code'), 1500);
    });

    function makeCrowd() {
      crowd?.dispose();
      crowd = null;
      if (!p.crowd || !db) {
        if (view) view.motion.crowdOf(0);
        return;
      }
      // COLUMNS × 25, SPACING apart, around where the character is
      const c = controller.simulation.position;
      const rows = Math.ceil(CROWD / COLUMNS);
      const positions = Array.from({ length: CROWD }, (_, i) => ({
        x: c.x + SPACING * ((i % COLUMNS) - (COLUMNS - 1) / 2),
        y: 0,
        z: c.z + SPACING * (Math.floor(i / COLUMNS) - (rows - 1) / 2),
      }));
      crowdTime.length = 0;
      crowd = new MotionCrowd(db, CROWD, { ...settings(), ikBones: made.rig.ik, positions });
      crowdInputs = positions.map((home, i) => ({
        home,
        velocity: { x: 0, y: 0, z: 0 },
        next: 0,
        seed: i + 1,
      }));
      if (view) view.motion.crowdOf(CROWD);
    }

    /** The crowd's time a frame, the median of its last frames (update, of which searching). */
    function crowdFrame() {
      while (crowdTime.length > 2 * CROWD_FRAMES) crowdTime.splice(0, 2);
      const n = crowdTime.length / 2;
      if (!n) return null;
      const median = (k) => crowdTime.filter((_, i) => i % 2 === k).sort((a, b) => a - b)[Math.floor(n / 2)];
      return { ms: median(0), searchMs: median(1), frames: n };
    }

    function crowdReadout() {
      const t = crowd && crowdFrame();
      if (!crowd) return 'off';
      return t
        ? `${CROWD.toLocaleString('en')} characters: ${t.ms.toFixed(1)} ms a frame (${t.searchMs.toFixed(1)} ms searching), median of ${t.frames}`
        : `${CROWD.toLocaleString('en')} characters: …`;
    }

    /** Each crowd member wanders: a new heading and speed every 1.5–4 s, back toward home when far. */
    function steerCrowd() {
      crowd.characters.forEach((m, i) => {
        const w = crowdInputs[i];
        if (clock < w.next) return;
        w.seed = (Math.imul(w.seed, 1103515245) + 12345) >>> 0;
        const r1 = (w.seed >>> 8) / 16777216;
        w.seed = (Math.imul(w.seed, 1103515245) + 12345) >>> 0;
        const r2 = (w.seed >>> 8) / 16777216;
        w.next = clock + 1.5 + 2.5 * r2;
        const s = m.simulation.position;
        const far = Math.hypot(s.x - w.home.x, s.z - w.home.z) > 6;
        const a = far ? Math.atan2(w.home.x - s.x, w.home.z - s.z) : 2 * Math.PI * r1;
        const speed = r2 < 0.15 ? 0 : r2 < 0.85 ? p.walkSpeed : p.runSpeed;
        w.velocity.x = speed * Math.sin(a);
        w.velocity.z = speed * Math.cos(a);
      });
      return crowdInputs;
    }

    // ---- input ----------------------------------------------------------------------------

    const MOVES = ['w', 'a', 's', 'd', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright'];
    const typing = (e) =>
      e.target instanceof HTMLElement && e.target.closest('input, select, textarea, button');
    function keydown(e) {
      if (!running || typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key.toLowerCase();
      if (MOVES.includes(k)) {
        keys.add(k);
        e.preventDefault();
      }
      if (k === 'shift') keys.add(k);
    }
    const keyup = (e) => keys.delete(e.key.toLowerCase());
    const blur = () => keys.clear();
    document.addEventListener('keydown', keydown);
    document.addEventListener('keyup', keyup);
    addEventListener('blur', blur);
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      const r = box.getBoundingClientRect();
      pointer = {
        id: e.pointerId,
        x0: e.clientX,
        y0: e.clientY,
        x: e.clientX,
        y: e.clientY,
        type: e.pointerType,
      };
      knob.hidden = false;
      knob.style.left = `${e.clientX - r.left}px`;
      knob.style.top = `${e.clientY - r.top}px`;
      knob.style.setProperty('--dx', '0px');
      knob.style.setProperty('--dy', '0px');
      canvas.focus({ preventScroll: true });
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!pointer || e.pointerId !== pointer.id) return;
      pointer.x = e.clientX;
      pointer.y = e.clientY;
    });
    const release = () => {
      pointer = null;
      knob.hidden = true;
    };
    canvas.addEventListener('pointerup', release);
    canvas.addEventListener('pointercancel', release);

    /** The stick (x right, z ahead on the screen, length ≤ 1) and run, from the inputs; its source's name. */
    function readStick() {
      stick.x = stick.z = 0;
      stick.run = keys.has('shift');
      const kx =
        (keys.has('d') || keys.has('arrowright') ? 1 : 0) - (keys.has('a') || keys.has('arrowleft') ? 1 : 0);
      const kz =
        (keys.has('w') || keys.has('arrowup') ? 1 : 0) - (keys.has('s') || keys.has('arrowdown') ? 1 : 0);
      if (kx || kz) {
        const n = Math.hypot(kx, kz);
        stick.x = kx / n;
        stick.z = kz / n;
        return 'keyboard';
      }
      if (pointer) {
        // a stick of 70 px under the finger; pushed to its rim (and beyond) it runs
        const dx = pointer.x - pointer.x0;
        const dz = -(pointer.y - pointer.y0);
        const n = Math.hypot(dx, dz);
        const len = Math.min(1, n / 60);
        if (n > 4) {
          stick.x = (dx / n) * len;
          stick.z = (dz / n) * len;
          stick.run = n > 90;
        }
        const k = Math.min(n, 60) / Math.max(n, 1e-9);
        knob.style.setProperty('--dx', `${dx * k}px`);
        knob.style.setProperty('--dy', `${-dz * k}px`);
        return pointer.type === 'touch' ? 'touch' : 'mouse';
      }
      const pads = navigator.getGamepads ? navigator.getGamepads() : [];
      for (const pad of pads) {
        if (!pad) continue;
        const gx = pad.axes[0] || 0;
        const gz = -(pad.axes[1] || 0);
        const n = Math.hypot(gx, gz);
        if (n > 0.2) {
          const len = Math.min(1, (n - 0.2) / 0.8);
          stick.x = (gx / n) * len;
          stick.z = (gz / n) * len;
          // A (or the right trigger, or the left stick pressed) runs
          stick.run = [0, 7, 10].some((b) => pad.buttons[b]?.pressed);
          return 'gamepad';
        }
      }
      return null;
    }

    /** The desired velocity of the stick: the screen's directions turned into the world by the camera's azimuth. */
    function desired() {
      const source = readStick();
      if (source) {
        idleSince = clock;
        inputName = source;
      } else if (clock - idleSince > IDLE) {
        inputName = 'autopilot';
        autopilot(clock, stick);
      } else inputName = 'none';
      return stickVelocity(stick, stick.run ? p.runSpeed : p.walkSpeed, velocity);
    }

    // ---- the overlay ----------------------------------------------------------------------

    /** World x, z of the trajectory samples of features `f` (character space) from bone 0 at (x, z), heading `yaw`. */
    function trail(f, x, z, yaw, out) {
      let k = 0;
      for (const s of db.trajectory)
        if (!s.direction) {
          const fx = f[s.offset];
          const fz = f[s.offset + 1];
          out[k++] = x + Math.cos(yaw) * fx + Math.sin(yaw) * fz;
          out[k++] = z - Math.sin(yaw) * fx + Math.cos(yaw) * fz;
        }
      out.length = k;
      return out;
    }
    const trails = { query: [], chosen: [] };
    const chosenFeatures = new Float32Array(256);

    /** The trails of the query and of the frame playing, from the character's root. */
    function updateTrails() {
      const pos = controller.positions;
      const r = controller.rotations;
      const yaw = 2 * Math.atan2(r[1], r[3]);
      trail(controller.query, pos[0], pos[2], yaw, trails.query);
      trail(db.features(controller.frame, chosenFeatures), pos[0], pos[2], yaw, trails.chosen);
    }

    /** The best candidates of the last search with their costs by group (once per search), from
     *  the controller's own "why this frame?" (`explain`), as a game's overlay would read them. */
    function candidates() {
      const s = controller.lastSearch;
      if (!s || s === bestOf) return best;
      bestOf = s;
      best = controller.explain({ candidates: 4 })?.candidates ?? [];
      return best;
    }

    /**
     * Microseconds a search takes: the last query searched again REPEATS times from the frame it
     * was searched from, once a second (a browser's clock counts in steps of 5 to 100 µs, too
     * coarse for one search).
     */
    const REPEATS = 32;
    let searchTime = NaN;
    let timedAt = -Infinity;
    function timeSearch() {
      const s = controller.lastSearch;
      if (!s || clock - timedAt < 1) return;
      timedAt = clock;
      const options = { ...controller.settings.search, current: s.from };
      const t0 = performance.now();
      for (let i = 0; i < REPEATS; i++) db.search(controller.query, options);
      searchTime = ((performance.now() - t0) * 1000) / REPEATS;
    }

    /** The locked feet, in words: "left, right", "none", or "off" (foot locking switched off). */
    function lockedFeet() {
      if (!controller.settings.footLocking) return 'off (foot locking is switched off)';
      const names = made.rig.feet;
      const locked = controller.contacts.flatMap((k, i) => (k.lock ? [names[i]] : []));
      return locked.length
        ? `${locked.join(', ')} (${locked.length} of ${names.length})`
        : `none of ${names.length}`;
    }

    /** Switches in the last two seconds, per second. */
    function switchRate() {
      while (switchTimes.length && switchTimes[0] < clock - 2) switchTimes.shift();
      return switchTimes.length / Math.min(2, Math.max(clock, 0.5));
    }

    function drawOverlay(force = false) {
      const now = performance.now();
      if (!force && now - lastOverlay < 100) return;
      lastOverlay = now;
      const ctx = /** @type {CanvasRenderingContext2D} */ (overlay.getContext('2d'));
      const w = overlay.clientWidth;
      const h = overlay.clientHeight;
      const dpr = Math.min(devicePixelRatio || 1, 2);
      if (overlay.width !== Math.round(w * dpr) || overlay.height !== Math.round(h * dpr)) {
        overlay.width = Math.round(w * dpr);
        overlay.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      if (!controller || !w) return;
      ctx.fillStyle = color('paper', 0.85);
      ctx.fillRect(0, 0, w, h);
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'top';
      const ink = palette.ink;
      const muted = palette.muted;
      const s = controller.lastSearch;
      const range = db.rangeOf(controller.frame);
      // a short overlay (an embed, a phone): one line of text and the best candidate only
      const compact = h < 110;
      const rate = `${switchRate().toFixed(1)} switches/s`;
      const cost = `cost ${s ? s.cost.toFixed(2) : '…'}`;
      const locked = controller.contacts.filter((k) => k.lock).length;
      const feet = `${locked} ${locked === 1 ? 'foot' : 'feet'} locked`;
      ctx.fillStyle = ink;
      if (compact) ctx.fillText(`frame ${controller.frame} · ${rate} · ${cost} · ${feet}`, 6, 3, w - 12);
      else {
        ctx.fillText(`frame ${controller.frame} · ${range.name}`, 6, 4, w - 12);
        ctx.fillStyle = muted;
        ctx.fillText(`${rate} · ${searchTime.toFixed(0)} µs a search · ${cost} · ${feet}`, 6, 18, w - 12);
      }
      // the query (orange) against the chosen frame (blue), normalised, float by float, in groups
      const names = groupNames(p.features);
      const groups = db.groups;
      const q = normalize(controller.query);
      const f = db.normalizedFeatures(controller.frame);
      const dims = db.dims;
      const top = compact ? 17 : 36;
      const barH = compact ? 22 : h < 150 ? 26 : 40;
      const gap = 4;
      const unit = (w - 12 - gap * (groups.length - 1)) / dims;
      let x = 6;
      const mid = top + barH / 2;
      ctx.strokeStyle = palette.grid;
      ctx.beginPath();
      ctx.moveTo(6, mid);
      ctx.lineTo(w - 6, mid);
      ctx.stroke();
      const scale = barH / 2 / 3; // ±3 standard deviations fill the band
      groups.forEach((g) => {
        for (let j = g.offset; j < g.offset + g.floats; j++) {
          const bw = Math.max(1, unit / 2 - 0.5);
          bar(ctx, x, mid, bw, q[j] * scale, barH / 2, color(COLORS.implicit));
          bar(ctx, x + unit / 2, mid, bw, f[j] * scale, barH / 2, color(COLORS.exact));
          x += unit;
        }
        x += gap;
      });
      // the best candidates' costs, stacked by feature group
      const list = (candidates() ?? []).slice(0, compact ? 1 : 4);
      const rows = top + barH + 6;
      let keyLines = 1;
      for (let kx = 6, k = 0; k < names.length; k++) {
        const width = 12 + ctx.measureText(names[k]).width;
        if (kx > 6 && kx + width > w - 6) [kx, keyLines] = [6, keyLines + 1];
        kx += width;
      }
      const rowH = Math.max(8, Math.min(14, (h - rows - 5 - 11 * keyLines) / (compact ? 1 : 4)));
      const most = Math.max(1e-9, ...list.map((c) => c.cost));
      ctx.font = `${Math.min(11, Math.floor(rowH + 1))}px system-ui, sans-serif`;
      list.forEach((c, i) => {
        const y = rows + i * rowH;
        ctx.fillStyle = ink;
        ctx.fillText(`${c.frame}`, 6, y, 44);
        let bx = 52;
        const span = w - 52 - 50;
        c.groups.forEach((g, k) => {
          const gw = (Math.max(0, g) / most) * span;
          ctx.fillStyle = GROUP_COLORS[k % GROUP_COLORS.length];
          ctx.fillRect(bx, y + 1, gw, rowH - 3);
          bx += gw;
        });
        ctx.fillStyle = muted;
        ctx.fillText(c.cost.toFixed(2), bx + 4, y, 44);
      });
      // the groups' key, on as many lines as it takes
      ctx.font = '11px system-ui, sans-serif';
      let kx = 6;
      let ky = h - 11 * keyLines - 2;
      names.forEach((name, k) => {
        const width = 12 + ctx.measureText(name).width;
        if (kx > 6 && kx + width > w - 6) [kx, ky] = [6, ky + 11];
        ctx.fillStyle = GROUP_COLORS[k % GROUP_COLORS.length];
        ctx.fillRect(kx, ky + 2, 7, 7);
        ctx.fillStyle = muted;
        ctx.fillText(name, kx + 9, ky);
        kx += width;
      });
    }
    const normalized = new Float32Array(256);
    function normalize(query) {
      const o = db.featureOffsets;
      const s = db.featureScales;
      for (let j = 0; j < db.dims; j++) normalized[j] = s[j] === 0 ? 0 : (query[j] - o[j]) / s[j];
      return normalized;
    }

    // ---- the plots --------------------------------------------------------------------------

    function plotSpeed(q) {
      const pos = { x: 0, y: 0, z: 0 };
      const vel = { x: 0, y: 0, z: 0 };
      const acc = { x: 0, y: 0, z: 0 };
      const want = { x: 0, y: 0, z: 0 };
      speedPlot.reset(0);
      speedPlot.reset(1);
      const end = STICK[STICK.length - 1][0];
      let top = 0;
      let at90 = NaN;
      for (let k = 0; k <= end * RATE; k++) {
        const t = k / RATE;
        want.z = stickSpeed(t, q);
        if (k) simulationPositionUpdate(pos, vel, acc, want, q.simHalflife, 1 / RATE);
        const speed = Math.hypot(vel.x, vel.z);
        speedPlot.add(0, t, want.z);
        speedPlot.add(1, t, speed);
        top = Math.max(top, speed);
        if (Number.isNaN(at90) && t >= 0.5 && speed >= 0.9 * q.walkSpeed) at90 = t - 0.5;
      }
      speedPlot.commit();
      speedPlot.summary(
        `The stick asks for ${q.walkSpeed.toFixed(2)} m/s from 0.5 s, ${q.runSpeed.toFixed(1)} m/s from 2.5 s and a stop ` +
          `at 4 s; the simulation object's velocity follows as a critical spring of halflife ${q.simHalflife.toFixed(2)} s ` +
          `(90 % of the walk after ${at90.toFixed(2)} s, top speed ${top.toFixed(2)} m/s). Its predicted trajectory is ` +
          'what the query asks the database for.',
      );
    }

    function plotCost(q) {
      costPlot.reset(0);
      costPlot.reset(1);
      const cubic = q.features === 'cubic';
      const blend = costOptions(q);
      let most = 0;
      for (let k = 0; k <= STEPS; k++) {
        const v = -V + (2 * V * k) / STEPS;
        const exact = transitionCost(OFFSET, v, { ...blend, measure: 'exact' });
        const feature = transitionCost(OFFSET, v, { ...blend, measure: 'approx' });
        costPlot.add(0, v, exact);
        costPlot.add(1, v, feature);
        most = Math.max(most, exact);
      }
      costPlot.commit();
      costPlot.summary(
        `A switch that leaves a bone ${OFFSET} m and v m/s from the new animation costs the area of the offset the ` +
          (cubic
            ? `cubic inertializer (blend time ${q.blendtime.toFixed(2)} s) blends out`
            : `spring inertializer (halflife ${q.halflife.toFixed(2)} s) decays`) +
          `: up to ${most.toFixed(3)} m·s here. The ` +
          'transition-cost feature, cp·position + cv·velocity, turns that cost into a distance between two frames, ' +
          'so the search ranks candidate frames by what switching to them would cost. The database’s feature is ' +
          (cubic ? `made for a blend time of ${BLENDTIME} s.` : 'made for a halflife of 0.1 s.'),
      );
    }

    // ---- the loop -------------------------------------------------------------------------

    function step(dt) {
      if (!controller) return;
      clock += dt;
      controller.update(dt, { velocity: desired() });
      if (controller.switched) switchTimes.push(clock);
      timeSearch();
      if (crowd) {
        const t0 = performance.now();
        crowd.update(dt, steerCrowd());
        crowdTime.push(performance.now() - t0, crowd.microseconds / 1000);
      }
    }

    function render(dt) {
      if (!controller) return;
      updateTrails();
      if (view && !fig.hidden) view.motion.render(controller, trails, crowd, dt);
      drawOverlay();
    }

    let lastReadout = 0;
    function readouts(now) {
      if (now - lastReadout < 250 || !controller) return;
      lastReadout = now;
      readData(
        `${db.frames.toLocaleString('en')} frames × ${db.dims} features` +
          (rig !== 'reader' || (made.names && mirrorMap(made.names)) ? ', mirrored' : '') +
          (rig === 'cmu'
            ? ' (CMU: data from mocap.cs.cmu.edu, created with funding from NSF EIA-0196217)'
            : ''),
      );
      readSearch(
        Number.isFinite(searchTime)
          ? `${searchTime.toFixed(1)} µs (the last query, ${REPEATS} times)` +
              (crowd
                ? `; the crowd's ${crowd.searches} in one call: ${crowd.microseconds.toFixed(0)} µs`
                : '')
          : '…',
      );
      readCrowd(crowdReadout());
      readSwitches(`${switchRate().toFixed(1)} per second, ${controller.switches} in all`);
      readFeet(lockedFeet());
      readInput(inputName);
      describe();
    }

    function describe() {
      if (!controller) {
        describeView(note.textContent);
        return;
      }
      const range = db.rangeOf(controller.frame);
      const sim = controller.simulation;
      describeView(
        `A ${db.bones}-bone skinned character moved by motion matching over ${db.frames} frames (${rig === 'dance' ? 'the dance card' : rig === 'cmu' ? 'CMU motion capture' : reader.name}), ` +
          `playing frame ${controller.frame} of “${range.name}”; simulation speed ` +
          `${Math.hypot(sim.velocity.x, sim.velocity.z).toFixed(2)} m/s; ${switchRate().toFixed(1)} switches per second; ` +
          `locked feet: ${lockedFeet()}; ` +
          `input: ${inputName}.` +
          (rig === 'cmu' ? ` ${CMU_CREDIT}` : ''),
      );
    }

    function tick(now) {
      if (!running) return;
      requestAnimationFrame(tick);
      const dt = last ? Math.min(0.1, Math.max(0, (now - last) / 1000)) : 1 / 60;
      const interval = last ? now - last : 1000 / 60;
      last = now;
      step(dt);
      if (view) view.gl.resolution.frame(interval, false);
      render(dt);
      readouts(now);
      frames++;
    }

    return {
      draw(next, changed) {
        p = next;
        // a database's stick speeds and switch cost (motion/autopilot.js), when it is chosen, or
        // when the page opens on it with none of them in the URL
        const preset = PRESETS[p.database];
        const given = new URLSearchParams(location.search);
        if (
          preset &&
          (changed ? changed.has('database') : !Object.keys(preset).some((k) => given.has(k))) &&
          Object.entries(preset).some(([k, v]) => p[k] !== v)
        )
          ui.set(preset); // (p is the parameters object: it has them at once)
        const has = (...k) => !changed || k.some((key) => changed.has(key));
        if (has('walkSpeed', 'runSpeed', 'simHalflife')) plotSpeed(p);
        if (has('halflife', 'blendtime', 'features')) plotCost(p);
        loadView();
        overlay.hidden = !p.overlay;
        if (view) view.motion.overlay = p.overlay;
        if (has('database', 'features')) choose();
        // a weight makes the database again (in the worker): once the slider rests, not every step of a drag
        else if (has('wFeet', 'wHips', 'wPath', 'wFacing')) ui.later(choose);
        if (controller) {
          const s = settings();
          for (const c of [controller, ...(crowd ? crowd.characters : [])]) Object.assign(c.settings, s);
          if (has('crowd')) makeCrowd();
          if (rig === 'reader') showExport();
        }
        if (!running) render(0);
        describe();
      },
      loaded: ui.embed ? null : firstDatabase,
      show() {
        if (running) return;
        running = true;
        last = 0;
        requestAnimationFrame(tick);
      },
      hide() {
        running = false;
        keys.clear();
      },
      inspect() {
        const c = controller;
        return {
          failed,
          note: note.hidden ? null : note.textContent,
          webgl: view ? view.gl.name : null,
          // (`kept`: the browser kept it from before; `sample`: the features and pose of its first,
          // middle and last frames, to tell two databases apart)
          database: db
            ? {
                key: dbKey,
                frames: db.frames,
                dims: db.dims,
                bones: db.bones,
                kept: made.kept,
                sample: [0, db.frames >> 1, db.frames - 1].flatMap((f) => [...db.features(f), ...db.pose(f)]),
              }
            : null,
          frames,
          input: inputName,
          keys: [...keys],
          frame: c ? c.frame : -1,
          switches: c ? c.switches : 0,
          lastSearch: c && c.lastSearch ? { frame: c.lastSearch.frame, cost: c.lastSearch.cost } : null,
          searchMicroseconds: searchTime,
          simulation: c ? { ...c.simulation.position } : null,
          velocity: c ? { ...c.simulation.velocity } : null,
          root: c ? Array.from(c.positions.subarray(0, 3)) : null,
          hips: c ? c.positions[4] : NaN, // bone 1's height: the hips of both skeletons
          ankles: c
            ? made.rig.ik.map((name) =>
                Array.from(c.positions.subarray(3 * db.bone(name), 3 * db.bone(name) + 3)),
              )
            : null,
          contacts: c ? c.contacts.map((k) => ({ lock: k.lock, position: { ...k.position } })) : null,
          lockedFeet: c ? lockedFeet() : null,
          switchRate: c ? switchRate() : NaN,
          overlay: !overlay.hidden,
          skinned: view && view.motion.skin ? view.motion.skinCheck(c) : null,
          drawn: view && c ? view.motion.drawn() : null,
          rotations: c ? Array.from(c.rotations.subarray(0, 8)) : null,
          simulationBone: c
            ? { root: Array.from(c.positions.subarray(0, 3)), raw: [c.positions[3], c.positions[5]] }
            : null,
          reader: reader ? { name: reader.name, gltf: !!reader.character } : null,
          exported: exported.hidden ? null : { code: code.textContent, bytes: made.wire.length },
          settings: c ? { ...c.settings } : null,
          crowd: crowd
            ? {
                count: crowd.characters.length,
                searches: crowd.searches,
                frame: crowdFrame(),
                drawn: view && view.motion.crowd ? view.motion.crowd.drawn() : null,
                instanced:
                  view && view.motion.crowd
                    ? {
                        ...view.motion.crowd.check(crowd.positions, crowd.rotations, crowd.bones),
                        triangles: view.gl.renderer.info.render.triangles,
                      }
                    : null,
              }
            : null,
          candidates: best
            ? best.map((b) => ({ frame: b.frame, cost: b.cost, groups: Array.from(b.groups) }))
            : null,
        };
      },
    };
  },
};

/** A bar from the middle line `mid` by `height` (clamped to ±limit) at x, `w` wide. */
function bar(ctx, x, mid, w, height, limit, fill) {
  const hgt = Math.max(-limit, Math.min(limit, height));
  ctx.fillStyle = fill;
  ctx.fillRect(x, hgt > 0 ? mid - hgt : mid, w, Math.max(1, Math.abs(hgt)));
}
