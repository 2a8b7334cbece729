/* fuzz_batch.c — libFuzzer harness over the batch kernels (batch.c), the spring and cubic pose
 * inertializers (batch_pose.c) and the trajectory batch (batch_trajectory.c).
 *
 * Each input picks a kernel, n (0..16; negative in raw mode), dim (0..4), shared or
 * per-element parameters, and fills exact-size heap buffers (ASan reports any access
 * beyond n·dim) from the fuzzed floats — mapped into the valid domain in domain mode, raw
 * otherwise. One element then gets a NaN or ±Inf in one of its inputs. Invariants, in both
 * modes: every element equals the scalar function applied to it, bit for bit (NaN = NaN),
 * and every element but the poisoned one is bit-identical to a run without the poison. */
#include "fuzz.h"

#define MAX_N 16

typedef struct {
    fuzz_input *in;
    unsigned k; /* next fuzzed float to use, cycling through the input */
} filler;

/* The next float of the arrays: the fuzzed floats in turn, mapped to [lo, hi] in domain mode. */
static float fill(filler *f, float lo, float hi)
{
    float r = f->in->a[f->k++ % FUZZ_ARGS];
    return f->in->domain ? fuzz_map(r, lo, hi) : r;
}

static float *array(filler *f, size_t count, float lo, float hi)
{
    float *p = malloc(count ? count * sizeof(float) : 1);
    for (size_t i = 0; i < count; i++) p[i] = fill(f, lo, hi);
    return p;
}

static float *copy(const float *p, size_t count)
{
    float *c = malloc(count ? count * sizeof(float) : 1);
    if (count) memcpy(c, p, count * sizeof(float));
    return c;
}

/* Bit-for-bit equality, any NaN equal to any NaN. */
static int same(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0; }

static int same_range(const float *a, const float *b, size_t from, size_t to)
{
    for (size_t j = from; j < to; j++)
        if (!same(a[j], b[j])) return 0;
    return 1;
}

static const float poisons[3] = { NAN, INFINITY, -INFINITY };

/* ---- the flat batches --------------------------------------------------------------- */

enum { K_DAMPER, K_CRITICAL, K_SIMPLE, K_DECAY, K_SPRING, K_QUAT_SIMPLE, K_QUAT_DECAY, K_KINDS };

typedef struct {
    int kind, n, dim, per;
    float dt;
    float *x, *v, *g, *q, *h, *f; /* state, goal, goal velocity, halflife, frequency */
} batch;

static size_t xs(const batch *b)
{
    return b->n <= 0 ? 0 : (size_t)b->n * (size_t)(b->kind >= K_QUAT_SIMPLE ? 4 : b->dim);
}
static size_t vs(const batch *b)
{
    return b->n <= 0 ? 0 : (size_t)b->n * (size_t)(b->kind >= K_QUAT_SIMPLE ? 3 : b->dim);
}
static size_t ps(const batch *b) { return b->per ? (b->n > 0 ? (size_t)b->n : 0) : 1; }

static void run(const batch *b)
{
    switch (b->kind) {
    case K_DAMPER:
        sp_damper_exact_batch(b->x, b->g, b->h, b->per, b->dt, b->n, b->dim);
        break;
    case K_CRITICAL:
        sp_critical_spring_damper_exact_batch(b->x, b->v, b->g, b->q, b->h, b->per, b->dt, b->n, b->dim);
        break;
    case K_SIMPLE:
        sp_simple_spring_damper_exact_batch(b->x, b->v, b->g, b->h, b->per, b->dt, b->n, b->dim);
        break;
    case K_DECAY:
        sp_decay_spring_damper_exact_batch(b->x, b->v, b->h, b->per, b->dt, b->n, b->dim);
        break;
    case K_SPRING:
        sp_spring_damper_exact_batch(b->x, b->v, b->g, b->q, b->f, b->h, b->per, b->dt, b->n, b->dim);
        break;
    case K_QUAT_SIMPLE:
        sp_simple_spring_damper_exact_quat_batch(b->x, b->v, b->g, b->h, b->per, b->dt, b->n);
        break;
    default:
        sp_decay_spring_damper_exact_quat_batch(b->x, b->v, b->h, b->per, b->dt, b->n);
        break;
    }
}

