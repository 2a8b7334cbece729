/* soa.c — the chunk protocol of soa.h: the copies between interleaved arrays and a chunk,
 * and the stages of the critical spring on rotations over a chunk. Functions, not inline
 * helpers, so that the module holds each once however many kernels use them (a call per
 * chunk of SP__CHUNK elements costs nothing measurable). */
#include "soa.h"

/* The padding of a chunk (fewer than 8 elements): not worth a vectorised loop's code. */
#ifdef __clang__
#define SCALAR_LOOP _Pragma("clang loop vectorize(disable)")
#else
#define SCALAR_LOOP
#endif

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

static inline void sp__transpose4(v128_t *a, v128_t *b, v128_t *c, v128_t *d)
{
    v128_t t0 = wasm_i32x4_shuffle(*a, *b, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(*c, *d, 0, 4, 1, 5);
    v128_t t2 = wasm_i32x4_shuffle(*a, *b, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(*c, *d, 2, 6, 3, 7);
    *a = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5);
    *b = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
    *c = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5);
    *d = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
}
#endif

/* Elements 0..m−1 of interleaved quaternions p into the chunk, identity rotations up to
 * sp__soa_lanes(m). */
void sp__soa_quat_load(sp__soa_quat *c, const float *p, int m)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; i + 4 <= m; i += 4) {
        const float *s = p + 4 * i;
        v128_t a = wasm_v128_load(s), b = wasm_v128_load(s + 4), d = wasm_v128_load(s + 8),
               e = wasm_v128_load(s + 12);
        sp__transpose4(&a, &b, &d, &e);
        wasm_v128_store(c->x + i, a);
        wasm_v128_store(c->y + i, b);
        wasm_v128_store(c->z + i, d);
        wasm_v128_store(c->w + i, e);
    }
#endif
    for (; i < m; i++) {
        c->x[i] = p[4 * i];
        c->y[i] = p[4 * i + 1];
        c->z[i] = p[4 * i + 2];
        c->w[i] = p[4 * i + 3];
    }
    SCALAR_LOOP for (int end = sp__soa_lanes(m); i < end; i++)
    {
        c->x[i] = c->y[i] = c->z[i] = 0.0f;
        c->w[i] = 1.0f;
    }
}

/* The chunk back into interleaved quaternions p; with `ok`, only the elements flagged there. */
void sp__soa_quat_store(const sp__soa_quat *c, float *p, int m, const int *ok)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; !ok && i + 4 <= m; i += 4) {
        v128_t a = wasm_v128_load(c->x + i), b = wasm_v128_load(c->y + i), d = wasm_v128_load(c->z + i),
               e = wasm_v128_load(c->w + i);
        sp__transpose4(&a, &b, &d, &e);
        float *s = p + 4 * i;
        wasm_v128_store(s, a);
        wasm_v128_store(s + 4, b);
        wasm_v128_store(s + 8, d);
        wasm_v128_store(s + 12, e);
    }
#endif
    for (; i < m; i++) {
        if (ok && !ok[i]) continue;
        p[4 * i] = c->x[i];
        p[4 * i + 1] = c->y[i];
        p[4 * i + 2] = c->z[i];
        p[4 * i + 3] = c->w[i];
    }
}

/* Elements 0..m−1 of interleaved vectors p into the chunk: (x0 y0 z0 x1) (y1 z1 x2 y2)
 * (z2 x3 y3 z3) into x, y, z; zero vectors up to sp__soa_lanes(m). */
void sp__soa_vec_load(sp__soa_vec *c, const float *p, int m)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; i + 4 <= m; i += 4) {
        const float *s = p + 3 * i;
        v128_t a = wasm_v128_load(s), b = wasm_v128_load(s + 4), d = wasm_v128_load(s + 8);
        wasm_v128_store(c->x + i, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 0, 3, 6, 0), d, 0, 1, 2, 5));
        wasm_v128_store(c->y + i, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 1, 4, 7, 0), d, 0, 1, 2, 6));
        wasm_v128_store(c->z + i, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 2, 5, 0, 0), d, 0, 1, 4, 7));
    }
