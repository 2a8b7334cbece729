/* batch.c — the dampers and springs of dampers.c, springs.c and quat_springs.c over
 * caller-owned SoA arrays: one call for many springs.
 *
 * Each kernel repeats, per float, the operations of its scalar function in the same
 * order, so every element equals the scalar function bit for bit (tests/c/test_batch.c
 * checks it). With a shared halflife the exponentials are computed once per call and the
 * element loop is plain arithmetic with selects instead of branches, which the compiler
 * vectorises in the -msimd128 build; with a per-element halflife each element pays its
 * own expf (exact, not an approximation). Elements never read each other, so a
 * non-finite input of one element cannot reach another. */
#include <stddef.h>
#include "internal.h"

/* A critical spring over dt: half damping y, e = e^(−y·dt) and y·dt. */
typedef struct { float y, e, ydt; } critical_coef;

static inline critical_coef critical_coef_of(float halflife, float dt)
{
    critical_coef k;
    k.y = sp__half_damping(halflife);
    k.e = expf(-k.y * dt);
    k.ydt = k.y * dt;
    return k;
}

/* sp_critical_spring_damper_exact (has_goal = 1) or sp_decay_spring_damper_exact
 * (has_goal = 0) on one float, for dt ≠ 0. `snap` is k.e == 0, passed as a constant by
 * the shared-halflife loops so that they carry no select for it. */
static inline void critical_step(float *x, float *v, float g, float q, int has_goal, critical_coef k, int snap, float dt)
{
    float c = has_goal ? (q == 0.0f ? g : g + 2.0f * q / k.y) : 0.0f;
    float x0 = has_goal ? *x - c : *x;
    float ej1 = k.e * (*v + x0 * k.y);
    float nx = k.e * x0 + ej1 * dt;
    float nv = k.e * *v - ej1 * k.ydt;
    *x = has_goal ? (snap ? 0.0f : nx) + c : (snap ? 0.0f : nx);
    *v = snap ? 0.0f : nv;
}

/* critical_step over the floats [j, end) with one coefficient set. */
static inline void critical_run(float *x, float *v, const float *g, const float *q, int has_goal, int has_q,
                                critical_coef k, float dt, size_t j, size_t end)
{
    if (k.e == 0.0f)
        for (; j < end; j++) critical_step(&x[j], &v[j], has_goal ? g[j] : 0.0f, has_q ? q[j] : 0.0f, has_goal, k, 1, dt);
    else
        for (; j < end; j++) critical_step(&x[j], &v[j], has_goal ? g[j] : 0.0f, has_q ? q[j] : 0.0f, has_goal, k, 0, dt);
}

/* The critical family over n elements of dim floats; g and q are read only when
 * has_goal / has_q (the wrappers pass constants, so each loop specialises). */
static inline void critical_batch(float *x, float *v, const float *g, const float *q, int has_goal, int has_q,
                                  const float *halflife, int per_element, float dt, int n, int dim)
{
    if (dt == 0.0f || n <= 0 || dim <= 0) return;
    if (!per_element) {
        critical_run(x, v, g, q, has_goal, has_q, critical_coef_of(halflife[0], dt), dt, 0, (size_t)n * (size_t)dim);
        return;
    }
    for (int i = 0; i < n; i++) {
        critical_coef k = critical_coef_of(halflife[i], dt);
        for (size_t j = (size_t)i * (size_t)dim, end = j + (size_t)dim; j < end; j++)
            critical_step(&x[j], &v[j], has_goal ? g[j] : 0.0f, has_q ? q[j] : 0.0f, has_goal, k, k.e == 0.0f, dt);
    }
}

void sp_critical_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q,
                                           const float *halflife, int per_element, float dt, int n, int dim)
{
    critical_batch(x, v, g, q, 1, 1, halflife, per_element, dt, n, dim);
}

void sp_simple_spring_damper_exact_batch(float *x, float *v, const float *g,
                                         const float *halflife, int per_element, float dt, int n, int dim)
{
    critical_batch(x, v, g, NULL, 1, 0, halflife, per_element, dt, n, dim);
}

