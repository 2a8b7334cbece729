// browser.mjs — the benchmark page's entry, bundled by run.mjs with esbuild; runs the
// same suite as Node and leaves the result in window.__bench.
import * as sprung from '../../dist/index.js';
import * as steps from '../../dist/steps.js';
import * as core from '../../dist/wasm.js';
import { damp } from 'maath/easing/dist/maath-easing.esm.js';
import { spring } from 'motion';
import { runSuite } from './suite.mjs';

const params = new URLSearchParams(location.search);
const sizes = params.get('sizes').split(',').map(Number);
const only = params.get('only')?.split(',');
const log = (line) => {
  document.body.textContent += line + '\n';
  console.log(line);
};

(async () => {
  try {
    await sprung.init();
    const fetchBytes = async (f) => new Uint8Array(await (await fetch(f)).arrayBuffer());
    const bytes = {
      scalar: await fetchBytes('sprung.wasm'),
      simd: await fetchBytes('sprung-simd.wasm'),
      stream: await fetchBytes('stream.wasm'),
    };
    const result = await runSuite({
      sprung,
      steps,
      core,
      bytes,
      damp,
      spring,
      sizes,
      only,
      log,
      now: () => performance.now(),
    });
    window.__bench = { ok: true, result, userAgent: navigator.userAgent };
  } catch (e) {
    window.__bench = { ok: false, error: String((e && e.stack) || e) };
  }
})();