#endif
    for (; i < m; i++) {
        c->x[i] = p[3 * i];
        c->y[i] = p[3 * i + 1];
        c->z[i] = p[3 * i + 2];
    }
    SCALAR_LOOP for (int end = sp__soa_lanes(m); i < end; i++) c->x[i] = c->y[i] = c->z[i] = 0.0f;
}

/* The chunk back into interleaved vectors p; with `ok`, only the elements flagged there. */
void sp__soa_vec_store(const sp__soa_vec *c, float *p, int m, const int *ok)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; !ok && i + 4 <= m; i += 4) {
        v128_t X = wasm_v128_load(c->x + i), Y = wasm_v128_load(c->y + i), Z = wasm_v128_load(c->z + i);
        float *s = p + 3 * i;
        wasm_v128_store(s, wasm_i32x4_shuffle(wasm_i32x4_shuffle(X, Y, 0, 4, 1, 0), Z, 0, 1, 4, 2));
        wasm_v128_store(s + 4, wasm_i32x4_shuffle(wasm_i32x4_shuffle(Y, Z, 1, 5, 2, 6), X, 0, 1, 6, 2));
        wasm_v128_store(s + 8, wasm_i32x4_shuffle(Z, wasm_i32x4_shuffle(X, Y, 3, 7, 0, 0), 2, 4, 5, 3));
    }
#endif
    for (; i < m; i++) {
        if (ok && !ok[i]) continue;
        p[3 * i] = c->x[i];
        p[3 * i + 1] = c->y[i];
        p[3 * i + 2] = c->z[i];
    }
}

/* ---- the stages of the critical spring on rotations (sp__quat_spring_fast), per element ----
 * A goal of NULL is the identity (the decay springs); pass it as a constant so that each
 * loop is compiled without the choice. */

/* q[i] becomes j = 2·log(q·goal⁻¹) in x, y, z (sp__quat_log_fast); sets ok[i]. */
SP__ALWAYS_INLINE void soa_log(sp__soa_quat *q, int *ok, int i, const sp__soa_quat *goal)
{
    sp__quat_state st = { q->x[i], q->y[i], q->z[i], q->w[i], 0.0f, 0.0f, 0.0f };
    ok[i] = goal ? sp__quat_log_fast(&st, 1, goal->x[i], goal->y[i], goal->z[i], goal->w[i])
                 : sp__quat_log_fast(&st, 0, 0.0f, 0.0f, 0.0f, 1.0f);
    q->x[i] = st.x;
    q->y[i] = st.y;
    q->z[i] = st.z;
}

/* One step of j (q->x, y, z) and the angular velocity v (sp__quat_step_fast). */
SP__ALWAYS_INLINE void soa_step(sp__soa_quat *q, sp__soa_vec *v, int *ok, int i, const sp__critical_k *k)
{
    sp__quat_state st = { q->x[i], q->y[i], q->z[i], 1.0f, v->x[i], v->y[i], v->z[i] };
    ok[i] &= sp__quat_step_fast(k, &st);
    q->x[i] = st.x;
    q->y[i] = st.y;
    q->z[i] = st.z;
    v->x[i] = st.vx;
    v->y[i] = st.vy;
    v->z[i] = st.vz;
}

/* j back to the rotation normalise(exp(j/2)·goal) (sp__quat_exp_fast). */
SP__ALWAYS_INLINE void soa_exp(sp__soa_quat *q, int *ok, int i, const sp__soa_quat *goal)
{
    sp__quat_state st = { q->x[i], q->y[i], q->z[i], 1.0f, 0.0f, 0.0f, 0.0f };
    ok[i] &= goal ? sp__quat_exp_fast(&st, 1, goal->x[i], goal->y[i], goal->z[i], goal->w[i])
                  : sp__quat_exp_fast(&st, 0, 0.0f, 0.0f, 0.0f, 1.0f);
    q->x[i] = st.x;
    q->y[i] = st.y;
    q->z[i] = st.z;
    q->w[i] = st.w;
}

