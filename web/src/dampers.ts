/**
 * The exact damper of Spring-It-On. Its frame-rate dependent ancestors (`damper`,
 * `damperBad`, `damperExponential`, `damperImplicit`) and `damperDecayExact` take and
 * return numbers only: their wrappers are generated from the header (gen/scalar.ts).
 * @packageDocumentation
 */
import { damperStep } from './steps.js';
import { check, initialized, isNum, isTime } from './check.js';
import * as S from './gen/specs.js';

/**
 * Exact damper: returns `x` moved toward `g` so that half the distance is covered every
 * `halflife` seconds, whatever the frame rate. `halflife = 0` snaps, `dt = 0` returns `x`.
 * @example
 * // every frame: the camera covers half its distance to the target every 0.1 s
 * camera.x = damperExact(camera.x, target.x, 0.1, dt);
 * @c sp_damper_exact
 */
export function damperExact(x: number, g: number, halflife: number, dt: number): number {
  if (!(initialized && isNum(x) && isNum(g) && isTime(halflife) && isTime(dt)))
    check(S.damperExact, x, g, halflife, dt);
  return damperStep(x, g, halflife, dt);
}