/* Element i of b (before the call: x0, v0) through the scalar function, compared with the batch. */
static int scalar_equal(const batch *b, const float *x0, const float *v0, int i)
{
    float h = b->h[b->per ? i : 0], f = b->kind == K_SPRING ? b->f[b->per ? i : 0] : 0;
    if (b->kind >= K_QUAT_SIMPLE) {
        sp_quat x = { x0[4 * i], x0[4 * i + 1], x0[4 * i + 2], x0[4 * i + 3] }, goal = { 0, 0, 0, 1 };
        sp_vec3 v = { v0[3 * i], v0[3 * i + 1], v0[3 * i + 2] };
        /* a NULL goal is the identity: the batch then steps as sp_decay_spring_damper_exact_quat,
         * which skips the goal products (and so can differ from an explicit identity goal in
         * the sign of a zero) */
        if (b->kind == K_QUAT_SIMPLE && b->g) {
            goal = (sp_quat){ b->g[4 * i], b->g[4 * i + 1], b->g[4 * i + 2], b->g[4 * i + 3] };
            sp_simple_spring_damper_exact_quat(&x, &v, &goal, h, b->dt);
        } else
            sp_decay_spring_damper_exact_quat(&x, &v, h, b->dt);
        return same(x.x, b->x[4 * i]) && same(x.y, b->x[4 * i + 1]) && same(x.z, b->x[4 * i + 2])
            && same(x.w, b->x[4 * i + 3]) && same(v.x, b->v[3 * i]) && same(v.y, b->v[3 * i + 1])
            && same(v.z, b->v[3 * i + 2]);
    }
    for (int c = 0; c < b->dim; c++) {
        size_t j = (size_t)i * (size_t)b->dim + (size_t)c;
        float x = x0[j], v = b->kind == K_DAMPER ? 0 : v0[j];
        /* where x − g overflows float for finite x and g (opposite signs beyond FLT_MAX/2) the
         * scalar functions step the halves (springs.c, dampers.c) and the batches, branch-free,
         * do not (c/sprung.h, Batches): no comparison there */
        if (b->g && isinf(x - b->g[j]) && isfinite(x) && isfinite(b->g[j])) continue;
        switch (b->kind) {
        case K_DAMPER:
            x = sp_damper_exact(x, b->g[j], h, b->dt);
            break;
        case K_CRITICAL:
            sp_critical_spring_damper_exact(&x, &v, b->g[j], b->q[j], h, b->dt);
            break;
        case K_SIMPLE:
            sp_simple_spring_damper_exact(&x, &v, b->g[j], h, b->dt);
            break;
        case K_DECAY:
            sp_decay_spring_damper_exact(&x, &v, h, b->dt);
            break;
        default:
            sp_spring_damper_exact(&x, &v, b->g[j], b->q[j], f, h, b->dt);
            break;
        }
        if (!same(x, b->x[j]) || (b->kind != K_DAMPER && !same(v, b->v[j]))) return 0;
    }
    return 1;
}

