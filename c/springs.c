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
 * the article's three branches split at |w²| < eps. The step as a linear map, in forms
 * free of cancellation, is sp__spring_coefs below, which the batch kernels share. */
#include "internal.h"

/* Σ z^k/(2k+3)! (k ≤ 6) for |z| ≤ 4: σ(c) = (1 − sinc c)/c² at z = −c², and its twin
 * (sinh(c)/c − 1)/c² at z = c² (remainder below 5e-10 relative). */
static float sigma_series(float z)
{
    return 1.0f / 6.0f
        + z
        * (1.0f / 120.0f
           + z
               * (1.0f / 5040.0f
                  + z
                      * (1.0f / 362880.0f
                         + z
                             * (1.0f / 39916800.0f
                                + z * (1.0f / 6227020800.0f + z * (1.0f / 1307674368000.0f))))));
}

/* Σ z^k/(2k+2)! (k ≤ 6) for |z| ≤ 4: γ(c) = (1 − cos c)/c² at z = −c², (cosh c − 1)/c² at z = c²
 * (remainder below 2e-9 relative). */
static float gamma_series(float z)
{
    return 0.5f
        + z
        * (1.0f / 24.0f
           + z
               * (1.0f / 720.0f
                  + z
                      * (1.0f / 40320.0f
                         + z
                             * (1.0f / 3628800.0f
                                + z * (1.0f / 479001600.0f + z * (1.0f / 87178291200.0f))))));
}

/* K/t² of the over damped spring with rates a0 ≥ |a1| and a0 ≤ 1: the divided difference
 * (φ1(a1) − φ1(a0))/(a0 − a1) = Σ (−1)^m·h_m/(m+2)! (m ≤ 11, remainder below 2e-10), where
 * h_m = Σ_{i+j=m} a0^i·a1^j = a0·h_(m−1) + a1^m: no division, so nothing cancels even as
 * a0 − a1 → 0 (the critical boundary) or both → 0 (small dt). */
static float over_series(float a0, float a1)
{
    static const float inv_fact[12] = { 1.0f / 6.0f,         1.0f / 24.0f,         1.0f / 120.0f,
                                        1.0f / 720.0f,       1.0f / 5040.0f,       1.0f / 40320.0f,
                                        1.0f / 362880.0f,    1.0f / 3628800.0f,    1.0f / 39916800.0f,
                                        1.0f / 479001600.0f, 1.0f / 6227020800.0f, 1.0f / 87178291200.0f };
    float h = 1.0f, p = 1.0f, sum = 0.0f;
    for (int m = 1; m <= 11; m++) {
        p *= a1;
        h = a0 * h + p;
        sum += (m & 1 ? -h : h) * inv_fact[m - 1];
    }
    return 0.5f + sum;
}

/* √((p − q)·(p + q)) for p ≥ q ≥ 0, scaled by 2^−64 first where the product could overflow. */
static float sqrt_diff_sq(float p, float q)
{
    if (p < 1e18f) return sqrtf((p - q) * (p + q));
    p *= 0x1p-64f;
    q *= 0x1p-64f;
    return sqrtf((p - q) * (p + q)) * 0x1p64f;
}

/* φ1(z) = (1 − e^(−z))/z, 1 at 0. */
static float phi1(float z) { return z != 0.0f ? -expm1f(-z) / z : 1.0f; }

/* The mixing weights λ = a²/(a² + c²), μ = c²/(a² + c²) from the ratio of the smaller to the
 * larger (neither square overflows or underflows); λ = 1 for a = c = 0. */
static void mix_weights(float a, float c, float *lam, float *mu)
{
    if (a >= c) {
        float r = a > 0.0f ? c / a : 0.0f;
        *lam = 1.0f / (1.0f + r * r);
        *mu = r * r * *lam;
    } else {
        float r = a / c;
        *mu = 1.0f / (1.0f + r * r);
        *lam = r * r * *mu;
    }
}

