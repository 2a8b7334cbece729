/* easing.c — the two easings of the Spring-It-On demos (cubiceasing.c, inertialeasing.c in
 * the article's source repository; the article's text itself has neither), stepped exactly.
 *
 * Both are cubic Hermite segments to the goal at rest: the remaining distance after the
 * fraction τ of a segment of duration T that starts at distance u with velocity v0 is
 *   u·(1 − τ)²·(1 + 2τ) + v0·T·τ·(1 − τ)²,
 * and restarting the segment from any of its points with the time that remains gives the same
 * segment, which is what makes the steps dt-invariant. They differ in how T is chosen. */
#include "internal.h"

/* 0 for a finite x, NaN otherwise: a snap keeps a non-finite state non-finite. */
static float poison(float x) { return x - x; }

/* The Hermite segment from (x, v) to (g, 0) of duration T, evaluated dt (< T) later, in double:
 * u = x − g, position g + u·h00 + v·T·h10 and velocity (u·h00' + v·T·h10')/T, h00 = (1−τ)²(1+2τ),
 * h10 = τ(1−τ)², h00' = −6τ(1−τ), h10' = (1−τ)(1−3τ). */
static void hermite(double *x, double *v, double g, double T, double dt)
{
    double tau = dt / T, w = 1.0 - tau, u = *x - g;
    *x = g + w * w * (u * (1.0 + 2.0 * tau) + *v * dt);
    *v = w * (*v * (1.0 - 3.0 * tau) - 6.0 * (u / T) * tau);
}

/* The cubic of the demo: a fixed duration, blendtime after the goal was set. */
void sp_cubic_easing_update(float *x, float *v, float *t, float g, float blendtime, float dt)
{
    if (dt == 0.0f) return;
    float remaining = blendtime - *t;
    *t += dt;
    if (dt >= remaining) { /* arrives within the step (blendtime 0: at once) */
        *x = g + poison(*x) + poison(*v);
        *v = 0.0f + poison(*x);
        return;
    }
    double xd = *x, vd = *v;
    hermite(&xd, &vd, g, remaining, dt);
    *x = sp__to_float(xd);
    *v = sp__to_float(vd);
}

/* The inertial easing. Seen from the goal (distance D ≥ 0 to it, speed V toward it), a cubic of
 * duration T arrives with the deceleration (6D − 2VT)/T²; setting it to A gives
 * A·T² + 2V·T − 6D = 0, T = 6D/(√(V² + 6AD) + V) (the root without cancellation). The demo
 * fits its cubic by a golden-section search over the smoothstep's parameter, which is this
 * curve while V ≥ 0 and V² ≤ 2AD (t ∈ [0, 1] there); beyond, its search lands off the goal or
 * overshoots from a cubic that accelerates far above A. Here a motion that heads away from the
 * goal, or that cannot stop before it at deceleration A (V² > 2AD), brakes at A to rest first
 * and then takes the cubic back from rest: the acceleration never exceeds A and is continuous
 * where the phases meet. Along a cubic its own state solves the same equation, so re-solving
 * every step from the state alone follows the same curve. */
typedef struct {
    int brake;     /* 1: braking at constant deceleration; 0: the cubic */
    double sigma;  /* +1 or −1: the direction from x to the goal */
    double Dp, Vp; /* distance to the goal and speed toward it, in that direction */
    double T;      /* duration of the phase */
} inertial_phase;

static inertial_phase inertial_plan(double x, double v, double g, double A)
{
    inertial_phase p;
    double D = g - x;
    /* at the goal with a speed, the goal counts as behind the motion (it comes back) */
    p.sigma = D > 0.0 ? 1.0 : (D < 0.0 ? -1.0 : (v > 0.0 ? -1.0 : 1.0));
    p.Dp = p.sigma * D;
    p.Vp = p.sigma * v;
    p.brake = p.Vp < 0.0 || p.Vp * p.Vp > 2.0 * A * p.Dp;
    p.T = p.brake ? fabs(p.Vp) / A : 6.0 * p.Dp / (sqrt(p.Vp * p.Vp + 6.0 * A * p.Dp) + p.Vp);
    if (!p.brake && p.Dp == 0.0) p.T = 0.0; /* at rest on the goal (and A = 0 with D = 0) */
    return p;
}

void sp_inertial_easing_update(float *x, float *v, float g, float acceleration, float dt)
{
    if (dt == 0.0f) return;
    double xd = *x, vd = *v, A = acceleration, left = dt;
    for (int phase = 0; phase < 3; phase++) {
        inertial_phase p = inertial_plan(xd, vd, g, A);
        if (p.brake) {
            double a = vd > 0.0 ? -A : A;
            if (left < p.T) {
                xd += left * (vd + 0.5 * a * left);
                vd += a * left;
                break;
            }
            xd += 0.5 * vd * p.T; /* to rest: the mean speed is half the initial one */
            vd = 0.0;
            left -= p.T;
            continue;
        }
        if (left >= p.T) {                  /* arrives */
            xd = g + (xd - xd) + (vd - vd); /* NaN stays NaN */
            vd = vd - vd;
            break;
        }
        hermite(&xd, &vd, g, p.T, left);
        break;
    }
    *x = sp__to_float(xd);
    *v = sp__to_float(vd);
}

float sp_inertial_easing_duration(float x, float v, float g, float acceleration)
{
    double xd = x, vd = v, A = acceleration, total = 0.0;
    inertial_phase p = inertial_plan(xd, vd, g, A);
    if (p.brake) {
        total = p.T;
        xd += 0.5 * vd * p.T;
        p = inertial_plan(xd, 0.0, g, A);
    }
    return sp__to_float(total + p.T);
}
