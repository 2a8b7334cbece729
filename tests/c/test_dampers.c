/* test_dampers.c — the exact damper against its closed form in double where g − x overflows
 * float (issue 33, item 18): x and g finite, of opposite signs beyond FLT_MAX/2. */
#include <float.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

int main(void)
{
    const double xs[] = { 3e38, -3e38, 2e38, FLT_MAX }, gs[] = { -1e38, 2e38, -FLT_MAX, -FLT_MAX };
    const double hs[] = { 0.1, 1, 0.01 }, dts[] = { 1.0 / 60, 1e-3, 0.5 };
    char name[160];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            double x = (float)xs[i], g = (float)gs[i], h = (float)hs[k], dt = (float)dts[k];
            double want = g + (x - g) * exp(-ORACLE_LN2 * dt / h);
            float got = sp_damper_exact((float)x, (float)g, (float)h, (float)dt);
            snprintf(name, sizeof name, "damper_exact(%g, %g, %g, %g) = %g (closed form %g)", x, g, h, dt,
                     got, want);
            check_near(name, got, want, 1e-6);
            sp_vec3 p = { (float)x, 0, (float)g }, goal = { (float)g, 0, (float)x };
            sp_damper_exact_v3(&p, &goal, (float)h, (float)dt);
            snprintf(name, sizeof name, "damper_exact_v3 on the same (%g)", p.x);
            check_true(name, p.x == got);
        }
    return testing_finish("test_dampers");
}
