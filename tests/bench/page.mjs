// page.mjs — runs a bundled benchmark script in headless Chromium (Debian's, the e2e flags):
// serves it on loopback under a blank page, forwards its console, and returns what it leaves in
// window.__bench ({ ok, result, userAgent } or { ok: false, error }); and bundles its script.
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import os from 'node:os';
import * as esbuild from 'esbuild';

/** Bundles `entry` for the page into `outfile`; the Node imports of shared fixtures (files,
 *  child processes), which the page never reaches, become empty modules. `plugins`: esbuild's,
 *  run first (a resolver of the package's own name, say). */
export async function bundle(entry, outfile, plugins = []) {
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    outfile,
    logLevel: 'error',
    plugins: [
      ...plugins,
      {
        name: 'no-node',
        setup(b) {
          b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'no-node' }));
          b.onLoad({ filter: /.*/, namespace: 'no-node' }, () => ({ contents: 'module.exports = {};' }));
        },
      },
    ],
  });
}

/** Runs the bundle at `script` in a fresh profile (with `files`, URL path → file path, served
 *  beside it: a worker's bundle); resolves to `{ ...result, userAgent }`. */
export async function runPage(script, title, files = {}) {
  const html = `<!doctype html><meta charset=utf-8><title>${title}</title><link rel=icon href="data:,"><script type=module src=bench.js></script>\n`;
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else if (path === '/bench.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(script));
    else if (files[path])
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(files[path]));
    else res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = await import('playwright-core');
  const userDataDir = join(os.tmpdir(), `sprung-bench-${process.pid}`);
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('console', (m) => console.log(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__bench, null, { timeout: 30 * 60e3, polling: 500 });
    const r = await page.evaluate(() => window.__bench);
    if (!r.ok) throw new Error(r.error);
    return { ...r.result, userAgent: r.userAgent };
  } finally {
    await browser.close();
    server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
