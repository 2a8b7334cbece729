// The property tests (fast-check) run on a fixed seed, so that a commit gives the same result
// on every machine and a green local run is a green CI run, like the deterministic fuzz run.
// SPRUNG_SEED=<n> replays a seed; SPRUNG_SEED=random explores new inputs (the seed is printed,
// so a failure can be replayed and turned into a regression test).
import fc from 'fast-check';

const env = process.env.SPRUNG_SEED;
const seed = env === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(env ?? 20261123);
if (!Number.isInteger(seed)) throw new Error(`SPRUNG_SEED must be an integer or "random", got ${env}`);
fc.configureGlobal({ seed });
if (env === 'random') console.log(`fast-check seed: SPRUNG_SEED=${seed}`);
