// consumer.mjs — pieces shared by the packaging tests: the packed tarball installed (offline)
// into a throwaway consumer project, a static server and Chromium for bundles, gzip sizes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { launch } from '../e2e/harness.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Gzipped size (level 9) in bytes. */
export const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

export const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Packs dist/ as it is (the test run has just built it: prepack would build it again) and
 * installs the tarball into a new consumer project, offline (sprung has no dependencies);
 * `links` are packages of this repository's node_modules linked into the consumer.
 * Returns { work, app, tarball, files (the tarball's paths, without package/), remove }.
 */
export function consumer(links = []) {
  const work = mkdtempSync(join(tmpdir(), 'sprung-consumer-'));
  const app = join(work, 'app');
  const name = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], ROOT).trim();
  const tarball = join(work, name.split('\n').pop());
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  for (const link of links) {
    mkdirSync(join(app, 'node_modules', link, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', link), join(app, 'node_modules', link));
  }
  const files = run('tar', ['tzf', tarball], work)
    .trim()
    .split('\n')
    .map((f) => f.replace(/^package\//, ''));
  return { work, app, tarball, files, remove: () => rmSync(work, { recursive: true, force: true }) };
}

/**
 * A strict TypeScript project without the DOM lib, skipLibCheck off, in `dir`: a package.json
 * of `type` ('module' or 'commonjs'), the compiler `options` (module, moduleResolution, types,
 * outDir or noEmit) and main.ts holding `source`, compiled with the `tsc` script given (a path).
 */
export function typescript(dir, tsc, type, options, source) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2020',
        lib: ['ES2020'],
        types: [],
        skipLibCheck: false,
        ...options,
      },
      include: ['main.ts'],
    }),
  );
  writeFileSync(join(dir, 'main.ts'), source);
  run(process.execPath, [tsc, '-p', dir], dir);
}

/** esbuild --bundle --minify of `source`, resolved from `dir`; returns the bundle's text. */
export function bundle(dir, source, external = []) {
  const out = esbuild.buildSync({
    stdin: { contents: source, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external,
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

/**
 * A static server of `dir` on loopback and Chromium. `page(script)` loads the ES module
 * script (a path under dir) in a fresh page and resolves to window.__result once set (20 s at
 * most), failing on any page error. `close()` ends both.
 */
export async function browser(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    try {
      const path = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(readFileSync(path));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const chromium = await launch();
  return {
    async page(script) {
      const html = `${script.replace(/\W/g, '_')}.html`;
      writeFileSync(
        join(dir, html),
        `<!doctype html><meta charset=utf-8><script type=module src="${script}"></script>`,
      );
      const p = await chromium.context.newPage();
      const errors = [];
      p.on('pageerror', (e) => errors.push(e.message));
      try {
        await p.goto(`${origin}/${html}`);
        await p.waitForFunction(() => window.__result !== undefined, null, { timeout: 20000 });
        if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
        return await p.evaluate(() => window.__result);
      } finally {
        await p.close();
      }
    },
    async close() {
      await chromium.close();
      server.close();
    },
  };
}
