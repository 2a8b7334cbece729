/* batch.c — the dampers and springs of dampers.c, springs.c and quat_springs.c over
 * caller-owned SoA arrays: one call for many springs.
 *
 * Each kernel applies the same coefficients with the same inline step as its scalar
 * function (sp__critical_coefs / sp__critical_apply, sp__spring_coefs / sp__spring_apply,
 * sp__quat_spring_apply in internal.h), so every element equals the scalar function bit for
 * bit. With a shared halflife the coefficients are computed once per call and the element
 * loop is a few multiply-adds, which the compiler vectorises in the -msimd128 build; with a
 * per-element halflife the coefficients (sp__expf included) are branch-free and vectorise
 * too. Elements never read each other, so a non-finite input of one element cannot reach
 * another. */
#include <stddef.h>
#include "soa.h"

/* The critical family over n elements of dim floats; g and q may be NULL (zero); without g it is
 * the decay spring, stepped as sp_decay_spring_damper_exact steps (sp__critical_decay). */
static inline void critical_batch(float *x, float *v, const float *g, const float *q, const float *halflife,
                                  int per_element, float dt, int n, int dim)
{
    if (dt == 0.0f || n <= 0 || dim <= 0) return;
    size_t total = (size_t)n * (size_t)dim;
    if (!per_element) {
        sp__critical_k k = sp__critical_coefs(halflife[0], dt);
        if (g && q)
            for (size_t j = 0; j < total; j++) sp__critical_apply(&k, &x[j], &v[j], g[j], q[j]);
        else if (g)
            for (size_t j = 0; j < total; j++) sp__critical_apply(&k, &x[j], &v[j], g[j], 0.0f);
        else
            for (size_t j = 0; j < total; j++) sp__critical_decay(&k, &x[j], &v[j], 0x1p-126f);
        return;
    }
    if (dim == 1) { /* one coefficient set per float, chunk by chunk (soa.h): loops that vectorise */
        sp__soa_critical kc;
        for (size_t j0 = 0; j0 < total; j0 += SP__CHUNK) {
            int m = total - j0 < SP__CHUNK ? (int)(total - j0) : SP__CHUNK;
            float *xs = x + j0, *vs = v + j0;
            sp__soa_critical_coefs(&kc, halflife + j0, dt, m);
            if (g && q) {
                const float *gs = g + j0, *qs = q + j0;
                for (int i = 0; i < m; i++) {
                    sp__critical_k k = sp__soa_critical_at(&kc, i);
                    sp__critical_apply(&k, &xs[i], &vs[i], gs[i], qs[i]);
                }
            } else if (g) {
                const float *gs = g + j0;
                for (int i = 0; i < m; i++) {
                    sp__critical_k k = sp__soa_critical_at(&kc, i);
                    sp__critical_apply(&k, &xs[i], &vs[i], gs[i], 0.0f);
                }
            } else
                for (int i = 0; i < m; i++) {
                    sp__critical_k k = sp__soa_critical_at(&kc, i);
                    sp__critical_decay(&k, &xs[i], &vs[i], 0x1p-126f);
                }
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        sp__critical_k k = sp__critical_coefs(halflife[i], dt);
        for (size_t j = (size_t)i * (size_t)dim, end = j + (size_t)dim; j < end; j++)
            if (g)
                sp__critical_apply(&k, &x[j], &v[j], g[j], q ? q[j] : 0.0f);
            else /* the decay springs: sp_decay_spring_damper_exact's step */
                sp__critical_decay(&k, &x[j], &v[j], 0x1p-126f);
    }
}

void sp_critical_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q,
                                           const float *halflife, int per_element, float dt, int n, int dim)
{
    critical_batch(x, v, g, q, halflife, per_element, dt, n, dim);
}

void sp_simple_spring_damper_exact_batch(float *x, float *v, const float *g, const float *halflife,
                                         int per_element, float dt, int n, int dim)
{
    critical_batch(x, v, g, NULL, halflife, per_element, dt, n, dim);
}

