// "Copy as code": the current parameters as a TypeScript snippet, a C snippet, or JSON.
// The snippet is always visible in a <pre> (selectable by hand), and the Copy button
// puts it on the clipboard.

const LANGS = [
  ['ts', 'TypeScript'],
  ['c', 'C'],
  ['json', 'JSON'],
];

/** A float as a C literal: `0.25f`, `2.0f`. */
export function cf(value) {
  const text = String(Number(value.toPrecision(6)));
  return /[.e]/.test(text) ? `${text}f` : `${text}.0f`;
}

/** A number as a TypeScript literal, without float noise. */
export function tsn(value) {
  return String(Number(value.toPrecision(6)));
}

/**
 * Builds the copy-as-code box into `host`. Returns `update(snippets)` where snippets is
 * `{ ts, c, json }`: cheap when the text is unchanged.
 */
export function buildCopyCode(host, panelName) {
  const box = document.createElement('div');
  box.className = 'code';
  const bar = document.createElement('div');
  bar.className = 'code-bar';
  bar.setAttribute('role', 'tablist');
  bar.setAttribute('aria-label', 'Copy as code');
  const title = document.createElement('span');
  title.className = 'code-title';
  title.textContent = 'Copy as code';
  bar.append(title);
  const pre = document.createElement('pre');
  pre.id = `${panelName}-code`;
  pre.tabIndex = 0;
  pre.setAttribute('role', 'tabpanel');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = 'Copy';
  let lang = 'ts';
  let snippets = { ts: '', c: '', json: '' };
  const tabs = LANGS.map(([id, name]) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.dataset.lang = id;
    tab.textContent = name;
    tab.addEventListener('click', () => {
      lang = id;
      show();
    });
    bar.append(tab);
    return tab;
  });
  bar.append(copy);
  copy.addEventListener('click', async () => {
    const text = snippets[lang];
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(pre);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand('copy');
    }
    copy.textContent = 'Copied';
    setTimeout(() => {
      copy.textContent = 'Copy';
    }, 1200);
  });
  function show() {
    for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.lang === lang));
    if (pre.textContent !== snippets[lang]) pre.textContent = snippets[lang];
    pre.dataset.lang = lang;
  }
  box.append(bar, pre);
  host.append(box);
  return (next) => {
    snippets = next;
    show();
  };
}
