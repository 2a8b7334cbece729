/* batch_pose.c — the spring and cubic inertializers over a whole skeleton.
 *
 * A pose of n bones is one array of 13·n floats: positions (3n), velocities (3n),
 * rotations (4n, x,y,z,w) and angular velocities (3n, scaled axis, world frame). The
 * offset the inertializer decays has the same layout. Positions follow the article's
 * inertialize_transition / inertialize_update; rotations follow sp_inertialize_*_quat
 * (internal.h's sp__inertialize_transition_quat / _output_quat): the offset rotation
 * off·src·dst⁻¹ is applied on the left of the input, and its angular velocity is kept in
 * the world frame, so the output's rotation and angular velocity are continuous across
 * every transition. */
#include <stddef.h>
#include "internal.h"

static inline sp_quat quat_at(const float *p) { return sp__q(p[0], p[1], p[2], p[3]); }
static inline void quat_put(float *p, sp_quat q)
{
    p[0] = q.x;
    p[1] = q.y;
    p[2] = q.z;
    p[3] = q.w;
}
static inline sp_vec3 vec_at(const float *p) { return sp__v3(p[0], p[1], p[2]); }
static inline void vec_put(float *p, sp_vec3 v)
{
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
}

void sp_inertialize_pose_transition(float *off, const float *src, const float *dst, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    for (size_t j = 0; j < 6 * nn; j++) off[j] = (src[j] + off[j]) - dst[j];
    for (size_t b = 0; b < nn; b++) {
        sp_quat q = quat_at(off + rot + 4 * b);
        sp_vec3 w = vec_at(off + avel + 3 * b);
        sp__inertialize_transition_quat(&q, &w, quat_at(src + rot + 4 * b), vec_at(src + avel + 3 * b),
                                        quat_at(dst + rot + 4 * b), vec_at(dst + avel + 3 * b));
        quat_put(off + rot + 4 * b, q);
        vec_put(off + avel + 3 * b, w);
    }
}

/* The update, chunk by chunk of POSE_CHUNK bones: the rotation offsets and the input's
 * rotations are copied into structure-of-arrays form (transposed 4 bones at a time with
 * SIMD), decayed by the three stages of sp__quat_spring_fast and applied to the input by
 * sp__inertialize_output_quat, each stage in a loop of its own that the compiler vectorises
 * (short loops keep their values in registers), and copied back (offset and output
 * together). A bone the fast step does not handle (ok 0) is skipped by the copy back and
 * then updated by sp__quat_spring_apply and sp__inertialize_output_quat, exactly what
 * sp_inertialize_update_quat does, so every bone equals it bit for bit. dt = 0 decays
 * nothing (the scalar functions' rule) but still writes the output. */
enum { POSE_CHUNK = 64 };

/* Four vectors per iteration in the log map's loop: its chain of dependent operations
 * (two divisions, a square root, the atan2 polynomial) then overlaps; measured faster in
 * Node and no slower in Chromium (the exp map's loop was slower so in Chromium). */
#ifdef __clang__
#define FOUR_AT_A_TIME _Pragma("clang loop interleave_count(4)")
#else
#define FOUR_AT_A_TIME
#endif

typedef struct {
    float x[POSE_CHUNK], y[POSE_CHUNK], z[POSE_CHUNK], w[POSE_CHUNK], vx[POSE_CHUNK], vy[POSE_CHUNK],
        vz[POSE_CHUNK], ix[POSE_CHUNK], iy[POSE_CHUNK], iz[POSE_CHUNK], iw[POSE_CHUNK], ivx[POSE_CHUNK],
        ivy[POSE_CHUNK], ivz[POSE_CHUNK];
    int ok[POSE_CHUNK];
} pose_soa;

/* The stages of bone i, each run over the whole chunk in a loop of its own: the offset's
 * log map (sp__quat_log_fast: j in x, y, z), its decay (sp__quat_step_fast), the exp map
 * back (sp__quat_exp_fast), and the output (the input's arrays become the output's). */
SP__ALWAYS_INLINE void pose_soa_log(pose_soa *c, int i)
{
    sp__quat_state st = { c->x[i], c->y[i], c->z[i], c->w[i], 0.0f, 0.0f, 0.0f };
    c->ok[i] = sp__quat_log_fast(&st, 0, 0.0f, 0.0f, 0.0f, 1.0f);
    c->x[i] = st.x;
    c->y[i] = st.y;
    c->z[i] = st.z;
}

