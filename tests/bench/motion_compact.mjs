// motion_compact.mjs — the compact database format (issue 31 item 3) by the figures: the bytes
// of toBytes() and of toBytes({ compact: true }) as served (gzip -9, brotli at quality 11), and
// the time to a database by building it, by fromBytes of toBytes() and by fromBytes of the
// compact bytes, median of `--runs` (default 5) interleaved runs, in Node and in headless
// Chromium (the page's thread), for the playground's dance card (mirrored, the plain features,
// contacts) and CMU's two takes as the README builds them. Printed; not a test (the aims are
// asserted in tests/js/motion_compact.test.mjs). Needs a built dist/.
//   node tests/bench/motion_compact.mjs [--runs 5] [--no-browser]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import os from 'node:os';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import * as sp from '../../dist/index.js';
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';
import { databases, loadTimes, median } from './motion_compact_suite.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 5);
await sp.init();

let cmuTexts = null;
try {
  cmuTexts = ['01_01.bvh', '01_03.bvh'].map((f) => readFileSync(join(root, 'build/data/cmu', f), 'utf8'));
} catch {
  console.log('CMU: build/data/cmu/ holds no takes (./build.sh build fetches them); skipped');
}

console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; Node ${process.version}; median of ${runs} interleaved runs`,
);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
const served = (b) => ({
  gzip: gzipSync(b, { level: 9 }).length,
  brotli: brotliCompressSync(b, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
  }).length,
});
const line = (name, where, t) =>
  console.log(
    `${name}, ${where}: build ${median(t.build).toFixed(0)} ms, fromBytes ${median(t.bytes).toFixed(0)} ms, ` +
      `compact ${median(t.compact).toFixed(0)} ms (compact / build ${(median(t.compact) / median(t.build)).toFixed(2)}, ` +
      `compact / fromBytes ${(median(t.compact) / median(t.bytes)).toFixed(2)})`,
  );

for (const [name, [data, options]] of Object.entries(databases(sp, cmuTexts))) {
  const db = new sp.MotionDatabase(data, options);
  const bytes = db.toBytes();
  const t0 = performance.now();
  const compact = db.toBytes({ compact: true });
  const encode = performance.now() - t0;
  const [a, b] = [served(bytes), served(compact)];
  console.log(
    `${name} (${db.frames} frames, ${db.bones} bones): toBytes ${mb(bytes.length)} (gzip -9 ${mb(a.gzip)}, brotli ${mb(a.brotli)}); ` +
      `compact ${mb(compact.length)} (gzip -9 ${mb(b.gzip)}, brotli ${mb(b.brotli)}, made in ${encode.toFixed(0)} ms): ` +
      `${(a.gzip / b.gzip).toFixed(1)}× smaller gzipped, ${(a.brotli / b.brotli).toFixed(1)}× brotli, ` +
      `${(bytes.length / b.gzip).toFixed(0)}× smaller than toBytes() unserved`,
  );
  db.dispose();
  line(name, 'Node', loadTimes(sp, data, options, runs));
}

if (!args.includes('--no-browser')) {
  const { outputFiles } = await esbuild.build({
    stdin: {
      contents: `import * as sp from 'sprung';
        import { databases, loadTimes } from './tests/bench/motion_compact_suite.mjs';
        window.__run = async (cmuTexts, runs) => {
          await sp.init();
          const out = {};
          for (const [name, [data, options]] of Object.entries(databases(sp, cmuTexts)))
            out[name] = loadTimes(sp, data, options, runs);
          return out;
        };`,
      resolveDir: root,
    },
    bundle: true,
    format: 'iife',
    write: false,
    alias: { sprung: join(root, 'dist/index.js') },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>compact</title>');
    await page.addScriptTag({ content: outputFiles[0].text });
    const result = await page.evaluate(([t, r]) => window.__run(t, r), [cmuTexts, runs]);
    for (const [name, t] of Object.entries(result)) line(name, `Chromium ${browser.version()}`, t);
  } finally {
    await browser.close();
  }
}
