/* applications.c — character velocity springs with exact trajectory prediction, and the
 * piecewise interpolation used to drive springs along control points. */
#include "internal.h"

/* The velocity v is a critical spring toward v_goal: with j0 = v0 − v_goal, j1 = a0 + y·j0,
 *   v(t) = v_goal + e^(−yt)·(j0 + j1·t),  a(t) = e^(−yt)·(a0 − y·j1·t),
 * and x(t) = x0 + ∫v = x0 + v_goal·t + j0·(1 − e)/y + j1·(1 − e − e·y·t)/y²
 * (the article's listing drops the j0 term and the constants of the integral).
 * Evaluated with s = y·t, R = sp__critical_ramp(s) = (1 − e·(1 + s))/s² and
 * M = sp__critical_lag(s) = 1 − 2·(1 − e)/s + e as
 *   x += t·(v0 − j0·M) + a0·t²·R,  v = v_goal + e·(j0·(1 + s) + a0·t),
 *   a = e·a0·(1 − s) − (e·s)·j0·y,
 * so that neither j1 (y·j0 overflows for tiny halflives) nor a sum that cancels is formed:
 * M and R by their series where s is small (a character setting off from rest moves
 * v_goal·t·s²/6 in its first step, which v_goal·t + j0·t·(1 − M) computed 1 − M to float
 * precision, and so lost). Below s = 1/2 the velocity and acceleration are stepped by their
 * changes (the increments of sp__critical_coefs): e·(1 + s) and e·(1 − s) are within s²/2 and
 * 2s of 1, and as floats would keep only the leading digits of the change. */
void sp_spring_character_update(float *x, float *v, float *a, float v_goal, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float j0 = *v - v_goal;
    float s = y * dt;
    float e = sp__expf(-s);
    if (e == 0.0f || isinf(y)) { /* snap: the velocity reached its goal at once */
        *x += v_goal * dt + (isinf(y) ? 0.0f : 2.0f * j0 / y + *a / (y * y));
        *v = v_goal;
        *a = 0.0f;
        return;
    }
    float R = sp__critical_ramp(s, e), M = sp__critical_lag(s, e);
    *x += dt * (*v - j0 * M) + (*a * dt) * (dt * R);
    if (s < 0.5f) {
        float m = s * (s * R), es = e * s; /* 1 − e·(1 + s), and e·s */
        float a0 = *a;
        *v += e * (a0 * dt) - m * j0;
        *a = a0 - ((m + 2.0f * es) * a0 + es * j0 * y);
    } else {
        *v = v_goal + e * (j0 * (1.0f + s) + *a * dt);
        *a = e * *a * (1.0f - s) - (e * s) * j0 * y;
    }
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
