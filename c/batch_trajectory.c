/* batch_trajectory.c — trajectory prediction (character.c) for many characters in one call.
 *
 * Each character is predicted by sp_trajectory_predict_positions and
 * sp_trajectory_predict_rotations themselves, so every character of the batch equals the
 * scalar prediction exactly; the batch only saves the per-character JS→WASM calls and the
 * copies of the states. Layouts (floats):
 *   state of character c: state[16c ...]: position 3, velocity 3, acceleration 3, rotation 4
 *     (x,y,z,w), angular velocity 3;
 *   goal of character c: goal[7c ...]: desired velocity 3, desired rotation 4;
 *   prediction of character c: out[16·count·c ...]: positions 3·count, velocities 3·count,
 *     accelerations 3·count, rotations 4·count, angular velocities 3·count. */
#include <stddef.h>
#include "internal.h"

void sp_trajectory_predict_batch(float *out, const float *state, const float *goal, const float *times,
                                 float dt, int count, float position_halflife, float rotation_halflife, int n)
{
    if (n <= 0 || count <= 0) return;
    size_t m = (size_t)count;
    for (int c = 0; c < n; c++) {
        const float *s = state + 16 * (size_t)c, *g = goal + 7 * (size_t)c;
        float *o = out + 16 * m * (size_t)c;
        sp_vec3 x = sp__v3(s[0], s[1], s[2]), v = sp__v3(s[3], s[4], s[5]), a = sp__v3(s[6], s[7], s[8]);
        sp_quat r = sp__q(s[9], s[10], s[11], s[12]), gr = sp__q(g[3], g[4], g[5], g[6]);
        sp_vec3 w = sp__v3(s[13], s[14], s[15]), gv = sp__v3(g[0], g[1], g[2]);
        sp_trajectory_predict_positions((sp_vec3 *)o, (sp_vec3 *)(o + 3 * m), (sp_vec3 *)(o + 6 * m), times,
                                        dt, count, &x, &v, &a, &gv, position_halflife);
        sp_trajectory_predict_rotations((sp_quat *)(o + 9 * m), (sp_vec3 *)(o + 13 * m), times, dt, count, &r,
                                        &w, &gr, rotation_halflife);
    }
}
