/* other_springs.c — the double, timed and velocity springs of Spring-It-On, in closed form.
 *
 * The article steps these by holding the inner goal fixed during each frame, which makes
 * them depend on the frame rate. Here the inner goal moves during the step exactly as it
 * does between steps, and each spring is solved in closed form, so they are dt-invariant;
 * as dt → 0 the article's versions converge to these. */
#include "internal.h"

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
     * e > 0) and k is applied last, after e:
     *   f·e = e·(A·(1 + s) + v0·t + s²·p0/2 + s²·(vi0·t + s·p0)/6)
     *   v   = e·(v0·(1 − s) + vi0·s²·(1/2 − s/6)) + (e·s)·(p0 − A − s²·p0/6)·k
     *   xi  = g + e·(p0·(1 + s) + vi0·t),  vi = e·vi0·(1 − s) − (e·s)·p0·k */
    float A = *x - g, p0 = *xi - g, v0 = *v, vi0 = *vi, ss = s * s;
    *x = g + e * (A * (1.0f + s) + v0 * dt + ss * p0 / 2.0f + ss * (vi0 * dt + s * p0) / 6.0f);
    *v = e * (v0 * (1.0f - s) + vi0 * ss * (0.5f - s / 6.0f)) + (e * s) * (p0 - A - ss * p0 / 6.0f) * k;
    *xi = g + e * (p0 * (1.0f + s) + vi0 * dt);
    *vi = e * vi0 * (1.0f - s) - (e * s) * p0 * k;
}

/* A critical spring (x, v) following a target that moves from p at velocity vg for
 * `moving` seconds and then rests at g, over dt seconds. While the target moves, the
 * offset u = x − target obeys the critical spring with goal 0 and goal velocity −vg (the
 * spring's own goal velocity is 0, as in the article), which is exact at any dt. */
static void follow_linear_goal(float *x, float *v, float p, float vg, float moving, float g, float halflife,
                               float dt)
{
    float t1 = moving < dt ? (moving > 0.0f ? moving : 0.0f) : dt;
    if (t1 > 0.0f) {
        float u = *x - p, uv = *v - vg;
        sp_critical_spring_damper_exact(&u, &uv, 0.0f, -vg, halflife, t1);
        *x = u + p + vg * t1;
        *v = uv + vg;
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
