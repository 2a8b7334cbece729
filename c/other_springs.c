/* other_springs.c — the double, timed and velocity springs of Spring-It-On, in closed form.
 *
 * The article steps these by holding the inner goal fixed during each frame, which makes
 * them depend on the frame rate. Here the inner goal moves during the step exactly as it
 * does between steps, and each spring is solved in closed form, so they are dt-invariant;
 * as dt → 0 the article's versions converge to these. */
#include "internal.h"

/* 1 − e^(−s)·(1 + s + s²/2 + s³/6) = e^(−s)·Σ_{n≥4} s^n/n!: below s = 4 by that series (n ≤ 22,
 * remainder below 1e-9 relative), where the direct form cancels (by 5000× at s = 1/2). */
static float tail4(float s, float e)
{
    if (!(s < 4.0f)) return 1.0f - e * (1.0f + s * (1.0f + s * (0.5f + s * (1.0f / 6.0f))));
    float r = 1.0f;
    for (int n = 22; n >= 5; n--) r = 1.0f + s * r * (1.0f / (float)n);
    return e * (s * s) * (s * s) * (1.0f / 24.0f) * r;
}

/* Both springs have halflife/2, so the same rate k. With u = x − g, ui = xi − g:
 *   ui(t) = e^(−kt)·(p0 + p1·t),                p0 = ui0, p1 = vi0 + k·p0
 *   u(t)  = e^(−kt)·(A + B·t + C·t² + D·t³),    A = u0, B = v0 + k·A,
 *                                                C = k²·p0/2, D = k²·p1/6
 * (the outer spring is (d/dt + k)²u = k²·ui, so the cubic's second derivative is k²·ui·e^(kt)). */
void sp_double_spring_damper_exact(float *x, float *v, float *xi, float *vi, float g, float halflife,
                                   float dt)
{
    if (dt == 0.0f) return;
    float k = sp__half_damping(0.5f * halflife);
    float s = k * dt, e = sp__expf(-s);
    if (e == 0.0f) {
        *x = g;
        *v = 0.0f;
        *xi = g;
        *vi = 0.0f;
        return;
    }
    /* The cubic in s = k·t: k·A, k·p0 and k²·p1 overflow for tiny halflives although the
     * state is finite, so every term is written with powers of s (≤ about 100 while
     * e > 0) and k is applied last, after e. With w = p0 − A (the inner spring ahead of the
     * outer one):
     *   u  = e·(A·(1 + s + s²/2 + s³/6) + v0·t + w·s²·(1/2 + s/6) + vi0·t·s²/6)
     *   v  = e·(v0·(1 − s) + vi0·s²·(1/2 − s/6)) + (e·s)·(w − s²·p0/6)·k
     *   xi = g + e·(p0·(1 + s) + vi0·t),  vi = e·vi0·(1 − s) − (e·s)·p0·k.
     * Slow springs at small steps take the changes (as the critical spring, sp__critical_coefs):
     * x's, −A·tail4(s) + e·(…), where the pair set off together (w = 0) moves like s⁴/24, and the
     * others' with e·(1 ± s) − 1 = −m, −(m + 2·e·s), m = s²·R(s); the factors e·(1 + s + …) and
     * e·(1 ± s) are within s⁴/24, s²/2 and 2s of 1 and as floats keep only the leading digits of
     * the change. */
    float A = *x - g, p0 = *xi - g, v0 = *v, vi0 = *vi, ss = s * s, es = e * s;
    float w = *xi - *x; /* not p0 − A: both are rounded to the goal's ulp, w to its own */
    float rest_x = v0 * dt + w * ss * (0.5f + s / 6.0f) + vi0 * dt * ss / 6.0f;
    float rest_v = vi0 * ss * (0.5f - s / 6.0f), push = es * (w - ss * p0 / 6.0f) * k;
    if (s < 4.0f) /* e·(1 + s + s²/2 + s³/6) ≥ 0.43: the change is no smaller than the state */
        *x += e * rest_x - A * tail4(s, e);
    else
        *x = g + e * (A * (1.0f + s * (1.0f + s * (0.5f + s / 6.0f))) + rest_x);
    if (s < 0.5f) {
        float m = s * (s * sp__critical_ramp_series(s)), mv = m + 2.0f * es;
        *v += (e * rest_v + push) - mv * v0;
        *xi += e * (vi0 * dt) - m * p0;
        *vi -= mv * vi0 + es * p0 * k;
        return;
    }
    *v = e * (v0 * (1.0f - s) + rest_v) + push;
    *xi = g + e * (p0 * (1.0f + s) + vi0 * dt);
    *vi = e * vi0 * (1.0f - s) - es * p0 * k;
}