void sp_decay_spring_damper_exact_batch(float *x, float *v, const float *halflife, int per_element, float dt, int n, int dim)
{
    critical_batch(x, v, NULL, NULL, 0, 0, halflife, per_element, dt, n, dim);
}

/* sp_damper_exact: keep = e^(−ln2·dt/halflife), x = keep·x + (1 − keep)·g. */
void sp_damper_exact_batch(float *x, const float *g, const float *halflife, int per_element, float dt, int n, int dim)
{
    if (n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        float keep = sp__decay(SP_LN2 / halflife[i], dt), move = 1.0f - keep;
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) x[j] = keep * x[j] + move * g[j];
    }
}

/* The exact spring over dt for one frequency and halflife (sp_spring_damper_exact_stiffness). */
typedef struct { float s, d, y, C, S; int snap, rest; } spring_coef;

static inline spring_coef spring_coef_of(float frequency, float halflife, float dt)
{
    spring_coef k;
    k.s = sp_frequency_to_stiffness(frequency);
    k.d = sp_halflife_to_damping(halflife);
    k.y = k.d / 2.0f;
    k.snap = isinf(k.d) && k.d > 0.0f;
    sp__spring_basis(k.s, k.y, dt, &k.C, &k.S);
    k.rest = k.C == 0.0f && k.S == 0.0f;
    return k;
}

static inline void spring_step(float *x, float *v, float g, float q, spring_coef k)
{
    float c = q == 0.0f ? g : g + (k.d * q) / k.s;
    float u0 = *x - c, v0 = *v;
    float nx = c + u0 * k.C + (v0 + k.y * u0) * k.S;
    float nv = v0 * k.C - (k.s * u0 + k.y * v0) * k.S;
    *x = k.snap ? g : (k.rest ? c : nx);
    *v = k.snap || k.rest ? 0.0f : nv;
}

void sp_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q, const float *frequency,
                                  const float *halflife, int per_element, float dt, int n, int dim)
{
    if (dt == 0.0f || n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        spring_coef k = spring_coef_of(frequency[i], halflife[i], dt);
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) spring_step(&x[j], &v[j], g[j], q[j], k);
    }
}

/* sp_simple_spring_damper_exact_quat on quaternion x[0..3] with angular velocity v[0..2]
 * toward goal (the identity when goal is NULL), for dt ≠ 0. */
static void quat_step(float *x, float *v, const float *goal, critical_coef k, float dt)
{
    sp_quat g = goal ? sp__q(goal[0], goal[1], goal[2], goal[3]) : sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    sp_quat q;
    sp_vec3 w = sp__v3(v[0], v[1], v[2]);
    if (k.e == 0.0f) {
        q = sp__q_normalize(g);
        w = sp__v3(0, 0, 0);
    } else {
        sp_vec3 j0 = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(sp__q(x[0], x[1], x[2], x[3]), sp__q_inv(g))));
        sp_vec3 ej1 = sp__v3_scale(sp__v3_add(w, sp__v3_scale(j0, k.y)), k.e);
        sp_vec3 off = sp__v3_add(sp__v3_scale(j0, k.e), sp__v3_scale(ej1, dt));
        q = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(off), g));
        w = sp__v3_sub(sp__v3_scale(w, k.e), sp__v3_scale(ej1, k.ydt));
    }
    x[0] = q.x; x[1] = q.y; x[2] = q.z; x[3] = q.w;
    v[0] = w.x; v[1] = w.y; v[2] = w.z;
}

void sp_simple_spring_damper_exact_quat_batch(float *x, float *v, const float *goal,
                                              const float *halflife, int per_element, float dt, int n)
{
    if (dt == 0.0f || n <= 0) return;
    critical_coef k = critical_coef_of(halflife[0], dt);
    for (int i = 0; i < n; i++) {
        if (per_element) k = critical_coef_of(halflife[i], dt);
        quat_step(x + 4 * (size_t)i, v + 3 * (size_t)i, goal ? goal + 4 * (size_t)i : NULL, k, dt);
    }
}

void sp_decay_spring_damper_exact_quat_batch(float *x, float *v, const float *halflife, int per_element, float dt, int n)
{
    sp_simple_spring_damper_exact_quat_batch(x, v, NULL, halflife, per_element, dt, n);
}
