/* applications.c — character velocity springs with exact trajectory prediction, and the
 * piecewise interpolation used to drive springs along control points. */
#include "internal.h"

/* ∫0^t e^(−ys) ds = t·(1 − e^(−z))/z and ∫0^t s·e^(−ys) ds = t²·(1 − e^(−z)·(1 + z))/z², z = y·t.
 * The second cancels badly for small z, so it uses its series there (error < 1e-7 for
 * z < 0.25); both are finite at z = 0 (y = 0: no damping). */
static float integral_e(float z, float em1) { return z > 0.0f ? -em1 / z : 1.0f; }
static float integral_te(float z, float em1)
{
    if (z < 0.25f)
        return 0.5f + z * (-1.0f / 3.0f + z * (1.0f / 8.0f + z * (-1.0f / 30.0f + z * (1.0f / 144.0f - z / 840.0f))));
    return (-em1 - z * (1.0f + em1)) / (z * z);
}

/* The velocity v is a critical spring toward v_goal: with j0 = v0 − v_goal, j1 = a0 + y·j0,
 *   v(t) = v_goal + e^(−yt)·(j0 + j1·t),  a(t) = e^(−yt)·(a0 − y·j1·t),
 * and x(t) = x0 + ∫v = x0 + v_goal·t + j0·(1 − e)/y + j1·(1 − e − e·y·t)/y²
 * (the article's listing drops the j0 term and the constants of the integral). */
void sp_spring_character_update(float *x, float *v, float *a, float v_goal, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float j0 = *v - v_goal;
    float j1 = *a + j0 * y;
    float z = y * dt;
    float em1 = expm1f(-z); /* e − 1, accurate when z is small */
    float e = expf(-z);     /* not 1 + em1: that loses e's relative precision for large z */
    if (e == 0.0f) { /* snap: the velocity reached its goal at once; x gains the whole integral */
        *x += v_goal * dt + (isinf(y) ? 0.0f : j0 / y + j1 / (y * y));
        *v = v_goal;
        *a = 0.0f;
        return;
    }
    *x += v_goal * dt + j0 * dt * integral_e(z, em1) + j1 * dt * dt * integral_te(z, em1);
    *v = v_goal + e * (j0 + j1 * dt);
    *a = e * (*a - j1 * y * dt);
}

void sp_spring_character_predict(float *px, float *pv, float *pa, int count,
                                 float x, float v, float a, float v_goal, float halflife, float dt)
{
    for (int i = 0; i < count; i++) {
        px[i] = x;
        pv[i] = v;
        pa[i] = a;
        sp_spring_character_update(&px[i], &pv[i], &pa[i], v_goal, halflife, (float)i * dt);
    }
}

/* x = lerp between the two neighbouring points, v = dx/dt = (p1 − p0)·(npnts − 1). The
 * article's listing writes v = (p0 − p1)/npnts, which points backwards. */
void sp_piecewise_interpolation(float *x, float *v, float t, const float *pnts, int npnts)
{
    if (npnts <= 0) { *x = 0.0f; *v = 0.0f; return; }
    if (npnts == 1 || !(t == t)) { *x = t == t ? pnts[0] : t; *v = 0.0f; return; }
    float u = sp__clamp(t, 0.0f, 1.0f) * (float)(npnts - 1);
    int i0 = (int)floorf(u);
    i0 = i0 > npnts - 2 ? npnts - 2 : i0;
    float alpha = u - (float)i0;
    *x = sp_lerp(pnts[i0], pnts[i0 + 1], alpha);
    *v = (pnts[i0 + 1] - pnts[i0]) * (float)(npnts - 1);
}
