/* test_adjustment.c — the article's approximate slerp far beyond its arc (issue 33, item 19): a
 * unit rotation, the limit of the direction of q + t·(p − q) (t ≈ A·alpha⁵), where alpha 1e30 gave
 * NaN; q itself when p is q. */
#include "sprung.h"
#include "testing.h"

int main(void)
{
    const sp_quat q = { 0, 0, 0, 1 }, p = { 0, 0.6f, 0, 0.8f };
    const float alphas[] = { 1e4f, 1e10f, 1e30f, -1e30f, 3.4e38f };
    char name[160];
    for (int i = 0; i < 5; i++) {
        sp_quat r;
        sp_quat_slerp_shortest_approx(&r, &q, &p, alphas[i]);
        /* the direction of ±(p − q) = ±(0, 0.6, 0, −0.2)/|…| */
        double n = sqrt(0.36 + 0.04), s = alphas[i] > 0 ? 1 : -1;
        snprintf(name, sizeof name, "slerp_shortest_approx alpha %g: (%g, %g, %g, %g)", alphas[i], r.x, r.y,
                 r.z, r.w);
        check_true(name, r.x == 0 && r.z == 0);
        check_near(name, r.y, s * 0.6 / n, 1e-6);
        check_near(name, r.w, -s * 0.2 / n, 1e-6);
        sp_quat_slerp_shortest_approx(&r, &p, &p, alphas[i]);
        snprintf(name, sizeof name, "slerp_shortest_approx alpha %g from p to p: p", alphas[i]);
        check_near(name, r.y, 0.6, 1e-7);
        check_near(name, r.w, 0.8, 1e-7);
    }
    return testing_finish("test_adjustment");
}
