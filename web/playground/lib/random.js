// A small seeded random generator (mulberry32), so that noisy signals and jittery frame
// times are the same on every load and in every shared link.

/** Returns a function giving uniform numbers in [0, 1), the same sequence for the same seed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
