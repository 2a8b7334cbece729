// The still of a heavy panel's first figure, shown by an embed until the reader asks for the
// live panel: an article with a 3D panel embedded below the fold costs its reader the shell and
// a picture, not the library, Chart.js and three.js, until the figure scrolls into view or is
// clicked. The still is a real image of the figure, drawn on a 2-D canvas by the panel's still
// module (its registry entry's `still`, see panels/index.js) for the embed's own parameters, in
// the page's theme, at the live figure's size.
import { onTheme } from './theme.js';

/**
 * @typedef {object} StillModule   the default export of a panel's still module
 * @property {string} caption       the live figure's caption
 * @property {string} [cls]         the live figure's classes (its size comes with them)
 * @property {string} [layout]      the panel's layout class (panel.layout)
 * @property {(canvas: HTMLCanvasElement, search: URLSearchParams) => void} draw
 *   draws the still into `canvas` (sized by CSS: lib/canvas.js fitCanvas) for the URL's parameters
 */

/**
 * Shows the still of panel `entry`'s first figure in `host` (an embed's <main>). Resolves to
 * `{ asked, remove }`: `asked` resolves when the reader asks for the live panel (the figure comes
 * into view in the reader's window, or is clicked, or its button pressed); `remove()` takes the
 * still away once the live panel is in its place.
 * @param {{ name: string, title: string, still: () => Promise<{ default: StillModule }> }} entry
 * @param {HTMLElement} host
 * @param {URLSearchParams} search
 */
export async function showStill(entry, host, search) {
  const { default: still } = await entry.still();
  const section = document.createElement('section');
  section.className = 'panel still';
  section.id = `still-${entry.name}`;
  const body = document.createElement('div');
  body.className = 'panel-body';
  const plots = document.createElement('div');
  plots.className = `plots ${still.layout || ''}`;
  const hero = document.createElement('div');
  hero.className = 'hero';
  const fig = document.createElement('figure');
  fig.className = `plot canvas ${still.cls || ''}`;
  const cap = document.createElement('figcaption');
  cap.textContent = still.caption;
  const legend = document.createElement('div');
  legend.className = 'legend';
  const box = document.createElement('div');
  box.className = 'plot-box raw';
  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${still.caption}: a still picture until the live view loads`);
  const start = document.createElement('button');
  start.type = 'button';
  start.className = 'still-start';
  start.textContent = '▶ Start the live view';
  box.append(canvas, start);
  fig.append(cap, legend, box);
  hero.append(fig);
  plots.append(hero);
  body.append(plots);
  const foot = document.createElement('p');
  foot.className = 'embed-foot';
  const link = document.createElement('a');
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = `${entry.title} — open in the sprung playground ↗`;
  const full = new URLSearchParams(search);
  for (const key of ['embed', 'figure', 'controls']) full.delete(key);
  link.href = `${location.pathname}?${full}`;
  foot.append(link);
  section.append(body, foot);
  host.append(section);
  document.body.dataset.still = '1';

  const draw = () => still.draw(canvas, search);
  draw();
  const resize = new ResizeObserver(draw);
  resize.observe(box);
  const unTheme = onTheme(draw);

  /** @type {(value?: unknown) => void} */
  let ask = () => {};
  const asked = new Promise((resolve) => (ask = resolve));
  const go = () => {
    start.disabled = true;
    start.textContent = 'Loading the live view…';
    seen.disconnect();
    ask();
  };
  start.addEventListener('click', go);
  canvas.addEventListener('click', go);
  // In view in the reader's window (an iframe's observer sees the top page's viewport).
  const seen = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) go();
  });
  seen.observe(canvas);
  return {
    asked,
    remove() {
      resize.disconnect();
      unTheme();
      section.remove();
      delete document.body.dataset.still;
    },
  };
}
