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
 * the article's three branches split at |w²| < eps. The basis and the step as a linear map
 * are sp__spring_basis / sp__spring_coefs in internal.h, shared with the batch kernels. */
#include "internal.h"

void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    *v += dt * stiffness * (g - *x) + dt * damping * (q - *v);
    *x += dt * *v;
}

void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping,
                                      float dt)
{
    if (dt == 0.0f) return;
    sp__spring_k k = sp__spring_coefs(stiffness, damping, dt);
    sp__spring_apply(&k, x, v, g, q);
}

void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt)
{
    sp_spring_damper_exact_stiffness(x, v, g, q, sp_frequency_to_stiffness(frequency),
                                     sp_halflife_to_damping(halflife), dt);
}

/* ζ = d / (2·√s), so s = (d / 2ζ)². */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife,
                                  float dt)
{
    float d = sp_halflife_to_damping(halflife);
    sp_spring_damper_exact_stiffness(x, v, g, q, sp__sq(d / (2.0f * damping_ratio)), d, dt);
}

void sp_spring_damper_implicit(float *x, float *v, float g, float q, float stiffness, float damping, float dt,
                               float eps)
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

/* The critical family is one step of the linear map of sp__critical_coefs (internal.h),
 * which the batch kernels share. */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    sp__critical_apply(&k, x, v, g, q);
}

void sp_critical_spring_damper_coefs(float *out_k, float halflife, float dt)
{
    sp__critical_k c = sp__critical_coefs(halflife, dt);
    out_k[0] = c.xx;
    out_k[1] = c.xv;
    out_k[2] = c.xq;
    out_k[3] = c.vx;
    out_k[4] = c.vv;
    out_k[5] = c.vq;
}

void sp_simple_spring_damper_exact(float *x, float *v, float g, float halflife, float dt)
{
    sp_critical_spring_damper_exact(x, v, g, 0.0f, halflife, dt);
}

void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt)
{
    sp_critical_spring_damper_exact(x, v, 0.0f, 0.0f, halflife, dt);
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
