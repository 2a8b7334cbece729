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
#include "internal.h"

/* The critical family over n elements of dim floats; g and q may be NULL (zero). */
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
            for (size_t j = 0; j < total; j++) sp__critical_apply(&k, &x[j], &v[j], 0.0f, 0.0f);
        return;
    }
    if (dim == 1) { /* one coefficient set per float: loops the compiler vectorises */
        if (g && q)
            for (size_t j = 0; j < total; j++) {
                sp__critical_k k = sp__critical_coefs(halflife[j], dt);
                sp__critical_apply(&k, &x[j], &v[j], g[j], q[j]);
            }
        else if (g)
            for (size_t j = 0; j < total; j++) {
                sp__critical_k k = sp__critical_coefs(halflife[j], dt);
                sp__critical_apply(&k, &x[j], &v[j], g[j], 0.0f);
            }
        else
            for (size_t j = 0; j < total; j++) {
                sp__critical_k k = sp__critical_coefs(halflife[j], dt);
                sp__critical_apply(&k, &x[j], &v[j], 0.0f, 0.0f);
            }
        return;
    }
    for (int i = 0; i < n; i++) {
        sp__critical_k k = sp__critical_coefs(halflife[i], dt);
        for (size_t j = (size_t)i * (size_t)dim, end = j + (size_t)dim; j < end; j++)
            sp__critical_apply(&k, &x[j], &v[j], g ? g[j] : 0.0f, q ? q[j] : 0.0f);
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

/* sp_damper_exact: keep = e^(−ln2·dt/halflife), x = keep·x + (1 − keep)·g. */
void sp_damper_exact_batch(float *x, const float *g, const float *halflife, int per_element, float dt, int n,
                           int dim)
{
    if (n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        float keep = sp__decay(sp__per_halflife(SP_LN2, halflife[i]), dt), move = 1.0f - keep;
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) x[j] = sp__flush(keep * x[j], SP__TINY) + move * g[j];
    }
}

void sp_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q, const float *frequency,
                                  const float *halflife, int per_element, float dt, int n, int dim)
{
    if (dt == 0.0f || n <= 0 || dim <= 0) return;
    for (int i = 0, groups = per_element ? n : 1; i < groups; i++) {
        sp__spring_k k = sp__spring_coefs(sp_frequency_to_stiffness(frequency[i]),
                                          sp_halflife_to_damping(halflife[i]), dt);
        size_t j = per_element ? (size_t)i * (size_t)dim : 0;
        size_t end = per_element ? j + (size_t)dim : (size_t)n * (size_t)dim;
        for (; j < end; j++) sp__spring_apply(&k, &x[j], &v[j], g[j], q[j]);
    }
}

/* The quaternion springs in chunks of QUAT_CHUNK rotations: copied into structure-of-arrays
 * form, stepped by sp__quat_spring_fast in a loop the compiler vectorises (shared or per
 * element coefficients), and copied back; a rotation the fast step does not handle (flag 0)
 * is left untouched by the copy back and then stepped by sp__quat_spring_apply, which is
 * what the scalar functions call, so every element equals them bit for bit. */
enum { QUAT_CHUNK = 64 };

typedef struct {
    float x[QUAT_CHUNK], y[QUAT_CHUNK], z[QUAT_CHUNK], w[QUAT_CHUNK], vx[QUAT_CHUNK], vy[QUAT_CHUNK],
        vz[QUAT_CHUNK], gx[QUAT_CHUNK], gy[QUAT_CHUNK], gz[QUAT_CHUNK], gw[QUAT_CHUNK];
    int ok[QUAT_CHUNK];
} quat_soa;

SP__ALWAYS_INLINE void quat_soa_step(quat_soa *c, int i, const sp__critical_k *k, int has_goal)
{
    sp__quat_state st = { c->x[i], c->y[i], c->z[i], c->w[i], c->vx[i], c->vy[i], c->vz[i] };
    c->ok[i] = has_goal ? sp__quat_spring_fast(k, &st, 1, c->gx[i], c->gy[i], c->gz[i], c->gw[i])
                        : sp__quat_spring_fast(k, &st, 0, 0.0f, 0.0f, 0.0f, 1.0f);
    c->x[i] = st.x;
    c->y[i] = st.y;
    c->z[i] = st.z;
    c->w[i] = st.w;
    c->vx[i] = st.vx;
    c->vy[i] = st.vy;
    c->vz[i] = st.vz;
}

void sp_simple_spring_damper_exact_quat_batch(float *x, float *v, const float *goal, const float *halflife,
                                              int per_element, float dt, int n)
{
    if (dt == 0.0f || n <= 0) return;
    sp__critical_k k0 = sp__critical_coefs(halflife[0], dt);
    quat_soa c;
    for (int i0 = 0; i0 < n; i0 += QUAT_CHUNK) {
        int m = n - i0 < QUAT_CHUNK ? n - i0 : QUAT_CHUNK;
        float *xs = x + 4 * (size_t)i0, *vs = v + 3 * (size_t)i0;
        const float *gs = goal ? goal + 4 * (size_t)i0 : NULL;
        for (int i = 0; i < m; i++) {
            c.x[i] = xs[4 * i];
            c.y[i] = xs[4 * i + 1];
            c.z[i] = xs[4 * i + 2];
            c.w[i] = xs[4 * i + 3];
            c.vx[i] = vs[3 * i];
            c.vy[i] = vs[3 * i + 1];
            c.vz[i] = vs[3 * i + 2];
        }
        if (gs)
            for (int i = 0; i < m; i++) {
                c.gx[i] = gs[4 * i];
                c.gy[i] = gs[4 * i + 1];
                c.gz[i] = gs[4 * i + 2];
                c.gw[i] = gs[4 * i + 3];
            }
        /* four loops with the choices fixed, so that each vectorises without them */
        if (per_element && gs)
            for (int i = 0; i < m; i++) {
                sp__critical_k k = sp__critical_coefs(halflife[i0 + i], dt);
                quat_soa_step(&c, i, &k, 1);
            }
        else if (per_element)
            for (int i = 0; i < m; i++) {
                sp__critical_k k = sp__critical_coefs(halflife[i0 + i], dt);
                quat_soa_step(&c, i, &k, 0);
            }
        else if (gs)
            for (int i = 0; i < m; i++) quat_soa_step(&c, i, &k0, 1);
        else
            for (int i = 0; i < m; i++) quat_soa_step(&c, i, &k0, 0);
        int all_ok = 1;
        for (int i = 0; i < m; i++) all_ok &= c.ok[i];
        for (int i = 0; i < m; i++) {
            if (!all_ok && !c.ok[i]) continue;
            float *xi = xs + 4 * i, *vi = vs + 3 * i;
            xi[0] = c.x[i];
            xi[1] = c.y[i];
            xi[2] = c.z[i];
            xi[3] = c.w[i];
            vi[0] = c.vx[i];
            vi[1] = c.vy[i];
            vi[2] = c.vz[i];
        }
        for (int i = 0; i < m && !all_ok; i++) {
            if (c.ok[i]) continue;
            float *xi = xs + 4 * i, *vi = vs + 3 * i;
            sp__critical_k k = per_element ? sp__critical_coefs(halflife[i0 + i], dt) : k0;
            sp_quat r = sp__q(xi[0], xi[1], xi[2], xi[3]);
            sp_vec3 w = sp__v3(vi[0], vi[1], vi[2]);
            sp_quat g = sp__q(c.gx[i], c.gy[i], c.gz[i], c.gw[i]);
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