/* The step as a linear map (internal.h).
 *
 * One step of dt of the spring a = s·(g − x) + d·(q − v) is linear in its state: with z = x − g,
 *   x' = g + xz·z + xv·v + xq·q,   v' = vz·z + vv·v + vq·q,
 * and with y = d/2, S(t) the response to a unit initial velocity, C(t) = S' + y·S and
 * K(t) = ∫0^t S = (1 − C − y·S)/s the response to the goal velocity:
 *   xz = C + y·S, xv = S, xq = 2y·K, vz = −s·S, vv = C − y·S, vq = 2y·S
 * (the goal-velocity terms never form the rest point c = g + d·q/s, which overflows for small
 * stiffness and a large goal velocity although the state stays finite). The forms below keep
 * every coefficient free of cancellation, in all three regimes and across their boundaries;
 * with a = y·t:
 *
 * - under damped and critical (c = w·t ≥ 0, w² = s − y², e = e^(−a)): C = e·cos c,
 *   S = e·t·sinc c, xz = e·(cos c + a·sinc c), vv = e·(cos c − a·sinc c), and
 *     K/t² = λ·R(a) + μ·e·(a·σ(c) + γ(c)),   λ = a²/(a² + c²), μ = c²/(a² + c²),
 *   R(a) = (1 − e·(1 + a))/a² (sp__critical_ramp), σ(c) = (1 − sinc c)/c², γ(c) = (1 − cos c)/c²:
 *   a weighted mean of terms ≥ 0, each by its series where its direct form cancels. (The
 *   direct (1 − C − y·S)/s lost every digit for slow springs and small dt, s·t² ≪ 1.)
 * - over damped (c = |w|·t, the rates a0 = a + c and a1 = s·t²/(a + c), e0, e1 their decays,
 *   E = (1 − e^(−2c))/(2c)): C = (e1 + e0)/2, S = t·e1·E, xz = e1·(1 + a1·E),
 *   vv = e0 − a1·e1·E (C − y·S cancels when strongly over damped), and
 *   K/t² = (φ1(a1) − φ1(a0))/(2c), φ1(z) = (1 − e^(−z))/z: for a0 ≤ 1 (small dt) by the series
 *   of that divided difference (over_series); else near critical (a1 ≥ a0/4) as above with
 *   c² < 0 (σ and γ become their hyperbolic twins, λ = 1/(1 − c²/a²) ≥ 1 and μ = 1 − λ,
 *   cancelling at most 4×); else as written (c > 3/8: at most 3.5×).
 *
 * Where xz or vv is near 1 (slow springs, small dt), sp__spring_apply adds the step to x or v
 * as an increment, with xz − 1 = −s·K and vv − 1 = −s·K − 2y·S, each a sum of terms of one
 * sign (s·K = a²·R(a) + e·(a·(1 − sinc c) + (1 − cos c)) when under damped, a0·a1·K/t² when
 * over damped).
 *
 * The spring is given by ω = √s ≥ 0 (2π·frequency, √stiffness or d/2ζ: nothing squared, so a
 * frequency up to FLT_MAX does not overflow), ω < 0 meaning the negative stiffness −ω²
 * (outside the domain: it grows exponentially, as its ODE). A phase w·t beyond FLT_MAX is
 * taken as FLT_MAX: a float phase is meaningful only below 2^24 rad, and the state stays
 * within its envelope. */
