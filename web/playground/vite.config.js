// Vite config of the playground. `sprung` resolves to the built package (dist/index.js),
// so the playground runs exactly what `npm install sprung` gives; `./build.sh build` first.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: here,
  base: './', // relative asset URLs: the built files work from any folder of any static host
  cacheDir: `${repo}build/vite-cache`, // not node_modules/.vite: node_modules may be shared
  // build/data/ is served and copied beside the site: the motion panel's CMU motion capture
  // (cmu/*.bvh, fetched by build.sh, never in git); a build without it still works (the panel says so).
  publicDir: `${repo}build/data`,
  // (sprung/no-embed: the motion panel's worker, which runs the page's compiled module)
  resolve: {
    alias: [
      { find: /^sprung$/, replacement: `${repo}dist/index.js` },
      { find: /^sprung\/no-embed$/, replacement: `${repo}dist/no-embed/no-embed.js` },
      // the package's everyday pieces, which no page of the playground loads (lib/no_everyday.js)
      { find: /^\.\.?\/pieces\/\w+\.js$/, replacement: `${here}lib/no_everyday.js` },
    ],
  },
  server: { port: 5173, fs: { allow: [repo] } },
  preview: { port: 4173 },
  // Each panel is its own chunk (panels/index.js imports them on demand), named panel-NAME-hash.js
  // (the library has modules of the same names). The library's loader (with the stand-in of the
  // everyday pieces), its full module, Chart.js with the playground's adapter (lib/chart.js) and
  // three.js's core get a chunk each, shared by all panels and cached once for every embed of a page (a
  // static host's cache headers let an article's embeds fetch each once: tests/e2e/embeds.test.mjs). The heatmaps
  // (lib/heatmap.js) and the stage (lib/stage.js) are chunks of their own, fetched only with a
  // panel that uses them (its registry entry's `uses`); so are three.js's glTF loader and
  // exporter, fetched only when the reader brings or makes a character.
  // The motion panel's databases are made in a module worker (motion/database_worker.js).
  worker: { format: 'es' },
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // every browser that runs the playground's ES2022 preloads modules itself: no polyfill
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          /[\\/]playground[\\/]lib[\\/](theme|controls|frame|url-state)\.js$|vite\/preload-helper/.test(id)
            ? 'shell'
            : /[\\/]dist[\\/](wasm|embedded|inflate)\.js$|[\\/]lib[\\/]no_everyday\.js$/.test(id)
              ? 'sprung-wasm'
              : /[\\/]dist[\\/](full|wasm-binary)\.js$/.test(id)
                ? 'sprung-full'
                : /[\\/]node_modules[\\/](chart\.js|@kurkle)[\\/]|[\\/]playground[\\/]lib[\\/](chart|legend)\.js$/.test(
                      id,
                    )
                  ? 'chart'
                  : /[\\/]node_modules[\\/]three[\\/]build[\\/]/.test(id)
                    ? 'three'
                    : undefined,
        // (A panel's chunk may have no facade module: when the modules it loads later share some
        // of its modules, as pose3d's 3D view does, the chunk exports more than the panel.)
        // A panel's "Copy as code" module (code/NAME.js) is a chunk of its own, code-NAME-hash.js,
        // which an embed never fetches.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /[\\/]playground[\\/]code[\\/]/.test(chunk.facadeModuleId)
            ? 'assets/code-[name]-[hash].js'
            : chunk.moduleIds.some((id) => /[\\/]playground[\\/]panels[\\/]/.test(id))
              ? 'assets/panel-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
      },
    },
  },
});
