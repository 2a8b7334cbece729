/* tracking.c — "Perfect Tracking with Springs": the article's gain tracker and its
 * variants for bad goal derivatives, the halflife version, finite-difference targets,
 * clipping, and a dt-invariant tracker built on the exact spring.
 *
 * Why the gain tracker tracks perfectly: write the error before a step as
 * e = x − s_i and w = v − v_goal_prev (v_goal_prev = v_goal − a_goal·dt, the goal's mean
 * velocity over the previous step). With a_gain = 1 one step maps (e, w) linearly:
 *   e' = (1 − x_gain)·e + dt·(1 − x_gain)(1 − v_gain)·w,
 *   w' = −x_gain·e/dt + (1 − x_gain)(1 − v_gain)·w,
 * whatever the goal does, so (0, 0) stays (0, 0): converged, x is the goal samples. That
 * map depends on dt. The exact tracker keeps the same error coordinates but moves them
 * with the exact solution of a damped spring (ë = −s·e − d·ė), which is dt-invariant; the
 * goal between samples is the cubic from (s_i, v_goal_prev) to (x_goal, v_goal), whose mean
 * velocity is v_goal, so the error needs no other knowledge of the goal. */
#include "internal.h"

void sp_tracking_spring_update(float *x, float *v, float x_goal, float v_goal, float a_goal, float x_gain,
                               float v_gain, float a_gain, float dt)
{
    if (dt == 0.0f) return;
    *v = sp_lerp(*v, *v + a_goal * dt, a_gain);
    sp_tracking_spring_update_no_acceleration(x, v, x_goal, v_goal, x_gain, v_gain, dt);
}

void sp_tracking_spring_update_no_acceleration(float *x, float *v, float x_goal, float v_goal, float x_gain,
                                               float v_gain, float dt)
{
    if (dt == 0.0f) return;
    *v = sp_lerp(*v, v_goal, v_gain);
    sp_tracking_spring_update_no_velocity_acceleration(x, v, x_goal, x_gain, dt);
}

/* lerp(v, (x_goal − x)/dt, a) with the division last: (x_goal − x)/dt alone overflows for
 * small dt (1e30 m in 1e-9 s) where a·(x_goal − x)/dt, the part the blend keeps, may not. */
static float blend_toward_position(float v, float x, float x_goal, float a, float dt)
{
    return (1.0f - a) * v + (a * (x_goal - x)) / dt;
}

void sp_tracking_spring_update_no_velocity_acceleration(float *x, float *v, float x_goal, float x_gain,
                                                        float dt)
{
    if (dt == 0.0f) return;
    *v = blend_toward_position(*v, *x, x_goal, x_gain, dt);
    *x = *x + dt * *v;
}

void sp_tracking_spring_update_improved(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                        float x_halflife, float v_halflife, float a_halflife, float dt)
{
    if (dt == 0.0f) return;
    *v = sp_damper_exact(*v, *v + a_goal * dt, a_halflife, dt);
    sp_tracking_spring_update_no_acceleration_improved(x, v, x_goal, v_goal, x_halflife, v_halflife, dt);
}

void sp_tracking_spring_update_no_acceleration_improved(float *x, float *v, float x_goal, float v_goal,
                                                        float x_halflife, float v_halflife, float dt)
{
    if (dt == 0.0f) return;
    *v = sp_damper_exact(*v, v_goal, v_halflife, dt);
    sp_tracking_spring_update_no_velocity_acceleration_improved(x, v, x_goal, x_halflife, dt);
}

void sp_tracking_spring_update_no_velocity_acceleration_improved(float *x, float *v, float x_goal,
                                                                 float x_halflife, float dt)
{
    if (dt == 0.0f) return;
    /* sp_damper_exact toward (x_goal − x)/dt: its fraction 1 − 2^(−dt/halflife) */
    *v = blend_toward_position(*v, *x, x_goal, sp__damper_coefs(x_halflife, dt).alpha, dt);
    *x = *x + dt * *v;
}

/* One step of the gain tracker with a_gain, as the velocity's change:
 *   v' − v = −(1 − t0)·v + t1·a_goal·dt + t2·dt·v_goal + t3·dt²·(x_goal − x)/dt,
 * t0 = (1 − kv)(1 − kx), t1 = ka·t0, t2 = kv·(1 − kx)/dt, t3 = kx/dt²; per dt that is the spring
 * acceleration s·(x_goal − x) + d·(q − v) with s = t3, d = (1 − t0)/dt and d·q = t2·v_goal +
 * t1·a_goal (the repository's reading, at dt = gain_dt). */