sp__spring_k sp__spring_coefs(float omega, float damping, float dt)
{
    sp__spring_k k;
    float y = damping / 2.0f, ay = fabsf(y), t = dt, a = y * t, om = fabsf(omega);
    float C, S, sK; /* s·K = 1 − xz */
    k.d = damping;
    k.omega = omega;
    k.snap = isinf(damping) && damping > 0.0f;
    if (k.snap) {
        k.xz = k.xv = k.xq = k.vz = k.vv = k.vq = 0.0f;
        k.rest = k.xinc = k.vinc = 0;
        return k;
    }
    if (omega >= ay) { /* under damped, critical at w = 0 */
        float w = sqrt_diff_sq(omega, ay), c = w * t;
        if (c > FLT_MAX) c = FLT_MAX;
        float e = sp__expf(-a), cs, sn;
        sp__sincosf(c, &sn, &cs);
        float sc = c > 0.0f ? sn / c : 1.0f;
        /* y·S/e: a·sinc c while c is small, else (y/w)·sin c, right even where c was capped */
        float ys = c <= 1.0f ? a * sc : (y / w) * sn, lam, mu;
        mix_weights(ay, w, &lam, &mu); /* λ = a²/(a² + c²) = y²/s */
        /* σ, γ and c²·σ = 1 − sinc c, c²·γ = 1 − cos c: by their series up to c = 2 */
        float sig, gam, sinc_1, cos_1;
        if (c <= 2.0f) {
            sig = sigma_series(-c * c);
            gam = gamma_series(-c * c);
            sinc_1 = c * (c * sig);
            cos_1 = c * (c * gam);
        } else {
            sinc_1 = 1.0f - sc;
            cos_1 = 1.0f - cs;
            sig = sinc_1 / c / c;
            gam = cos_1 / c / c;
        }
        C = e * cs;
        S = c <= 1.0f ? e * (t * sc) : e * (sn / w);
        float R = sp__critical_ramp(a, e), G = lam * R + mu * (e * (a * sig + gam)); /* K/t² */
        sK = a * (a * R) + e * (a * sinc_1 + cos_1); /* (a² + c²)·G, each term ≥ 0 */
        k.xz = e * (cs + ys);
        k.vv = e * (cs - ys);
        k.vq = 2.0f * (e * ys);
        k.xq = 2.0f * a * (t * G);
        /* −s·S, in an order where S may underflow (tiny dt, huge ω) but s·S does not */
        k.vz = c <= 1.0f ? -((omega * e) * ((om * t) * sc)) : -((omega * e) * ((om / w) * sn));
    } else { /* over damped: |w| = √(y² − s) */
        float cw = omega >= 0.0f ? sqrt_diff_sq(ay, omega) : sqrtf(y * y + omega * omega);
        float c = cw * t, a0 = a + c, a1 = omega * (om / (ay + cw)) * t;
        float e1 = sp__expf(-a1), m = expm1f(-2.0f * c), e0 = e1 * (1.0f + m);
        /* E = (1 − e^(−2c))/(2c), by its series where c is small (c subnormal: m is inexact) */
        float E = c < 0x1p-12f ? 1.0f - c * (1.0f - c * (2.0f / 3.0f)) : -m / (2.0f * c);
        C = e1 * (1.0f + 0.5f * m);
        S = t * (e1 * E);
        /* 2y·K = 2a·t·(K/t²), and in the strongly over damped case (c > 3/8) with a/c = y/|w|,
         * as a = y·t alone may overflow where the slow rate a1 has barely moved */
        if (a0 <= 1.0f) {
            float G = over_series(a0, a1);
            k.xq = 2.0f * a * (t * G);
            sK = a0 * a1 * G;          /* s·t² = a0·a1 */
        } else if (a1 >= 0.25f * a0) { /* near critical: a > 1/2, c/a ≤ 3/5 */
            float r = c / a, lam = 1.0f / (1.0f - r * r), mu = r * r * lam, e = sp__expf(-a), P;
            if (c <= 2.0f)
                P = e * (a * sigma_series(c * c) + gamma_series(c * c));
            else /* e·(a·σ + γ) from the exponentials themselves (e·cosh c would overflow) */
                P = (a * (e1 * E - e) + (C - e)) / c / c;
            float G = lam * sp__critical_ramp(a, e) - mu * P;
            k.xq = 2.0f * a * (t * G);
            sK = a0 * a1 * G;
        } else {
            float D = phi1(a1) - phi1(a0); /* K/t² = D/(2c) */
            k.xq = t * ((ay / cw) * D);
            sK = a1 * ((ay + cw) / (2.0f * cw) * D);
        }
        k.xz = e1 * (1.0f + a1 * E);
        k.vv = e0 - a1 * (e1 * E);
        k.vq = c < 0x1p-12f ? 2.0f * a * (e1 * E) : (ay / cw) * (e1 * -m);
        k.vz = -((omega * e1) * ((om * t) * E));
    }
    k.rest = C == 0.0f && S == 0.0f;
    k.xv = S;
    /* The increments (see above): xz near 1 rounds to float with an error of up to 3e-8, which
     * z·xz would add to x at every step, a bias that grows with the number of steps (3.8e-4 of
     * x after 10 s at 240 Hz of a 0.01 Hz spring). */
    k.xinc = k.xz >= 0.5f;
    k.vinc = k.vv >= 0.5f;
    if (k.xinc) k.xz = -sK;
    if (k.vinc) k.vv = -sK - k.vq;
    return k;
}

void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt)
{
    *v += dt * stiffness * (g - *x) + dt * damping * (q - *v);
    *x += dt * *v;
}

/* Where x − g overflows float for finite x and g (opposite signs beyond FLT_MAX/2), the steps
 * below take the halves of the state, the goal and its velocity, and double the result: the
 * step is linear in them, and a true result beyond FLT_MAX is ±Inf. Returns whether it halved.
 * (The batches leave this to their callers: their kernels stay branch-free.) */
static int halve(float *x, float *v, float *g, float *q)
{
    if (!(isinf(*x - *g) && isfinite(*x) && isfinite(*g))) return 0;
    *x *= 0.5f;
    *v *= 0.5f;
    *g *= 0.5f;
    *q *= 0.5f;
    return 1;
}

static void spring_apply(const sp__spring_k *k, float *x, float *v, float g, float q)
{
    int halved = halve(x, v, &g, &q);
    sp__spring_apply(k, x, v, g, q);
    if (halved) *x *= 2.0f, *v *= 2.0f;
}

