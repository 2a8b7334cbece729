/* stream.c — reference kernels for the benchmark only, compiled by run.mjs with the library's
 * flags (-O3, SIMD):
 * - stream: the streaming limit of the critical spring batch: it reads x, v, goal and goal
 *   velocity and writes x and v, exactly the bytes sp_critical_spring_damper_exact_batch
 *   touches, with no arithmetic (a bitwise or keeps every load live);
 * - exp_floor: the floor of a per-element halflife: the one exponential per element such a
 *   batch needs, e^(−2·ln2·dt/halflife) by the library's own sp__expf (vectorised), reading
 *   the halflives and writing the factors, nothing else. */
#include <stdint.h>
#include "../../c/internal.h"

void stream(uint32_t *x, uint32_t *v, const uint32_t *g, const uint32_t *q, int n)
{
    for (int i = 0; i < n; i++) {
        x[i] |= g[i];
        v[i] |= q[i];
    }
}

void exp_floor(float *out, const float *halflife, float dt, int n)
{
    for (int i = 0; i < n; i++) out[i] = sp__expf(-(2.0f * SP_LN2 / halflife[i]) * dt);
}