SP__ALWAYS_INLINE void pose_soa_step(pose_soa *c, int i, const sp__critical_k *k)
{
    sp__quat_state st = { c->x[i], c->y[i], c->z[i], 1.0f, c->vx[i], c->vy[i], c->vz[i] };
    c->ok[i] &= sp__quat_step_fast(k, &st);
    c->x[i] = st.x;
    c->y[i] = st.y;
    c->z[i] = st.z;
    c->vx[i] = st.vx;
    c->vy[i] = st.vy;
    c->vz[i] = st.vz;
}

SP__ALWAYS_INLINE void pose_soa_exp(pose_soa *c, int i)
{
    sp__quat_state st = { c->x[i], c->y[i], c->z[i], 1.0f, 0.0f, 0.0f, 0.0f };
    c->ok[i] &= sp__quat_exp_fast(&st, 0, 0.0f, 0.0f, 0.0f, 1.0f);
    c->x[i] = st.x;
    c->y[i] = st.y;
    c->z[i] = st.z;
    c->w[i] = st.w;
}

SP__ALWAYS_INLINE void pose_soa_output(pose_soa *c, int i)
{
    sp_quat q;
    sp_vec3 w;
    sp__inertialize_output_quat(
        &q, &w, sp__q(c->x[i], c->y[i], c->z[i], c->w[i]), sp__v3(c->vx[i], c->vy[i], c->vz[i]),
        sp__q(c->ix[i], c->iy[i], c->iz[i], c->iw[i]), sp__v3(c->ivx[i], c->ivy[i], c->ivz[i]));
    c->ix[i] = q.x;
    c->iy[i] = q.y;
    c->iz[i] = q.z;
    c->iw[i] = q.w;
    c->ivx[i] = w.x;
    c->ivy[i] = w.y;
    c->ivz[i] = w.z;
}

/* Moving 4 bones between the pose (AoS) and the chunk (SoA): with WebAssembly SIMD, four
 * quaternions are a 4×4 transpose (its own inverse) and four vectors three loads and
 * shuffles; the scalar loops in soa_in / soa_out do the rest (and everything without SIMD).
 * Pure data movement, so both builds agree bit for bit. */
#ifdef __wasm_simd128__
#include <wasm_simd128.h>

static inline void transpose4(v128_t *a, v128_t *b, v128_t *c, v128_t *d)
{
    v128_t t0 = wasm_i32x4_shuffle(*a, *b, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(*c, *d, 0, 4, 1, 5);
    v128_t t2 = wasm_i32x4_shuffle(*a, *b, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(*c, *d, 2, 6, 3, 7);
    *a = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5);
    *b = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
    *c = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5);
    *d = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
}

static inline void quat4_in(const float *p, float *x, float *y, float *z, float *w)
{
    v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + 4), c = wasm_v128_load(p + 8),
           d = wasm_v128_load(p + 12);
    transpose4(&a, &b, &c, &d);
    wasm_v128_store(x, a);
    wasm_v128_store(y, b);
    wasm_v128_store(z, c);
    wasm_v128_store(w, d);
}

static inline void quat4_out(float *p, const float *x, const float *y, const float *z, const float *w)
{
    v128_t a = wasm_v128_load(x), b = wasm_v128_load(y), c = wasm_v128_load(z), d = wasm_v128_load(w);
    transpose4(&a, &b, &c, &d);
    wasm_v128_store(p, a);
    wasm_v128_store(p + 4, b);
    wasm_v128_store(p + 8, c);
    wasm_v128_store(p + 12, d);
}

/* (x0 y0 z0 x1) (y1 z1 x2 y2) (z2 x3 y3 z3) into x, y, z and back */
static inline void vec4_in(const float *p, float *x, float *y, float *z)
{
    v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + 4), c = wasm_v128_load(p + 8);
    wasm_v128_store(x, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 0, 3, 6, 0), c, 0, 1, 2, 5));
    wasm_v128_store(y, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 1, 4, 7, 0), c, 0, 1, 2, 6));
    wasm_v128_store(z, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 2, 5, 0, 0), c, 0, 1, 4, 7));
}