static void critical_apply(const sp__critical_k *k, float *x, float *v, float g, float q)
{
    int halved = halve(x, v, &g, &q);
    sp__critical_apply(k, x, v, g, q);
    if (halved) *x *= 2.0f, *v *= 2.0f;
}

/* Each interface hands sp__spring_coefs ω = √s without squaring it (internal.h). */
static void spring_step(float *x, float *v, float g, float q, float omega, float damping, float dt)
{
    if (dt == 0.0f) return;
    sp__spring_k k = sp__spring_coefs(omega, damping, dt);
    spring_apply(&k, x, v, g, q);
}

void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping,
                                      float dt)
{
    spring_step(x, v, g, q, copysignf(sqrtf(fabsf(stiffness)), stiffness), damping, dt);
}

void sp_spring_damper_exact_coefs(float *out_k, float omega, float damping, float dt)
{
    sp__spring_k k = sp__spring_coefs(omega, damping, dt);
    const float c[12] = { k.xz, k.xv,    k.xq,          k.vz,          k.vv,          k.vq,
                          k.d,  k.omega, (float)k.snap, (float)k.rest, (float)k.xinc, (float)k.vinc };
    for (int i = 0; i < 12; i++) out_k[i] = c[i];
}

void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt)
{
    spring_step(x, v, g, q, sp__spring_omega(frequency), sp_halflife_to_damping(halflife), dt);
}

/* ζ = d / (2·√s), so √s = d / 2ζ (FLT_MAX where that overflows for finite d and ζ > 0). */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife,
                                  float dt)
{
    float d = sp_halflife_to_damping(halflife), omega = fabsf(d / (2.0f * damping_ratio));
    if (omega > FLT_MAX && isfinite(d) && damping_ratio != 0.0f) omega = FLT_MAX;
    spring_step(x, v, g, q, omega, d, dt);
}

void sp_spring_damper_implicit(float *x, float *v, float g, float q, float stiffness, float damping, float dt,
                               float eps)
{
    float s = stiffness, d = damping, dq = d * q;
    /* the rest point c, d·(q/(s + eps)) where d·q alone overflows */
    float c = g + (isinf(dq) && isfinite(d) && isfinite(q) ? d * (q / (s + eps)) : dq / (s + eps));
    float y = d / 2.0f;

    if (fabsf(s - (d * d) / 4.0f) < eps) {
        float j0 = *x - c;
        float j1 = *v + j0 * y;
        float eydt = sp_fast_negexp(y * dt);
        *x = j0 * eydt + dt * j1 * eydt + c;
        *v = -y * j0 * eydt - y * dt * j1 * eydt + j1 * eydt;
    } else if (s - (d * d) / 4.0f > 0.0f) {
        float w = sqrtf(s - (d * d) / 4.0f);
        /* j and p on the state scaled by 2^−ek, the power of two of its largest term (exact: the
         * same bits wherever the article's form neither overflows nor underflows; its squares
         * overflow from 1.8e19, or sooner divided by a small w² + eps) */
        float u = *x - c, a = *v + y * u, m = fmaxf(fabsf(u), fabsf(a));
        int ek = 0;
        if (m > 0.0f && isfinite(m)) frexpf(m, &ek);
        float us = ldexpf(u, -ek), as = ldexpf(a, -ek);
        float j = ldexpf(sqrtf(sp__sq(as) / (w * w + eps) + sp__sq(us)), ek);
        float p = sp_fast_atan(as / (-us * w + ldexpf(eps, -ek)));
        j = u > 0.0f ? j : -j;
        float eydt = sp_fast_negexp(y * dt);
        float sn, cs;
        sp__sincosf(w * dt + p, &sn, &cs);
        *x = j * eydt * cs + c;
        *v = -y * j * eydt * cs - w * j * eydt * sn;
    } else {
        /* √(d² − 4s), scaled where d² overflows (halflives below 1.5e-19 s); the article's
         * j1 = (c·y0 − x·y0 − v)/(y1 − y0) divided through by y0 > 0, since c·y0 overflows for
         * large states and damping */
        float dd = d * d,
              r = isinf(dd) && isfinite(d) ? sqrt_diff_sq(d, 2.0f * sqrtf(s)) : sqrtf(dd - 4.0f * s);
        float y0 = (d + r) / 2.0f;
        float y1 = (d - r) / 2.0f;
        float j1 = ((c - *x) - *v / y0) / (y1 / y0 - 1.0f);
        float j0 = *x - j1 - c;
        float ey0dt = sp_fast_negexp(y0 * dt);
        float ey1dt = sp_fast_negexp(y1 * dt);
        *x = j0 * ey0dt + j1 * ey1dt + c;
        *v = -y0 * (j0 * ey0dt) - y1 * (j1 * ey1dt); /* y0·j0 may overflow where e^(−y0·dt) is 0 */
    }
}