/* A critical spring (x, v) following a target that moves from p at velocity vg for
 * `moving` seconds and then rests at g, over dt seconds (the spring's own goal velocity is 0,
 * as in the article). While the target moves the spring is linear in its state and in vg: its
 * offset u = x − p and velocity step as the critical spring toward p held still
 * (sp_critical_spring_damper_coefs), and the target's motion adds what a spring at rest on a
 * target setting off at vg covers, vg·t·M(y·t) (sp__critical_lag), and its velocity vg·m,
 * m = 1 − e·(1 + s) = 1 − xx. Exact at any dt. Each is summed as a change before it is added to
 * the state (from the goal, for fast springs: the coefficients' flag), so that for slow springs at
 * small steps no digit of it is lost against the state, against vg·t, or against vg itself (the
 * offset from the moving target, stepped and added back, lost them). */
static void follow_linear_goal(float *x, float *v, float p, float vg, float moving, float g, float halflife,
                               float dt)
{
    float t1 = moving < dt ? (moving > 0.0f ? moving : 0.0f) : dt;
    if (t1 > 0.0f) {
        float k[7], s = sp__half_damping(halflife) * t1; /* s = +Inf for halflife 0: M = 1 */
        sp_critical_spring_damper_coefs(k, halflife, t1);
        int inc = k[6] != 0.0f;
        float M = sp__critical_lag(s, sp__expf(-s)), m = inc ? -k[0] : 1.0f - k[0];
        float u = *x - p, v0 = *v;
        float dx = (k[0] * u + k[1] * v0) + vg * (t1 * M), dv = (k[3] * u + k[4] * v0) + vg * m;
        *x = inc ? *x + dx : p + dx;
        *v = sp__flush_subnormal(inc ? v0 + dv : dv);
    }
    sp_simple_spring_damper_exact(x, v, g, halflife, dt - t1);
}

/* The linear interpolation xi reaches g in t_goal seconds at vg = (g − xi)/t_goal. The
 * spring tracks xi + vg·L, L = apprehension·halflife ahead, until that point reaches g,
 * i.e. for t_goal − L seconds, then g itself. */
void sp_timed_spring_damper_exact(float *x, float *v, float *xi, float g, float t_goal, float halflife,
                                  float dt, float apprehension)
{
    if (dt == 0.0f) return;
    float lead = apprehension * halflife;
    float vg = t_goal > 0.0f ? (g - *xi) / t_goal : 0.0f;
    /* A ramp too fast for float (|g − xi|/t_goal overflows: t_goal < |g − xi|/FLT_MAX, far
     * below a nanosecond for game values) is a jump, as for t_goal = 0. */
    if (isinf(vg)) t_goal = 0.0f, vg = 0.0f;
    if (!(t_goal > 0.0f)) *xi = g;
    follow_linear_goal(x, v, *xi + vg * lead, vg, t_goal - lead, g, halflife, dt);
    *xi = t_goal > dt ? *xi + vg * dt : g;
}

/* As the timed spring, with the time to the goal set by the speed limit: xi moves toward g
 * at max_speed, reaching it after |g − xi| / max_speed seconds. */
void sp_velocity_spring_damper_exact(float *x, float *v, float *xi, float g, float max_speed, float halflife,
                                     float dt, float apprehension)
{
    float t_goal = fabsf(g - *xi) / max_speed;
    sp_timed_spring_damper_exact(x, v, xi, g, t_goal == t_goal ? t_goal : 0.0f, halflife, dt, apprehension);
}