static void f_batch(fuzz_input *in)
{
    filler fl = { in, 0 };
    batch b;
    b.kind = (int)(in->sel / 2u % K_KINDS);
    b.n = (int)(in->count % (MAX_N + 1u));
    if (!in->domain && (in->flags & 64)) b.n = -b.n;
    b.dim = (int)((in->flags >> 1) % 5u);
    b.per = (int)(in->flags & 1);
    in->next = FUZZ_ARGS; /* a failure prints every fuzzed float */
    b.dt = fill(&fl, 0, 1e4f);
    size_t nx = xs(&b), nv = vs(&b), np = ps(&b);
    int quat = b.kind >= K_QUAT_SIMPLE;
    b.x = array(&fl, nx, -1e30f, 1e30f);
    b.v = array(&fl, nv, -1e30f, 1e30f);
    b.g = b.kind == K_QUAT_SIMPLE && (in->flags & 32) ? NULL : array(&fl, nx, -1e30f, 1e30f);
    b.q = array(&fl, nx, -1e30f, 1e30f);
    b.h = array(&fl, np, 0, 1e6f);
    b.f = array(&fl, np, 0, FLT_MAX); /* every finite frequency */
    if (in->domain && quat)           /* unit rotations */
        for (size_t i = 0; i + 4 <= nx; i += 4) {
            sp_quat r = { b.x[i], b.x[i + 1], b.x[i + 2], b.x[i + 3] };
            sp_quat_normalize(&r, &r);
            memcpy(b.x + i, &r, sizeof r);
            if (b.g) {
                memcpy(&r, b.g + i, sizeof r);
                sp_quat_normalize(&r, &r);
                memcpy(b.g + i, &r, sizeof r);
            }
        }
    /* the clean run */
    batch clean = b;
    clean.x = copy(b.x, nx);
    clean.v = copy(b.v, nv);
    run(&clean);
    /* poison one element: one float of its state, goal, goal velocity or parameter */
    int victim = b.n > 0 ? (int)(fl.k * 2654435761u % (unsigned)b.n) : 0, per_floats = quat ? 4 : b.dim;
    float poison = poisons[(in->flags >> 3) % 3u];
    unsigned where = (in->flags >> 5) % 4u;
    if (b.n > 0 && per_floats > 0) {
        size_t j = (size_t)victim * (size_t)per_floats + (size_t)(fl.k % (unsigned)per_floats);
        if (where == 0)
            b.x[j] = poison;
        else if (where == 1 && b.kind != K_DAMPER)
            b.v[quat ? (size_t)victim * 3 : j] = poison;
        else if (where == 2 && b.g)
            b.g[j] = poison;
        else if (b.per)
            b.h[victim] = poison;
        else
            b.x[j] = poison;
    }
    float *x0 = copy(b.x, nx), *v0 = copy(b.v, nv);
    run(&b);
    for (int i = 0; i < b.n; i++) {
        ALWAYS(in, scalar_equal(&b, x0, v0, i));
        if (i == victim) continue;
        size_t fx = (size_t)(quat ? 4 : b.dim), fv = (size_t)(quat ? 3 : b.dim);
        ALWAYS(in, same_range(b.x, clean.x, (size_t)i * fx, (size_t)(i + 1) * fx));
        ALWAYS(in, b.kind == K_DAMPER || same_range(b.v, clean.v, (size_t)i * fv, (size_t)(i + 1) * fv));
    }
    free(x0);
    free(v0);
    free(clean.x);
    free(clean.v);
    free(b.x);
    free(b.v);
    free(b.g);
    free(b.q);
    free(b.h);
    free(b.f);
}

/* ---- the pose inertializer ---------------------------------------------------------- */

/* One bone of a pose of n bones (13n floats) through the scalar inertializers: positions
 * and velocities by sp_inertialize_transition / sp_decay_spring_damper_exact with out = in +
 * off, rotations and angular velocities by sp_inertialize_transition_quat /
 * sp_inertialize_update_quat. */
static int pose_bone_equal(const float *off_b, const float *off_a, const float *out, const float *src,
                           const float *dst, const float *inp, float h, float t, int n, int i)
{
    size_t nn = (size_t)n, r = 6 * nn + 4 * (size_t)i, w = 10 * nn + 3 * (size_t)i;
    int ok = 1;
    for (int c = 0; c < 3; c++) {
        size_t p = 3 * (size_t)i + (size_t)c, v = 3 * nn + p;
        float ox = off_b[p], ov = off_b[v], ux, uv;
        sp_inertialize_transition(&ox, &ov, src[p], src[v], dst[p], dst[v]);
        sp_inertialize_update(&ux, &uv, &ox, &ov, inp[p], inp[v], h, t);
        ok = ok && same(ox, off_a[p]) && same(ov, off_a[v]) && same(ux, out[p]) && same(uv, out[v]);
    }
    sp_quat o = { off_b[r], off_b[r + 1], off_b[r + 2], off_b[r + 3] },
            s = { src[r], src[r + 1], src[r + 2], src[r + 3] };
    sp_quat d = { dst[r], dst[r + 1], dst[r + 2], dst[r + 3] },
            q = { inp[r], inp[r + 1], inp[r + 2], inp[r + 3] }, oq;
    sp_vec3 ov = { off_b[w], off_b[w + 1], off_b[w + 2] }, sv = { src[w], src[w + 1], src[w + 2] };
    sp_vec3 dv = { dst[w], dst[w + 1], dst[w + 2] }, iv = { inp[w], inp[w + 1], inp[w + 2] }, outv;
    sp_inertialize_transition_quat(&o, &ov, &s, &sv, &d, &dv);
    sp_inertialize_update_quat(&oq, &outv, &o, &ov, &q, &iv, h, t);
    ok = ok && same(o.x, off_a[r]) && same(o.y, off_a[r + 1]) && same(o.z, off_a[r + 2])
        && same(o.w, off_a[r + 3]);
    ok = ok && same(ov.x, off_a[w]) && same(ov.y, off_a[w + 1]) && same(ov.z, off_a[w + 2]);
    ok = ok && same(oq.x, out[r]) && same(oq.y, out[r + 1]) && same(oq.z, out[r + 2])
        && same(oq.w, out[r + 3]);
    ok = ok && same(outv.x, out[w]) && same(outv.y, out[w + 1]) && same(outv.z, out[w + 2]);
    return ok;
}

