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

/* C(t) and S(t) above, and K(t) = ∫0^t S = (1 − C − y·S)/s, the response to the goal
 * velocity. Written so that nothing overflows for float-range y and s: when y² overflows
 * (halflives below about 1e-19 s) w comes from √(y − r)·√(y + r), r = √s; the slow over
 * damped rate is y1 = s/(y + w) (y² + w² loses s entirely when d² ≫ s), e^(−y0·t) comes
 * from expm1(−2·w·t) (no cancellation), and in the strongly over damped case (4s < y²,
 * where s can be tiny beside y²) K comes from the two exponentials' integrals
 * E(λ) = (1 − e^(−λt))/λ instead of a division by s. */
static void spring_basis(float y, float s, float t, float *C, float *S, float *K)
{
    float yy = y * y, w2 = s - yy;
    if (w2 > 0.0f) {
        float w = sqrtf(w2), e = expf(-y * t);
        *C = e * cosf(w * t);
        *S = e * sinf(w * t) / w;
    } else if (w2 < 0.0f) {
        float w = isinf(yy) ? sqrtf(y - sqrtf(s)) * sqrtf(y + sqrtf(s)) : sqrtf(-w2);
        float y1 = s / (y + w), y0 = y + w;
        float e1 = expf(-y1 * t);
        float z = 2.0f * w * t;
        float m = expm1f(-z);                                   /* e^(−2wt) − 1 */
        *C = e1 * (2.0f + m) * 0.5f;                            /* (e^(−y1 t) + e^(−y0 t)) / 2 */
        *S = z > 0.0f ? (e1 * -m * 0.5f) / w : e1 * t;          /* (e^(−y1 t) − e^(−y0 t)) / 2w */
        if (s > 0.0f && s < 0.25f * yy) {
            float E1 = y1 * t > 0.0f ? -expm1f(-y1 * t) / y1 : t, E0 = -expm1f(-y0 * t) / y0;
            *K = (E1 - E0) / (2.0f * w);
            return;
        }
    } else {
        float e = expf(-y * t);
        *C = e;
        *S = e * t;
    }
    *K = (1.0f - *C - y * *S) / s;
}

void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    *v += dt * stiffness * (g - *x) + dt * damping * (q - *v);
    *x += dt * *v;
}

/* With z0 = x0 − g the closed form above becomes
 *   x(t) = g + z0·(C + y·S) + v0·S + 2q·(y·K),   v(t) = v0·(C − y·S) − z0·(s·S) + 2q·(y·S),
 * which never forms the rest point c = g + d·q/s: it overflows for small stiffness and a
 * large goal velocity although the state stays finite. */
void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    if (dt == 0.0f) return;
    if (isinf(damping) && damping > 0.0f) { *x = g; *v = 0.0f; return; } /* halflife 0: snap */
    float s = stiffness, y = damping / 2.0f;
    float z0 = *x - g, v0 = *v, C, S, K;
    spring_basis(y, s, dt, &C, &S, &K);
    if (C == 0.0f && S == 0.0f) { /* at rest at c, formed in double: d·q alone may overflow */
        *x = q == 0.0f ? g : (float)(g + (double)damping * q / s);
        *v = 0.0f;
        return;
    }
    float yS = y * S;
    *x = g + z0 * (C + yS) + v0 * S;
    *v = v0 * (C - yS) - z0 * (s * S);
    if (q != 0.0f && y != 0.0f) {
        *x += 2.0f * q * (y * K);
        *v += 2.0f * q * yS;
    }
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

/* x(t) = e^(−yt)·(x0 + j1·t), v(t) = e^(−yt)·(v0 − j1·y·t), j1 = v0 + y·x0, written with
 * s = y·t as x = e·(x0·(1 + s) + v0·t), v = e·v0·(1 − s) − (e·s)·x0·y: j1 itself is never
 * formed (y·x0 overflows for tiny halflives and large x0 although the state stays finite),
 * and e·s ≤ 1/e is applied before y, so v overflows only when its true value does. */
void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float s = y * dt, e = expf(-s);
    if (e == 0.0f) { *x = 0.0f; *v = 0.0f; return; }
    float x0 = *x, v0 = *v;
    *x = e * (x0 * (1.0f + s) + v0 * dt);
    *v = e * v0 * (1.0f - s) - (e * s) * x0 * y;
}

/* The critical spring with goal velocity q rests at c = g + 2q/y and decays around it:
 *   x(t) = c + e·(u0 + j1·t),  v(t) = e·(v0 − j1·y·t),  u0 = x0 − c, j1 = v0 + y·u0,
 * e = e^(−s), s = y·t. Expanded so that c is never formed (2q/y overflows for slow springs
 * with a large goal velocity although x(t) stays finite), with R = sp__critical_ramp:
 *   x(t) = g + e·((x0 − g)·(1 + s) + v0·t) + 2q·t·s·R(s)
 *   v(t) = e·v0·(1 − s) − (e·s)·(x0 − g)·y + 2q·(e·s). */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt)
{
    if (dt == 0.0f) return;
    if (q == 0.0f) {
        *x -= g;
        sp_decay_spring_damper_exact(x, v, halflife, dt);
        *x += g;
        return;
    }
    float y = sp__half_damping(halflife);
    float s = y * dt, e = expf(-s);
    if (e == 0.0f) { *x = g + 2.0f * q / y; *v = 0.0f; return; } /* at rest at c */
    float u0 = *x - g, v0 = *v;
    *x = g + e * (u0 * (1.0f + s) + v0 * dt) + 2.0f * q * dt * (s * sp__critical_ramp(s));
    *v = e * v0 * (1.0f - s) - (e * s) * u0 * y + 2.0f * q * (e * s);
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