static inline void vec4_out(float *p, const float *x, const float *y, const float *z)
{
    v128_t X = wasm_v128_load(x), Y = wasm_v128_load(y), Z = wasm_v128_load(z);
    wasm_v128_store(p, wasm_i32x4_shuffle(wasm_i32x4_shuffle(X, Y, 0, 4, 1, 0), Z, 0, 1, 4, 2));
    wasm_v128_store(p + 4, wasm_i32x4_shuffle(wasm_i32x4_shuffle(Y, Z, 1, 5, 2, 6), X, 0, 1, 6, 2));
    wasm_v128_store(p + 8, wasm_i32x4_shuffle(Z, wasm_i32x4_shuffle(X, Y, 3, 7, 0, 0), 2, 4, 5, 3));
}
#endif

/* Bones 0..m−1 of the offset's and the input's rotations into the chunk. */
static inline void soa_in(pose_soa *c, const float *xs, const float *vs, const float *is, const float *ivs,
                          int m)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; i + 4 <= m; i += 4) {
        quat4_in(xs + 4 * i, c->x + i, c->y + i, c->z + i, c->w + i);
        vec4_in(vs + 3 * i, c->vx + i, c->vy + i, c->vz + i);
        quat4_in(is + 4 * i, c->ix + i, c->iy + i, c->iz + i, c->iw + i);
        vec4_in(ivs + 3 * i, c->ivx + i, c->ivy + i, c->ivz + i);
    }
#endif
    for (; i < m; i++) {
        c->x[i] = xs[4 * i];
        c->y[i] = xs[4 * i + 1];
        c->z[i] = xs[4 * i + 2];
        c->w[i] = xs[4 * i + 3];
        c->vx[i] = vs[3 * i];
        c->vy[i] = vs[3 * i + 1];
        c->vz[i] = vs[3 * i + 2];
        c->ix[i] = is[4 * i];
        c->iy[i] = is[4 * i + 1];
        c->iz[i] = is[4 * i + 2];
        c->iw[i] = is[4 * i + 3];
        c->ivx[i] = ivs[3 * i];
        c->ivy[i] = ivs[3 * i + 1];
        c->ivz[i] = ivs[3 * i + 2];
    }
}

/* The chunk's decayed offsets and outputs back, bones with ok 0 left untouched. */
static inline void soa_out(const pose_soa *c, float *xs, float *vs, float *os, float *ovs, int m, int all_ok)
{
    int i = 0;
#ifdef __wasm_simd128__
    for (; all_ok && i + 4 <= m; i += 4) {
        quat4_out(xs + 4 * i, c->x + i, c->y + i, c->z + i, c->w + i);
        vec4_out(vs + 3 * i, c->vx + i, c->vy + i, c->vz + i);
        quat4_out(os + 4 * i, c->ix + i, c->iy + i, c->iz + i, c->iw + i);
        vec4_out(ovs + 3 * i, c->ivx + i, c->ivy + i, c->ivz + i);
    }
#endif
    for (; i < m; i++) {
        if (!all_ok && !c->ok[i]) continue;
        xs[4 * i] = c->x[i];
        xs[4 * i + 1] = c->y[i];
        xs[4 * i + 2] = c->z[i];
        xs[4 * i + 3] = c->w[i];
        vs[3 * i] = c->vx[i];
        vs[3 * i + 1] = c->vy[i];
        vs[3 * i + 2] = c->vz[i];
        os[4 * i] = c->ix[i];
        os[4 * i + 1] = c->iy[i];
        os[4 * i + 2] = c->iz[i];
        os[4 * i + 3] = c->iw[i];
        ovs[3 * i] = c->ivx[i];
        ovs[3 * i + 1] = c->ivy[i];
        ovs[3 * i + 2] = c->ivz[i];
    }
}