/* The floats of bone i in a pose of n bones: 3 positions, 3 velocities, 4 rotation, 3 angular velocity. */
static int bone_equal(const float *a, const float *b, int n, int i)
{
    size_t nn = (size_t)n, k = (size_t)i;
    return same_range(a, b, 3 * k, 3 * k + 3) && same_range(a, b, 3 * nn + 3 * k, 3 * nn + 3 * k + 3)
        && same_range(a, b, 6 * nn + 4 * k, 6 * nn + 4 * k + 4)
        && same_range(a, b, 10 * nn + 3 * k, 10 * nn + 3 * k + 3);
}

static void f_pose(fuzz_input *in)
{
    filler fl = { in, 0 };
    int n = (int)(in->count % 9u);
    in->next = FUZZ_ARGS; /* a failure prints every fuzzed float */
    if (!in->domain && (in->flags & 64)) n = -n;
    size_t total = n > 0 ? 13 * (size_t)n : 0;
    float h = fill(&fl, 0, 1e6f), t = fill(&fl, 0, 1e4f);
    float *off = array(&fl, total, -1e30f, 1e30f), *src = array(&fl, total, -1e30f, 1e30f);
    float *dst = array(&fl, total, -1e30f, 1e30f), *inp = array(&fl, total, -1e30f, 1e30f);
    if (in->domain) /* unit rotations */
        for (float *p[4] = { off, src, dst, inp }, **a = p; a < p + 4; a++)
            for (int i = 0; i < n; i++) {
                sp_quat r;
                memcpy(&r, *a + 6 * (size_t)n + 4 * (size_t)i, sizeof r);
                sp_quat_normalize(&r, &r);
                memcpy(*a + 6 * (size_t)n + 4 * (size_t)i, &r, sizeof r);
            }
    float *off_c = copy(off, total), *out_c = malloc(total ? total * sizeof(float) : 1);
    sp_inertialize_pose_transition(off_c, src, dst, n);
    sp_inertialize_pose_update(out_c, off_c, inp, h, t, n);
    int victim = n > 0 ? (int)(fl.k * 2654435761u % (unsigned)n) : 0;
    if (n > 0) { /* one float of the victim's position, velocity, rotation or angular velocity */
        float *arrays[4] = { off, src, dst, inp };
        size_t part = (in->flags >> 1) % 4u, base[4] = { 0, 3, 6, 10 }, stride = part == 2 ? 4 : 3;
        size_t j = base[part] * (size_t)n + (size_t)victim * stride + fl.k % stride;
        arrays[(in->flags >> 3) % 4u][j] = poisons[(in->flags >> 5) % 3u];
    }
    float *off_b = copy(off, total), *out = malloc(total ? total * sizeof(float) : 1);
    sp_inertialize_pose_transition(off, src, dst, n);
    sp_inertialize_pose_update(out, off, inp, h, t, n);
    for (int i = 0; i < n; i++) {
        ALWAYS(in, pose_bone_equal(off_b, off, out, src, dst, inp, h, t, n, i));
        if (i == victim) continue;
        ALWAYS(in, bone_equal(off, off_c, n, i) && bone_equal(out, out_c, n, i));
    }
    free(off);
    free(src);
    free(dst);
    free(inp);
    free(off_c);
    free(out_c);
    free(off_b);
    free(out);
}

/* The cubic pose inertializer on exact-size buffers: off_t restarts at 0 and advances by dt,
 * the output is exactly the input once blendtime has passed (positions, velocities), and a
 * non-finite float in one bone changes that bone only. */
