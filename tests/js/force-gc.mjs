// force-gc.mjs — preloaded with `node --expose-gc --import` by ./build.sh test: collects
// garbage every few milliseconds while the class tests run, so that FinalizationRegistry
// callbacks run between their creates, disposes and updates, as they may in a long game.
if (typeof globalThis.gc !== 'function') throw new Error('force-gc.mjs needs node --expose-gc');
setInterval(() => globalThis.gc(), 5).unref();