void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    int decay = dt != 0.0f;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    if (decay)
        for (size_t j = 0; j < 3 * nn; j++) sp__critical_apply(&k, &off[j], &off[3 * nn + j], 0.0f, 0.0f);
    for (size_t j = 0; j < 6 * nn; j++) out[j] = in[j] + off[j];
    pose_soa c;
    for (int i0 = 0; i0 < n; i0 += POSE_CHUNK) {
        int m = n - i0 < POSE_CHUNK ? n - i0 : POSE_CHUNK;
        float *xs = off + rot + 4 * (size_t)i0, *vs = off + avel + 3 * (size_t)i0;
        const float *is = in + rot + 4 * (size_t)i0, *ivs = in + avel + 3 * (size_t)i0;
        float *os = out + rot + 4 * (size_t)i0, *ovs = out + avel + 3 * (size_t)i0;
        soa_in(&c, xs, vs, is, ivs, m);
        for (int i = 0; i < m; i++) c.ok[i] = 1;
        if (decay) {
            FOUR_AT_A_TIME for (int i = 0; i < m; i++) pose_soa_log(&c, i);
            for (int i = 0; i < m; i++) pose_soa_step(&c, i, &k);
            for (int i = 0; i < m; i++) pose_soa_exp(&c, i);
        }
        for (int i = 0; i < m; i++) pose_soa_output(&c, i);
        int all_ok = 1;
        for (int i = 0; i < m; i++) all_ok &= c.ok[i];
        soa_out(&c, xs, vs, os, ovs, m, all_ok);
        for (int i = 0; i < m && !all_ok; i++) {
            if (c.ok[i]) continue;
            sp_quat q = quat_at(xs + 4 * i), r;
            sp_vec3 w = vec_at(vs + 3 * i), rw;
            sp__quat_spring_apply(&k, &q, &w, NULL);
            sp__inertialize_output_quat(&r, &rw, q, w, quat_at(is + 4 * i), vec_at(ivs + 3 * i));
            quat_put(xs + 4 * i, q);
            vec_put(vs + 3 * i, w);
            quat_put(os + 4 * i, r);
            vec_put(ovs + 3 * i, rw);
        }
    }
}

/* ---- cubic ----
 * The cubic inertializer of "Inertialization Transition Cost" over a skeleton. The offset
 * holds the offset at the transition (pose layout, rotations as off·src·dst⁻¹ on the
 * shortest arc) and *off_t the time since; positions decay by sp_decayed_offset_cubic per
 * component, rotations by the same cubic on the scaled angle-axis of their offset (with the
 * angular velocity offset as its velocity), mapped back by the exponential. */

/* The offset of bone b's rotation dt seconds after the transition, and its angular velocity. */
static sp_quat cubic_rotation(float w_out[3], const float *off, size_t nn, size_t b, float blendtime,
                              float dt)
{
    sp_vec3 j = sp__q_to_scaled_angle_axis(quat_at(off + 6 * nn + 4 * b));
    const float *w = off + 10 * nn + 3 * b;
    sp_decayed_offset_cubic(&j.x, &w_out[0], j.x, w[0], blendtime, dt);
    sp_decayed_offset_cubic(&j.y, &w_out[1], j.y, w[1], blendtime, dt);
    sp_decayed_offset_cubic(&j.z, &w_out[2], j.z, w[2], blendtime, dt);
    return sp__q_from_scaled_angle_axis(j);
}

void sp_inertialize_pose_cubic_transition(float *off, float *off_t, const float *src, const float *dst,
                                          float blendtime, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    float t = *off_t;
    for (size_t b = 0; b < nn; b++) { /* rotations first: they read the old offset */
        float w[3];
        sp_quat q = cubic_rotation(w, off, nn, b, blendtime, t);
        sp_vec3 wv = sp__v3(w[0], w[1], w[2]);
        sp__inertialize_transition_quat(&q, &wv, quat_at(src + rot + 4 * b), vec_at(src + avel + 3 * b),
                                        quat_at(dst + rot + 4 * b), vec_at(dst + avel + 3 * b));
        quat_put(off + rot + 4 * b, q);
        vec_put(off + avel + 3 * b, wv);
    }
    for (size_t j = 0; j < 3 * nn; j++) {
        float dx, dv;
        sp_decayed_offset_cubic(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        off[j] = (dx + src[j]) - dst[j];
        off[3 * nn + j] = (dv + src[3 * nn + j]) - dst[3 * nn + j];
    }
    *off_t = 0.0f;
}

void sp_inertialize_pose_cubic_update(float *out, float *off_t, const float *off, const float *in,
                                      float blendtime, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    float t = (*off_t += dt);
    for (size_t j = 0; j < 3 * nn; j++) {
        float dx, dv;
        sp_decayed_offset_cubic(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        out[j] = sp__plus_offset(in[j], dx);
        out[3 * nn + j] = sp__plus_offset(in[3 * nn + j], dv);
    }
    for (size_t b = 0; b < nn; b++) {
        float w[3];
        sp_quat q = cubic_rotation(w, off, nn, b, blendtime, t), r;
        sp_vec3 wv;
        sp__inertialize_output_quat(&r, &wv, q, sp__v3(w[0], w[1], w[2]), quat_at(in + rot + 4 * b),
                                    vec_at(in + avel + 3 * b));
        quat_put(out + rot + 4 * b, r);
        vec_put(out + avel + 3 * b, wv);
    }
}
