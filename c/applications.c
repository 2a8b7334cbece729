/* applications.c — character velocity springs with exact trajectory prediction, and the
 * piecewise interpolation used to drive springs along control points. */
#include "internal.h"

/* The velocity v is a critical spring toward v_goal: with j0 = v0 − v_goal, j1 = a0 + y·j0,
 *   v(t) = v_goal + e^(−yt)·(j0 + j1·t),  a(t) = e^(−yt)·(a0 − y·j1·t),
 * and x(t) = x0 + ∫v = x0 + v_goal·t + j0·(1 − e)/y + j1·(1 − e − e·y·t)/y²
 * (the article's listing drops the j0 term and the constants of the integral).
 * Evaluated with s = y·t, E1 = (1 − e)/s and R = sp__critical_ramp(s) as
 *   x += v_goal·t + j0·t·(E1 + s·R) + a0·t²·R,  v = v_goal + e·(j0·(1 + s) + a0·t),
 *   a = e·a0·(1 − s) − (e·s)·j0·y,
 * so that neither j1 (y·j0 overflows for tiny halflives) nor the cancelling 1 − e − e·s
 * is formed. */
void sp_spring_character_update(float *x, float *v, float *a, float v_goal, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float j0 = *v - v_goal;
    float s = y * dt;
    float em1 = expm1f(-s);      /* e − 1, accurate when s is small */
    float e = sp__expf(-s);      /* not 1 + em1: that loses e's relative precision for large s */
    if (e == 0.0f || isinf(y)) { /* snap: the velocity reached its goal at once */
        *x += v_goal * dt + (isinf(y) ? 0.0f : 2.0f * j0 / y + *a / (y * y));
        *v = v_goal;
        *a = 0.0f;
        return;
    }
    float R = sp__critical_ramp(s, e), E1 = s > 0.0f ? -em1 / s : 1.0f;
    *x += v_goal * dt + j0 * dt * (E1 + s * R) + (*a * dt) * (dt * R);
    *v = v_goal + e * (j0 * (1.0f + s) + *a * dt);
    *a = e * *a * (1.0f - s) - (e * s) * j0 * y;
}

void sp_spring_character_predict(float *out_x, float *out_v, float *out_a, int count, float x, float v,
                                 float a, float v_goal, float halflife, float dt)
{
    for (int i = 0; i < count; i++) {
        out_x[i] = x;
        out_v[i] = v;
        out_a[i] = a;
        sp_spring_character_update(&out_x[i], &out_v[i], &out_a[i], v_goal, halflife, (float)i * dt);
    }
}

/* x = lerp between the two neighbouring points, v = dx/dt = (p1 − p0)·(npnts − 1). The
 * article's listing writes v = (p0 − p1)/npnts, which points backwards. */
void sp_piecewise_interpolation(float *out_x, float *out_v, float t, const float *pnts, int npnts)
{
    if (npnts <= 0) {
        *out_x = 0.0f;
        *out_v = 0.0f;
        return;
    }
    if (npnts == 1 || !(t == t)) {
        *out_x = t == t ? pnts[0] : t;
        *out_v = 0.0f;
        return;
    }
    float u = sp__clamp(t, 0.0f, 1.0f) * (float)(npnts - 1);
    int i0 = (int)floorf(u);
    i0 = i0 > npnts - 2 ? npnts - 2 : i0;
    float alpha = u - (float)i0;
    *out_x = sp_lerp(pnts[i0], pnts[i0 + 1], alpha);
    *out_v = (pnts[i0 + 1] - pnts[i0]) * (float)(npnts - 1);
}
