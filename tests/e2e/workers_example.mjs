// workers_example.mjs — the reference's example of a crowd split over Web Workers (docs/API.md,
// "A crowd over Web Workers"), made runnable in headless Chromium: its two blocks of code (the
// worker, then the page) as written, bundled with the built package ('sprung' and
// 'sprung/no-embed' resolved to dist/ as package.json exports them) and served on loopback
// with a database's bytes. Used by tests/e2e/workers.test.mjs (which runs the example) and
// tests/bench/motion_workers.mjs (which times its worker, one against two).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../bench/page.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The example's code: `{ worker, page }`, the two ```js blocks under its heading in docs/API.md. */
export function workersExample() {
  const reference = readFileSync(join(ROOT, 'docs/API.md'), 'utf8');
  const at = reference.indexOf('### A crowd over Web Workers');
  if (at < 0) throw new Error('docs/API.md has no section "A crowd over Web Workers"');
  const section = reference.slice(at, reference.indexOf('\n### ', at + 1));
  const blocks = [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  if (blocks.length !== 2) throw new Error(`the workers section has ${blocks.length} js blocks, not 2`);
  return { worker: blocks[0], page: blocks[1] };
}

/** Bundles `entry` (a file) into `outfile` for the browser, 'sprung…' resolved to the built dist/. */
export async function bundleExample(entry, outfile) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const sprung = {
    name: 'sprung',
    setup(b) {
      b.onResolve({ filter: /^sprung(\/[\w-]+)?$/ }, (a) => ({
        path: join(ROOT, pkg.exports['.' + a.path.slice('sprung'.length)].import.default),
      }));
    },
  };
  await bundle(entry, outfile, [sprung]);
}

/** Serves `files` (URL path → file path) on loopback, `/` a blank page loading `/page.js` as a
 *  module; resolves to `{ url, close }`. */
export async function serveExample(files) {
  const html =
    '<!doctype html><meta charset=utf-8><title>sprung workers</title><link rel=icon href="data:,">' +
    '<script type=module src=page.js></script>\n';
  const types = { js: 'text/javascript', bin: 'application/octet-stream' };
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else if (files[path])
      res.writeHead(200, { 'content-type': types[path.split('.').pop()] }).end(readFileSync(files[path]));
    else res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}
