// Shared pieces of the end-to-end tests: a tiny static file server on loopback, and
// Debian's Chromium driven by playwright-core with a fresh profile and no network.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { PANELS as REGISTRY } from '../../web/playground/panels/index.js';

export { REGISTRY };

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The static build of the playground (`vite build`, done by build.sh before these tests). */
export const SITE = join(ROOT, 'web/playground/dist');
export const SHOTS = join(ROOT, 'tests/e2e/screenshots');
/**
 * The names of the playground's panels, in the order of its navigation: its own registry
 * (web/playground/panels/index.js), so that a panel registered there is tested by every e2e file.
 */
export const PANELS = REGISTRY.map((panel) => panel.name);
/** The site is served under a sub-folder, as a static host would: relative URLs must hold. */
export const PREFIX = '/some/sub/folder/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * The README's host-page snippet: resizes every iframe whose page posts
 * { type: 'sprung:height', height } to that height.
 */
export const HOST_SNIPPET = `addEventListener('message', (e) => {
  if (!e.data || e.data.type !== 'sprung:height') return;
  for (const frame of document.querySelectorAll('iframe'))
    if (frame.contentWindow === e.source) frame.style.height = e.data.height + 'px';
});`;

/**
 * Serves `site` (default SITE, the playground's build) under PREFIX on 127.0.0.1 at a free port,
 * and `pages` ({ '/path': html }) at their paths (plain host pages for embeds). Resolves to
 * { origin, base, close, requests }: `requests` lists every file served as { path, bytes, gzip }
 * (gzip: its size compressed, as a static host with gzip sends it). As a static host configured
 * for Vite's output does, it lets browsers keep the files of assets/ (their names change with
 * their content) and revalidate the rest.
 */
export async function serveSite(pages = {}, site = SITE) {
  const requests = [];
  const gzipped = new Map();
  if (!existsSync(join(site, 'index.html'))) {
    throw new Error(
      `${site}/index.html is missing: run \`npx vite build --config web/playground/vite.config.js\` (./build.sh test does)`,
    );
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (pages[path]) {
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end(pages[path]);
      return;
    }
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(site, path.slice(PREFIX.length)));
    if (!file.startsWith(site)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = readFileSync(file);
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }).length);
    requests.push({ path: path.slice(PREFIX.length), bytes: body.length, gzip: gzipped.get(file) });
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] || 'application/octet-stream',
      'cache-control': /^assets\//.test(path.slice(PREFIX.length))
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    base: `${origin}${PREFIX}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/** The flags every headless Chromium of the project's tests and benches runs with. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches headless Chromium with a fresh temporary profile. Every non-loopback request is
 * refused: by Playwright's request routing, or with `{ httpCache: true }` by a host resolver that
 * knows 127.0.0.1 only (routing turns Chromium's HTTP cache off, which a test of what a page
 * fetches once needs on).
 * @param {{ httpCache?: boolean }} [options]
 */
export async function launch({ httpCache = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'sprung-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      ...CHROMIUM_FLAGS,
      ...(httpCache ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] : []),
    ],
  });
  if (!httpCache)
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      return hostname === '127.0.0.1' ? route.continue() : route.abort();
    });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: serves the built playground and launches Chromium before its tests, and
 * closes both after them. The returned object holds `site` and `browser` once tests run.
 */
export function usePlayground() {
  const env = { site: undefined, browser: undefined };
  before(async () => {
    env.site = await serveSite();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/**
 * Opens `url` in a new page and waits for the playground to be ready (at most `ready` ms: a
 * wait, not a measure of speed; the motion panel's first database, made in a worker, takes 5 s
 * alone and three times that at a load of 6, as CI's machine can have).
 * `page.problems` collects console errors and warnings, uncaught exceptions and failed requests.
 */
export async function openPage(context, url, viewport, { ready = 60000 } = {}) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.problems = [];
  page.on('console', (m) => {
    // With --disable-gpu the compositor reads WebGL canvases back, which ANGLE reports as a
    // performance hint ("GPU stall due to ReadPixels"): a property of this setup, not of the page.
    if (
      m.type() === 'warning' &&
      /^\[\.WebGL-[^\]]*\]GL Driver Message \(OpenGL, Performance,/.test(m.text())
    )
      return;
    if (m.type() === 'error' || m.type() === 'warning')
      page.problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => page.problems.push(`requestfailed: ${r.url()}`));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: ready });
  await nextFrames(page, 2);
  return page;
}

/**
 * Waits until `requests` (a served site's list) has had nothing new for `ms` (at most `timeout`):
 * a 3D panel is ready before its view loads three.js, so what it fetches is counted once the
 * network is quiet.
 */
export async function quiet(requests, ms = 1500, timeout = 60000) {
  const end = Date.now() + timeout;
  let seen = requests.length,
    since = Date.now();
  while (Date.now() - since < ms && Date.now() < end) {
    await new Promise((done) => setTimeout(done, 100));
    if (requests.length !== seen) [seen, since] = [requests.length, Date.now()];
  }
}

/**
 * Empties the Cache Storage of the served site `site` in the browser `context` (the motion panel
 * keeps the databases it made there): what a page loads next is what a reader's first visit loads.
 */
export async function firstVisit(context, site) {
  const page = await context.newPage();
  await page.goto(`${site.origin}/blank`); // (a page of the origin: its 404)
  await page.evaluate(() => caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))));
  await page.close();
}

/** Waits for `n` animation frames in the page (redraws are coalesced into frames). */
export function nextFrames(page, n) {
  return page.evaluate(
    (count) =>
      new Promise((done) => {
        const step = (k) => (k === 0 ? done() : requestAnimationFrame(() => step(k - 1)));
        step(count);
      }),
    n,
  );
}

/** Writes a PNG screenshot of the page to tests/e2e/screenshots/NAME.png. */
export async function screenshot(page, name, options = {}) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), ...options });
}

/** The read-outs of the panels shown: { label: text }. */
export function readouts(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('section.panel:not([hidden]) .readouts > div')].map((d) => [
        d.firstChild.textContent,
        d.lastChild.textContent,
      ]),
    ),
  );
}

/** True when the two plotted data sets (lists of series of numbers) differ anywhere. */
export function differs(a, b) {
  return JSON.stringify(a) !== JSON.stringify(b);
}
