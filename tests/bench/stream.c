/* stream.c — the streaming limit of the critical spring batch, for the benchmark only: it
 * reads x, v, goal and goal velocity and writes x and v, exactly the bytes
 * sp_critical_spring_damper_exact_batch touches, with no arithmetic (a bitwise or keeps every
 * load live). run.mjs compiles it with the library's flags (-O3, SIMD). */
#include <stdint.h>

void stream(uint32_t *x, uint32_t *v, const uint32_t *g, const uint32_t *q, int n)
{
    for (int i = 0; i < n; i++) {
        x[i] |= g[i];
        v[i] |= q[i];
    }
}