void sp_tracking_spring_update_exact_gains(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                           float x_gain, float v_gain, float a_gain, float dt, float gain_dt)
{
    if (dt == 0.0f) return;
    float kx = sp__clamp(x_gain, 0.0f, 1.0f), kv = sp__clamp(v_gain, 0.0f, 1.0f),
          ka = sp__clamp(a_gain, 0.0f, 1.0f);
    float t0 = (1.0f - kv) * (1.0f - kx), damping = (1.0f - t0) / gain_dt;
    float push = kv * (1.0f - kx) / gain_dt * v_goal + ka * t0 * a_goal; /* d·q */
    if (!(damping > 0.0f)) { /* no gain at all: free motion under the followed acceleration */
        *x += dt * (*v + 0.5f * push * dt);
        *v += push * dt;
        return;
    }
    sp_spring_damper_exact_stiffness(x, v, x_goal, push / damping, kx / gain_dt / gain_dt, damping, dt);
}

void sp_tracking_spring_update_exact(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                     float frequency, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float e = *x - (x_goal - v_goal * dt); /* position error at the start of the step */
    float w = *v - (v_goal - a_goal * dt); /* velocity error at the start of the step */
    sp_spring_damper_exact(&e, &w, 0.0f, 0.0f, frequency, halflife, dt);
    *x = x_goal + e;
    *v = v_goal + w;
}

void sp_tracking_spring_update_exact_no_acceleration(float *x, float *v, float x_goal, float v_goal,
                                                     float frequency, float halflife, float dt)
{
    sp_tracking_spring_update_exact(x, v, x_goal, v_goal, 0.0f, frequency, halflife, dt);
}

void sp_tracking_spring_update_exact_no_velocity_acceleration(float *x, float *v, float x_goal,
                                                              float frequency, float halflife, float dt)
{
    sp_tracking_spring_update_exact(x, v, x_goal, *v, 0.0f, frequency, halflife, dt);
}

/* The gain map above has trace T = (1 − kx)(2 − kv) and determinant Δ = (1 − kx)(1 − kv);
 * it equals e^(A·dt) for an A with eigenvalues ln μ / dt (μ its eigenvalues, both > 0 or
 * complex, since T ≥ 0 and Δ ≥ 0 for gains in [0, 1]). A spring ë = −s·e − d·ė has
 * trace −d and determinant s, so d = −ln Δ / dt and s = ln μ1 · ln μ2 / dt² (|ln μ|² for
 * a complex pair). Gains are clamped to [0, 1]; Δ = 0 (a gain of 1) is a snap. */
void sp_tracking_gains_to_spring(float x_gain, float v_gain, float reference_dt, float *out_frequency,
                                 float *out_halflife)
{
    float kx = sp__clamp(x_gain, 0.0f, 1.0f), kv = sp__clamp(v_gain, 0.0f, 1.0f);
    float T = (1.0f - kx) * (2.0f - kv), D = (1.0f - kx) * (1.0f - kv);
    if (!(D > 0.0f) || !(reference_dt > 0.0f)) {
        *out_frequency = 0.0f;
        *out_halflife = 0.0f;
        return;
    }
    float disc = T * T - 4.0f * D, lnproduct;
    if (disc >= 0.0f) {
        float r = sqrtf(disc);
        float mu1 = 0.5f * (T + r), mu2 = D / mu1; /* the product form avoids cancellation */
        lnproduct = logf(mu1) * logf(mu2);
    } else {
        lnproduct = sp__sq(0.5f * logf(D)) + sp__sq(atan2f(sqrtf(-disc), T));
    }
    /* Rounding may leave an eigenvalue a hair above 1 (ln > 0, a negative product) and
     * ln 1 = 0 negates to −0 (halflife −Inf): both are clamped to +0. */
    float damping = (0.0f - logf(D)) / reference_dt;
    /* frequency = √(s)/2π with s = lnproduct/dt², without dt² (it underflows for tiny dt) */
    *out_frequency = sp_stiffness_to_frequency(lnproduct > 0.0f ? lnproduct : 0.0f) / reference_dt;
    *out_halflife = sp_damping_to_halflife(damping);
}

float sp_tracking_target_velocity(float x_next, float x_curr, float dt)
{
    return dt == 0.0f ? 0.0f : (x_next - x_curr) / dt;
}

float sp_tracking_target_acceleration(float x_next, float x_curr, float x_prev, float dt)
{
    return sp_tracking_target_acceleration_varying(x_next, x_curr, x_prev, dt, dt);
}

float sp_tracking_target_acceleration_varying(float x_next, float x_curr, float x_prev, float dt,
                                              float dt_prev)
{
    if (dt == 0.0f || dt_prev == 0.0f) return 0.0f;
    return ((x_next - x_curr) / dt - (x_curr - x_prev) / dt_prev) / dt;
}

float sp_tracking_clip(float value, float limit) { return sp__clamp(value, -limit, limit); }
