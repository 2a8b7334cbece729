// Redraw coalescing: any number of requests between two frames give one redraw, run in
// requestAnimationFrame. The time spent in each redraw is recorded (a ring of the last
// 600) so that smoothness can be measured from outside (tests, the console).

/** Recent redraw durations in ms, newest last (at most 600). */
export const drawTimes = [];

/** Returns `request()`, which schedules one call of `draw()` in the next animation frame. */
export function coalesce(draw) {
  let pending = false;
  function run() {
    pending = false;
    const t0 = performance.now();
    draw();
    drawTimes.push(performance.now() - t0);
    if (drawTimes.length > 600) drawTimes.shift();
  }
  return function request() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(run);
  };
}

/** Returns `schedule()`, which calls `fn()` once, `ms` after the last call of schedule. */
export function debounce(fn, ms) {
  let timer = 0;
  return function schedule() {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}
