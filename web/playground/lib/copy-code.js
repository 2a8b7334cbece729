// "Copy as code": complete programs reproducing what the panel runs, in JavaScript,
// TypeScript and C, and the parameters as JSON. A panel may offer several programs (one per
// topic: smoothing, interpolation, resonance...). The text is always visible in a <pre>
// (selectable by hand); the Copy button puts it on the clipboard. Its styles come with it: an
// embed, which never shows the box, fetches neither.
import './copy-code.css';

const LANGS = [
  ['js', 'JavaScript'],
  ['ts', 'TypeScript'],
  ['c', 'C'],
  ['json', 'JSON'],
];

/**
 * @typedef {object} Program
 * @property {string} id      short name, unique in the panel (for tests and the selector)
 * @property {string} title   what it runs
 * @property {string} js      a complete ES module: `node program.mjs` with sprung installed
 * @property {string} ts      the same with types: type-checks under `tsc --strict`
 * @property {string} c       a complete C99 program with a main(), built against c/sprung.h
 * @property {{ plot: number, series: number, cols: number[] }[]} compare   which printed columns
 *   are which plotted points: cols[0] is the point's x, cols[1] its y (tests/e2e/copy_code.mjs)
 * @property {Record<string, number>} [facts]  values the program must print as `# name value`
 *   lines (e.g. the response a solved spring was asked for), checked by the same tests
 */

/**
 * Builds the copy-as-code box into `host`. Returns `update(programs, json)`: cheap when the
 * text is unchanged. The owner may update it lazily (programs are long strings, and need not be
 * rebuilt every frame while a slider moves): `fresh()` is called before the box shows or copies
 * a program, to bring it up to date.
 * @param {HTMLElement} host
 * @param {string} panelName
 * @param {() => void} fresh
 */
export function buildCopyCode(host, panelName, fresh) {
  const box = document.createElement('div');
  box.className = 'code';
  const bar = document.createElement('div');
  bar.className = 'code-bar';
  const title = document.createElement('span');
  title.className = 'code-title';
  title.textContent = 'Copy as code';
  const pick = document.createElement('select');
  pick.id = `${panelName}-program`;
  pick.setAttribute('aria-label', 'Program');
  const tabs = document.createElement('div');
  tabs.setAttribute('role', 'tablist');
  tabs.setAttribute('aria-label', 'Language');
  const pre = document.createElement('pre');
  pre.id = `${panelName}-code`;
  pre.tabIndex = 0;
  pre.setAttribute('role', 'tabpanel');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = 'Copy';
  let lang = 'js';
  /** @type {Program[]} */
  let programs = [];
  let json = '';
  const langTabs = LANGS.map(([id, name]) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.dataset.lang = id;
    tab.textContent = name;
    tab.addEventListener('click', () => {
      lang = id;
      fresh();
      show();
    });
    tabs.append(tab);
    return tab;
  });
  pick.addEventListener('change', () => {
    fresh();
    show();
  });
  bar.append(title, pick, tabs, copy);
  copy.addEventListener('click', async () => {
    fresh();
    try {
      await navigator.clipboard.writeText(pre.textContent || '');
    } catch {
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = getSelection();
      if (selection) {
        selection.removeAllRanges();
        selection.addRange(range);
      }
      document.execCommand('copy');
    }
    copy.textContent = 'Copied';
    setTimeout(() => {
      copy.textContent = 'Copy';
    }, 1200);
  });
  function show() {
    for (const tab of langTabs) tab.setAttribute('aria-selected', String(tab.dataset.lang === lang));
    const program = programs.find((p) => p.id === pick.value) || programs[0];
    const text = lang === 'json' ? json : program ? program[lang] : '';
    if (pre.textContent !== text) pre.textContent = text;
    pre.dataset.lang = lang;
    pre.dataset.program = program ? program.id : '';
  }
  box.append(bar, pre);
  host.append(box);
  return (
    /** @param {Program[]} next @param {string} nextJson */
    (next, nextJson) => {
      const ids = next.map((p) => `${p.id}:${p.title}`).join('|');
      if (ids !== programs.map((p) => `${p.id}:${p.title}`).join('|')) {
        const keep = pick.value;
        pick.replaceChildren(...next.map((p) => new Option(p.title, p.id)));
        if (next.some((p) => p.id === keep)) pick.value = keep;
        pick.hidden = next.length < 2;
      }
      programs = next;
      json = nextJson;
      show();
    }
  );
}
