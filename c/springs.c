/* springs.c — exact spring dampers.
 *
 * The spring ODE a = s·(g − x) + d·(q − v) has its rest point at c = g + d·q/s. With
 * y = d/2, w² = s − y², u0 = x0 − c, every regime is one closed form
 *
 *   x(t) = c + u0·C(t) + (v0 + y·u0)·S(t)
 *   v(t) = v0·C(t) − (s·u0 + y·v0)·S(t)
 *
 * where C = e^(−yt)·cos(wt), S = e^(−yt)·sin(wt)/w when under damped (w² > 0), C = e^(−yt),
 * S = t·e^(−yt) when critical, and the cosh/sinh forms when over damped (w² < 0). S and C
 * are continuous in w², so the result is continuous across the critical boundary, unlike
 * the article's three branches split at |w²| < eps. */
#include "internal.h"

/* C(t) and S(t) above. The over damped case is computed from e^(−y1·t) and
 * expm1(−2·w·t) (y1 = s/(y + w), the slow rate) so that neither overflows nor cancels:
 * y1 must come from s itself, as y² + w² loses s entirely when d² ≫ s. */
static void spring_basis(float s, float y, float t, float *C, float *S)
{
    float w2 = s - y * y;
    if (w2 > 0.0f) {
        float w = sqrtf(w2), e = expf(-y * t);
        *C = e * cosf(w * t);
        *S = e * sinf(w * t) / w;
    } else if (w2 < 0.0f) {
        float w = sqrtf(-w2);
        float y1 = s / (y + w);
        float e1 = expf(-y1 * t);
        float z = 2.0f * w * t;
        float m = expm1f(-z);                      /* e^(−2wt) − 1 */
        *C = e1 * (2.0f + m) * 0.5f;               /* (e^(−y1 t) + e^(−y0 t)) / 2 */
        *S = e1 * t * (z > 0.0f ? -m / z : 1.0f);  /* (e^(−y1 t) − e^(−y0 t)) / 2w */
    } else {
        float e = expf(-y * t);
        *C = e;
        *S = e * t;
    }
}

void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    *v += dt * stiffness * (g - *x) + dt * damping * (q - *v);
    *x += dt * *v;
}

void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    if (dt == 0.0f) return;
    if (isinf(damping) && damping > 0.0f) { *x = g; *v = 0.0f; return; } /* halflife 0: snap */
    float s = stiffness, y = damping / 2.0f;
    float c = q == 0.0f ? g : g + (damping * q) / s;
    float u0 = *x - c, v0 = *v, C, S;
    spring_basis(s, y, dt, &C, &S);
    if (C == 0.0f && S == 0.0f) { *x = c; *v = 0.0f; return; }
    *x = c + u0 * C + (v0 + y * u0) * S;
    *v = v0 * C - (s * u0 + y * v0) * S;
}

void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt)
{
    sp_spring_damper_exact_stiffness(x, v, g, q, sp_frequency_to_stiffness(frequency),
                                     sp_halflife_to_damping(halflife), dt);
}

/* ζ = d / (2·√s), so s = (d / 2ζ)². */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife, float dt)
{
    float d = sp_halflife_to_damping(halflife);
    sp_spring_damper_exact_stiffness(x, v, g, q, sp__sq(d / (2.0f * damping_ratio)), d, dt);
}

void sp_spring_damper_implicit(float *x, float *v, float g, float q, float stiffness, float damping, float dt, float eps)
{
    float s = stiffness, d = damping;
    float c = g + (d * q) / (s + eps);
    float y = d / 2.0f;

    if (fabsf(s - (d * d) / 4.0f) < eps) {
        float j0 = *x - c;
        float j1 = *v + j0 * y;
        float eydt = sp_fast_negexp(y * dt);
        *x = j0 * eydt + dt * j1 * eydt + c;
        *v = -y * j0 * eydt - y * dt * j1 * eydt + j1 * eydt;
    } else if (s - (d * d) / 4.0f > 0.0f) {
        float w = sqrtf(s - (d * d) / 4.0f);
        float j = sqrtf(sp__sq(*v + y * (*x - c)) / (w * w + eps) + sp__sq(*x - c));
        float p = sp_fast_atan((*v + (*x - c) * y) / (-(*x - c) * w + eps));
        j = (*x - c) > 0.0f ? j : -j;
        float eydt = sp_fast_negexp(y * dt);
        *x = j * eydt * cosf(w * dt + p) + c;
        *v = -y * j * eydt * cosf(w * dt + p) - w * j * eydt * sinf(w * dt + p);
    } else {
        float y0 = (d + sqrtf(d * d - 4.0f * s)) / 2.0f;
        float y1 = (d - sqrtf(d * d - 4.0f * s)) / 2.0f;
        float j1 = (c * y0 - *x * y0 - *v) / (y1 - y0);
        float j0 = *x - j1 - c;
        float ey0dt = sp_fast_negexp(y0 * dt);
        float ey1dt = sp_fast_negexp(y1 * dt);
        *x = j0 * ey0dt + j1 * ey1dt + c;
        *v = -y0 * j0 * ey0dt - y1 * j1 * ey1dt;
    }
}

/* x(t) = e^(−yt)·(x0 + j1·t), j1 = v0 + y·x0, written so that e·j1 is formed before it
 * meets y·dt (no overflow while e > 0). */
void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float e = expf(-y * dt);
    if (e == 0.0f) { *x = 0.0f; *v = 0.0f; return; }
    float ej1 = e * (*v + *x * y);
    *x = e * *x + ej1 * dt;
    *v = e * *v - ej1 * (y * dt);
}

/* The critical spring with goal velocity q rests at c = g + 2q/y: decay around it. */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float c = q == 0.0f ? g : g + 2.0f * q / sp__half_damping(halflife);
    *x -= c;
    sp_decay_spring_damper_exact(x, v, halflife, dt);
    *x += c;
}

void sp_simple_spring_damper_exact(float *x, float *v, float g, float halflife, float dt)
{
    sp_critical_spring_damper_exact(x, v, g, 0.0f, halflife, dt);
}

void sp_simple_spring_damper_implicit(float *x, float *v, float g, float halflife, float dt)
{
    float y = sp_halflife_to_damping(halflife) / 2.0f;
    float j0 = *x - g;
    float j1 = *v + j0 * y;
    float eydt = sp_fast_negexp(y * dt);
    *x = eydt * (j0 + j1 * dt) + g;
    *v = eydt * (*v - j1 * y * dt);
}