static void f_pose_cubic(fuzz_input *in)
{
    filler fl = { in, 0 };
    int n = (int)(in->count % 9u);
    in->next = FUZZ_ARGS;
    if (!in->domain && (in->flags & 64)) n = -n;
    size_t total = n > 0 ? 13 * (size_t)n : 0;
    float z = fill(&fl, 0, 1e6f), t = fill(&fl, 0, 1e4f), t0 = fill(&fl, 0, 1e4f);
    float *off = array(&fl, total, -1e30f, 1e30f), *src = array(&fl, total, -1e30f, 1e30f);
    float *dst = array(&fl, total, -1e30f, 1e30f), *inp = array(&fl, total, -1e30f, 1e30f);
    float *off_c = copy(off, total), *out_c = malloc(total ? total * sizeof(float) : 1), tc = t0;
    sp_inertialize_pose_cubic_transition(off_c, &tc, src, dst, z, n);
    MUST(in, n <= 0 || tc == 0.0f);
    sp_inertialize_pose_cubic_update(out_c, &tc, off_c, inp, z, t, n);
    MUST(in, n <= 0 || tc == t);
    if (in->domain && n > 0 && t >= z && z > 0)
        MUST(in, same_range(out_c, inp, 0, 6 * (size_t)n)); /* positions and velocities */
    int victim = n > 0 ? (int)(fl.k * 2654435761u % (unsigned)n) : 0;
    if (n > 0) {
        float *arrays[4] = { off, src, dst, inp };
        size_t part = (in->flags >> 1) % 4u, base[4] = { 0, 3, 6, 10 }, stride = part == 2 ? 4 : 3;
        arrays[(in->flags >> 3) % 4u][base[part] * (size_t)n + (size_t)victim * stride + fl.k % stride] =
            poisons[(in->flags >> 5) % 3u];
    }
    float *out = malloc(total ? total * sizeof(float) : 1), tt = t0;
    sp_inertialize_pose_cubic_transition(off, &tt, src, dst, z, n);
    sp_inertialize_pose_cubic_update(out, &tt, off, inp, z, t, n);
    for (int i = 0; i < n; i++)
        if (i != victim) ALWAYS(in, bone_equal(off, off_c, n, i) && bone_equal(out, out_c, n, i));
    free(off);
    free(src);
    free(dst);
    free(inp);
    free(off_c);
    free(out_c);
    free(out);
}

/* Trajectory prediction of n characters: every character equals the scalar prediction of its
 * state and goal, bit for bit, and the buffers are exact size. */
static void f_trajectory_batch(fuzz_input *in)
{
    filler fl = { in, 0 };
    int n = (int)(in->count % 5u), count = 1 + (int)((in->count >> 3) % 6u);
    in->next = FUZZ_ARGS;
    if (!in->domain && (in->flags & 64)) n = -n;
    size_t m = (size_t)count, chars = n > 0 ? (size_t)n : 0;
    float hp = fill(&fl, 0, 1e6f), hr = fill(&fl, 0, 1e6f), t = fill(&fl, 0, 1e4f);
    float *state = array(&fl, 16 * chars, -1e30f, 1e30f), *goal = array(&fl, 7 * chars, -1, 1);
    float *times = (in->flags & 2) ? array(&fl, m, 0, 1e4f) : NULL;
    float *out = malloc(chars ? 16 * m * chars * sizeof(float) : 1);
    sp_trajectory_predict_batch(out, state, goal, times, t, count, hp, hr, n);
    float *one = malloc(16 * m * sizeof(float));
    for (size_t c = 0; c < chars; c++) {
        const float *s = state + 16 * c, *g = goal + 7 * c;
        sp_vec3 x = { s[0], s[1], s[2] }, v = { s[3], s[4], s[5] }, a = { s[6], s[7], s[8] };
        sp_vec3 w = { s[13], s[14], s[15] }, gv = { g[0], g[1], g[2] };
        sp_quat r = { s[9], s[10], s[11], s[12] }, gr = { g[3], g[4], g[5], g[6] };
        sp_trajectory_predict_positions((sp_vec3 *)one, (sp_vec3 *)(one + 3 * m), (sp_vec3 *)(one + 6 * m),
                                        times, t, count, &x, &v, &a, &gv, hp);
        sp_trajectory_predict_rotations((sp_quat *)(one + 9 * m), (sp_vec3 *)(one + 13 * m), times, t, count,
                                        &r, &w, &gr, hr);
        ALWAYS(in, same_range(out + 16 * m * c, one, 0, 16 * m));
    }
    free(state);
    free(goal);
    free(times);
    free(out);
    free(one);
}

static const fuzz_case cases[] = {
    { "batch", f_batch },
    { "pose", f_pose },
    { "pose_cubic", f_pose_cubic },
    { "trajectory_batch", f_trajectory_batch },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, sizeof cases / sizeof cases[0], data, size);
}