SP__ALWAYS_INLINE void soa_critical_put(sp__soa_critical *k, int i, sp__critical_k c)
{
    k->xx[i] = c.xx;
    k->xv[i] = c.xv;
    k->xq[i] = c.xq;
    k->vx[i] = c.vx;
    k->vv[i] = c.vv;
    k->vq[i] = c.vq;
    k->inc[i] = c.inc;
}

/* Over sp__soa_lanes(m) lanes (a multiple of 8: loops with no remainder), the lanes past m taking
 * the first halflife (computed, never used). */
void sp__soa_critical_coefs(sp__soa_critical *restrict k, const float *restrict halflife, float dt, int m)
{
    float h[SP__CHUNK], s[SP__CHUNK], y[SP__CHUNK], t[SP__CHUNK];
    int lanes = sp__soa_lanes(m), inc = 0;
    SCALAR_LOOP for (int i = 0; i < lanes; i++) h[i] = halflife[i < m ? i : 0];
    SP__SOA_FOR(i, lanes)
    {
        s[i] = sp__critical_s(h[i], dt, &y[i], &t[i]);
        inc += s[i] < 0.5f;
    }
    if (inc == lanes) {
        SP__SOA_FOR(i, lanes) { soa_critical_put(k, i, sp__critical_coefs_inc(s[i], y[i], t[i])); }
    } else if (inc == 0) {
        SP__SOA_FOR(i, lanes)
        {
            soa_critical_put(k, i, sp__critical_coefs_direct(s[i], y[i], t[i], h[i] * (1.0f / SP_LN2)));
        }
    } else {
        SP__SOA_FOR(i, lanes)
        {
            sp__critical_k a = sp__critical_coefs_inc(s[i], y[i], t[i]),
                           b = sp__critical_coefs_direct(s[i], y[i], t[i], h[i] * (1.0f / SP_LN2));
            int use = s[i] < 0.5f;
            k->xx[i] = use ? a.xx : b.xx;
            k->xv[i] = use ? a.xv : b.xv;
            k->xq[i] = use ? a.xq : b.xq;
            k->vx[i] = use ? a.vx : b.vx;
            k->vv[i] = use ? a.vv : b.vv;
            k->vq[i] = use ? a.vq : b.vq;
            k->inc[i] = use;
        }
    }
}

void sp__soa_quat_spring(sp__soa_quat *restrict q, sp__soa_vec *restrict v, int *restrict ok,
                         const sp__soa_quat *restrict goal, const sp__critical_k *restrict k,
                         const float *restrict halflife, float dt, int lanes)
{
    if (goal)
        SP__SOA_FOR8(i, lanes) soa_log(q, ok, i, goal);
    else
        SP__SOA_FOR8(i, lanes) soa_log(q, ok, i, NULL);
    if (halflife) {
        sp__soa_critical kc;
        sp__soa_critical_coefs(&kc, halflife, dt, lanes);
        SP__SOA_FOR(i, lanes)
        {
            sp__critical_k ki = sp__soa_critical_at(&kc, i);
            soa_step(q, v, ok, i, &ki);
        }
    } else
        SP__SOA_FOR(i, lanes) soa_step(q, v, ok, i, k);
    /* the identity's exp map is a shorter chain than the goal's product: two at a time (the
     * decay batch and the spring pose inertializer, 10 % faster for 0.2 KB compressed) */
    if (goal)
        SP__SOA_FOR(i, lanes) soa_exp(q, ok, i, goal);
    else
        SP__SOA_FOR8(i, lanes) soa_exp(q, ok, i, NULL);
}

/* ok[0..m−1], or NULL when every element is flagged (the copy back then takes the fast path). */
const int *sp__soa_failed(const int *ok, int m)
{
    int all = 1;
    for (int i = 0; i < m; i++) all &= ok[i];
    return all ? NULL : ok;
}