/* The critical family is one step of the linear map of sp__critical_coefs (internal.h),
 * which the batch kernels share. */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    critical_apply(&k, x, v, g, q);
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
    out_k[6] = (float)c.inc;
}

void sp_simple_spring_damper_exact(float *x, float *v, float g, float halflife, float dt)
{
    sp_critical_spring_damper_exact(x, v, g, 0.0f, halflife, dt);
}

/* The decay step of the inertializers (sp__critical_decay), so that the pose kernels equal it
 * bit for bit for any input: for finite coefficients it is the critical step with goal 0. */
void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    sp__critical_decay(&k, x, v, 0x1p-126f);
}

void sp_simple_spring_damper_implicit(float *x, float *v, float g, float halflife, float dt)
{
    float y = sp_halflife_to_damping(halflife) / 2.0f;
    float j0 = *x - g;
    float j1 = *v + j0 * y;
    float eydt = sp_fast_negexp(y * dt);
    if (eydt == 0.0f && dt > 0.0f) { /* decayed beyond float (halflife ≲ 1e-20 s): at the goal, where */
        *x = g;                      /* the article's forms take 0·Inf */
        *v = 0.0f;
        return;
    }
    *x = eydt * (j0 + j1 * dt) + g;
    *v = eydt * (*v - j1 * y * dt);
}

/* ---- vectors: the coefficients once, then each component as the scalar function ---- */

void sp_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, const sp_vec3 *q, float frequency,
                               float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__spring_k k = sp__spring_coefs(sp__spring_omega(frequency), sp_halflife_to_damping(halflife), dt);
    spring_apply(&k, &x->x, &v->x, g->x, q->x);
    spring_apply(&k, &x->y, &v->y, g->y, q->y);
    spring_apply(&k, &x->z, &v->z, g->z, q->z);
}

void sp_critical_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, const sp_vec3 *q,
                                        float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    critical_apply(&k, &x->x, &v->x, g->x, q->x);
    critical_apply(&k, &x->y, &v->y, g->y, q->y);
    critical_apply(&k, &x->z, &v->z, g->z, q->z);
}

void sp_simple_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, float halflife, float dt)
{
    sp_vec3 zero = { 0.0f, 0.0f, 0.0f };
    sp_critical_spring_damper_exact_v3(x, v, g, &zero, halflife, dt);
}

void sp_decay_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt); /* the decay step, as the scalar one */
    sp__critical_decay(&k, &x->x, &v->x, 0x1p-126f);
    sp__critical_decay(&k, &x->y, &v->y, 0x1p-126f);
    sp__critical_decay(&k, &x->z, &v->z, 0x1p-126f);
}

void sp_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, const sp_vec2 *q, float frequency,
                               float halflife, float dt)
{
    sp_vec3 x3 = sp__v2_lift(*x), v3 = sp__v2_lift(*v), g3 = sp__v2_lift(*g), q3 = sp__v2_lift(*q);
    sp_spring_damper_exact_v3(&x3, &v3, &g3, &q3, frequency, halflife, dt);
    *x = sp__v3_drop(x3);
    *v = sp__v3_drop(v3);
}

void sp_critical_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, const sp_vec2 *q,
                                        float halflife, float dt)
{
    sp_vec3 x3 = sp__v2_lift(*x), v3 = sp__v2_lift(*v), g3 = sp__v2_lift(*g), q3 = sp__v2_lift(*q);
    sp_critical_spring_damper_exact_v3(&x3, &v3, &g3, &q3, halflife, dt);
    *x = sp__v3_drop(x3);
    *v = sp__v3_drop(v3);
}

void sp_simple_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, float halflife, float dt)
{
    sp_vec2 zero = { 0.0f, 0.0f };
    sp_critical_spring_damper_exact_v2(x, v, g, &zero, halflife, dt);
}

void sp_decay_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, float halflife, float dt)
{
    sp_vec3 x3 = sp__v2_lift(*x), v3 = sp__v2_lift(*v);
    sp_decay_spring_damper_exact_v3(&x3, &v3, halflife, dt);
    *x = sp__v3_drop(x3);
    *v = sp__v3_drop(v3);
}
