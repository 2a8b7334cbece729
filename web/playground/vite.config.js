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
  resolve: { alias: { sprung: `${repo}dist/index.js` } },
  server: { port: 5173, fs: { allow: [repo] } },
  preview: { port: 4173 },
  // Each panel is its own chunk (panels/index.js imports them on demand), named panel-NAME-hash.js
  // (the library has modules of the same names); the library's loader and its embedded WASM get a
  // chunk of their own, shared by all panels and cached once.
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        manualChunks: (id) => (/[\\/]dist[\\/]wasm(-binary)?\.js$/.test(id) ? 'sprung-wasm' : undefined),
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && /[\\/]playground[\\/]panels[\\/]/.test(chunk.facadeModuleId)
            ? 'assets/panel-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
