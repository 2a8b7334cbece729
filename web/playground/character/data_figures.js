// The character panel's figures below foot locking: CMU's motion capture played back with the
// character entity on the ground, the simulation bone made procedurally, and the distributions
// of the animation data's and the simulation object's movements. This module wires them to the
// data the worker makes (character/data.js): the panel imports it when the figures come near
// the view, so that an embed showing the first figures fetches none of it, and the data (CMU's
// motion capture, 5 MB of text, and seconds of work) is asked for only when they come within half
// a screen of the view, in the full playground too: a reader who never scrolls to them pays nothing.
import { motionData } from './data.js';
import { distributions } from './distributions.js';
import { playback } from './playback.js';
import { drawSimulationBone, noSimulationBone } from './simulation_bone.js';

/**
 * The figures, in the panel's plots and canvas: `view` (the playback's canvas figure), `map` and
 * `heading` (the simulation bone), `strands` and `hists` (the distributions).
 * @param {{ view: any, map: any, heading: any, strands: any, hists: any[] }} figures
 */
export function dataFigures({ view, map, heading, strands, hists }) {
  const spread = distributions(strands, hists);
  const player = playback(view, (t) => heading.cursor(t));
  /** @type {import('./data.js').MotionData | null} */
  let motion = null;
  let asked = '';
  let error = '';
  let params = null;
  /** Whether the figures came near the view (the data is then asked for). */
  let near = false;
  /** @type {(value?: unknown) => void} */
  let arrived = () => {};
  /** Resolves once the first data is drawn. */
  const first = new Promise((resolve) => (arrived = resolve));
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      near = true;
      if (params) load(params);
    },
    { rootMargin: '50% 0px' },
  );
  for (const figure of [view.fig, map.figure, heading.figure, strands.figure, ...hists.map((h) => h.figure)])
    seen.observe(figure);
  const waiting =
    'CMU’s motion capture (subject 1, takes 01_01 and 01_03) and the dance card load when these figures come near the view.';
  player.show(null, waiting);
  noSimulationBone(map, heading, waiting);
  // a note over each plot while its data is on the way (or why it is missing)
  const notes = [map, heading, strands, ...hists].map((plot) => {
    const note = document.createElement('p');
    note.className = 'plot-note';
    note.textContent = 'loading the animation data…';
    plot.figure.querySelector('.plot-box').append(note);
    return note;
  });
  /** Shows `text` on the plots (the simulation bone's only: the others draw the simulation object meanwhile). */
  const noteAll = (text) =>
    notes.forEach((note, k) => {
      note.textContent = text;
      note.hidden = !text || (k > 1 && !!motion);
    });

  /** The take `p.take` in the playback and the simulation bone's figures. */
  function showTake(p) {
    const take = motion?.cmu.find((t) => t.name === p.take) || null;
    const why =
      error || motion?.cmuError || 'CMU’s motion capture (subject 1, takes 01_01 and 01_03) is loading…';
    player.show(take, why);
    if (take && motion) drawSimulationBone(map, heading, take, motion.windows);
    else noSimulationBone(map, heading, why);
  }

  /**
   * Asks the worker for the data with the smoothing windows of `p` (unless they are the ones asked
   * last, or the figures have not come near the view yet).
   */
  async function load(p) {
    if (!near) return;
    const windows = /** @type {[number, number]} */ ([p.positionWindow, p.directionWindow]);
    const key = windows.join();
    if (key === asked) return;
    asked = key;
    try {
      const next = await motionData(windows);
      if (asked !== key) return; // newer windows were asked for meanwhile
      motion = next;
      error = '';
      spread.data(motion);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      asked = ''; // asked again next time
    }
    showTake(params);
    const missing =
      error || (motion && !motion.cmu.some((t) => t.name === params.take) ? motion.cmuError : '');
    noteAll(missing || '');
    arrived();
  }

  return {
    /** The simulation object's distributions for the panel's parameters `p` (a minute of simulation). */
    simulation(p) {
      params = p;
      spread.draw(p);
    },
    /** Shows the take `p.take` (the data as last loaded). */
    take(p) {
      params = p;
      if (motion) showTake(p);
    },
    /**
     * Asks the worker for the data with the smoothing windows of `p` once the figures are near.
     * @param {any} p
     */
    load(p) {
      params = p;
      load(p);
    },
    /** Resolves once the animation data is first drawn (the figures came near the view). */
    loaded: first,
    start: () => player.start(),
    stop: () => player.stop(),
    /** State for the tests. */
    inspect() {
      return {
        playback: player.inspect(),
        windows: motion ? motion.windows : null,
        dance: motion ? motion.dance.map((c) => ({ name: c.name, frames: c.root.length / 3 })) : null,
        cmu: motion ? motion.cmu.map((t) => ({ name: t.name, frames: t.root.length / 3 })) : null,
        cmuError: motion?.cmuError ?? (error || null),
        near,
      };
    },
  };
}