void sp_decay_spring_damper_exact_batch(float *x, float *v, const float *halflife, int per_element, float dt,
                                        int n, int dim)
{
    critical_batch(x, v, NULL, NULL, halflife, per_element, dt, n, dim);
}

/* sp_damper_exact: the step of sp__damper_coefs, once per group. */
void sp_damper_exact_batch(float *x, const float *g, const float *halflife, int per_element, float dt, int n,
                           int dim)
{
    if (n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        sp__damper_k k = sp__damper_coefs(halflife[i], dt);
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) x[j] = sp__damper_apply(&k, x[j], g[j]);
    }
}

void sp_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q, const float *frequency,
                                  const float *halflife, int per_element, float dt, int n, int dim)
{
    if (dt == 0.0f || n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        sp__spring_k k =
            sp__spring_coefs(sp__spring_omega(frequency[i]), sp_halflife_to_damping(halflife[i]), dt);
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) sp__spring_apply(&k, &x[j], &v[j], g[j], q[j]);
    }
}

/* The quaternion springs chunk by chunk (soa.h): the rotations, angular velocities, goals and
 * per-element halflives in structure-of-arrays form, the three stages of sp__quat_spring_fast
 * each in a loop the compiler vectorises (sp__soa_quat_spring), copied back; a rotation the
 * fast step does not handle is then stepped by sp__quat_spring_apply, which is what the
 * scalar functions call, so every element equals them bit for bit. */
void sp_simple_spring_damper_exact_quat_batch(float *x, float *v, const float *goal, const float *halflife,
                                              int per_element, float dt, int n)
{
    if (dt == 0.0f || n <= 0) return;
    sp__critical_k k0 = sp__critical_coefs(halflife[0], dt);
    struct {
        sp__soa_quat x, g;
        sp__soa_vec v;
        float h[SP__CHUNK];
        int ok[SP__CHUNK];
    } c;
    for (int i0 = 0; i0 < n; i0 += SP__CHUNK) {
        int m = n - i0 < SP__CHUNK ? n - i0 : SP__CHUNK, lanes = sp__soa_lanes(m);
        float *xs = x + 4 * (size_t)i0, *vs = v + 3 * (size_t)i0;
        const float *gs = goal ? goal + 4 * (size_t)i0 : NULL;
        sp__soa_quat_load(&c.x, xs, m);
        sp__soa_vec_load(&c.v, vs, m);
        if (gs) sp__soa_quat_load(&c.g, gs, m);
        /* the lanes past m take the first element's halflife */
        for (int i = 0; per_element && i < lanes; i++) c.h[i] = halflife[i0 + (i < m ? i : 0)];
        sp__soa_quat_spring(&c.x, &c.v, c.ok, gs ? &c.g : NULL, &k0, per_element ? c.h : NULL, dt, lanes);
        const int *failed = sp__soa_failed(c.ok, m);
        sp__soa_quat_store(&c.x, xs, m, failed);
        sp__soa_vec_store(&c.v, vs, m, failed);
        for (int i = 0; failed && i < m; i++) {
            if (c.ok[i]) continue;
            float *xi = xs + 4 * i, *vi = vs + 3 * i;
            sp__critical_k k = per_element ? sp__critical_coefs(halflife[i0 + i], dt) : k0;
            sp_quat r = sp__q(xi[0], xi[1], xi[2], xi[3]);
            sp_vec3 w = sp__v3(vi[0], vi[1], vi[2]);
            sp_quat g = gs ? sp__q(gs[4 * i], gs[4 * i + 1], gs[4 * i + 2], gs[4 * i + 3]) : r;
            sp__quat_spring_apply(&k, &r, &w, gs ? &g : NULL);
            xi[0] = r.x;
            xi[1] = r.y;
            xi[2] = r.z;
            xi[3] = r.w;
            vi[0] = w.x;
            vi[1] = w.y;
            vi[2] = w.z;
        }
    }
}

void sp_decay_spring_damper_exact_quat_batch(float *x, float *v, const float *halflife, int per_element,
                                             float dt, int n)
{
    sp_simple_spring_damper_exact_quat_batch(x, v, NULL, halflife, per_element, dt, n);
}
