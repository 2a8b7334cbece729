/* fuzz.h — shared by the libFuzzer harnesses: decode an input into a function selector,
 * a mode and float arguments, map arguments into the valid domain, and report a broken
 * invariant by aborting (libFuzzer then saves the input).
 *
 * Input layout: byte 0 selects the function, byte 1 is the mode (bit 0 set: "domain"
 * mode, arguments mapped into the valid domain and outputs checked; clear: "raw" mode,
 * every bit pattern passed as is, only the sanitizers and the memory bounds are checked;
 * bits 1-7 are `flags`, options of the harness such as null outputs),
 * byte 2 is a count for array functions, then up to FUZZ_ARGS little-endian floats (missing
 * ones are 0). The valid domain is the one of the public header's conventions:
 * halflife in [0, 1e6], dt in [0, 1e4], stiffness in [0, 1e8], |values| ≤ 1e30. */
#ifndef SPRUNG_FUZZ_H
#define SPRUNG_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sprung.h"
#include "reference.h"

#define FUZZ_ARGS 24

typedef struct {
    unsigned sel, domain, flags, count;
    float a[FUZZ_ARGS];
    int next; /* index of the next argument to take */
    const char *fn;
} fuzz_input;

static inline void fuzz_decode(fuzz_input *in, const uint8_t *data, size_t size)
{
    memset(in, 0, sizeof *in);
    in->sel = size > 0 ? data[0] : 0;
    in->domain = size > 1 ? data[1] & 1u : 0;
    in->flags = size > 1 ? data[1] >> 1 : 0;
    in->count = size > 2 ? data[2] : 0;
    size_t n = size > 3 ? (size - 3) / 4 : 0;
    if (n > FUZZ_ARGS) n = FUZZ_ARGS;
    memcpy(in->a, data + 3, n * 4);
}

/* The next raw argument, any bit pattern. */
static inline float arg(fuzz_input *in) { return in->next < FUZZ_ARGS ? in->a[in->next++] : 0.0f; }

/* The next argument mapped into [lo, hi] in domain mode (raw otherwise): NaN becomes lo,
 * ±Inf the nearer bound, values out of range wrap with fmod (keeping denormals, signed
 * zeros and exact bounds reachable). */
static inline float fuzz_map(float f, float lo, float hi)
{
    if (f != f) return lo;
    if (isinf(f)) return f > 0 ? hi : lo;
    return f >= lo && f <= hi ? f : lo + fmodf(fabsf(f), hi - lo);
}

static inline float arg_in(fuzz_input *in, float lo, float hi)
{
    float f = arg(in);
    if (!in->domain) return f;
    return in->a[in->next - 1] = fuzz_map(f, lo, hi); /* kept, so that a failure prints what was passed */
}

static inline float value(fuzz_input *in) { return arg_in(in, -1e30f, 1e30f); }
static inline float halflife(fuzz_input *in) { return arg_in(in, 0.0f, 1e6f); }
static inline float dt(fuzz_input *in) { return arg_in(in, 0.0f, 1e4f); }
static inline float stiffness(fuzz_input *in) { return arg_in(in, 0.0f, 1e8f); }

/* r within float rounding of the interval [min(a, b), max(a, b)]. */
static inline int between(float r, float a, float b)
{
    float lo = fminf(a, b), hi = fmaxf(a, b), slack = 1e-6f * fmaxf(fabsf(lo), fabsf(hi));
    return r >= lo - slack && r <= hi + slack;
}

static inline int unit(sp_quat q)
{
    return fabsf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1.0f) < 1e-5f;
}

/* A unit quaternion in domain mode (4 components in [−1, 1], normalized), raw otherwise. */
static inline sp_quat quat(fuzz_input *in)
{
    sp_quat q;
    q.x = arg_in(in, -1, 1);
    q.y = arg_in(in, -1, 1);
    q.z = arg_in(in, -1, 1);
    q.w = arg_in(in, -1, 1);
    if (in->domain) sp_quat_normalize(&q, &q);
    return q;
}

static inline sp_vec3 vec3(fuzz_input *in)
{
    sp_vec3 v;
    v.x = value(in);
    v.y = value(in);
    v.z = value(in);
    return v;
}

static inline int finite3(sp_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

/* Prints the broken invariant with the call's arguments and aborts. */
static inline void fuzz_fail(const fuzz_input *in, const char *what)
{
    fprintf(stderr, "\nfuzz: %s: invariant broken: %s\nargs:", in->fn, what);
    for (int i = 0; i < in->next; i++) fprintf(stderr, " %.9g", in->a[i]);
    fprintf(stderr, "\n");
    abort();
}

/* In domain mode, every listed output must hold `cond`. */
#define MUST(in, cond)                                                                                       \
    do {                                                                                                     \
        if ((in)->domain && !(cond)) fuzz_fail((in), #cond);                                                 \
    } while (0)
#define FIN(in, x) MUST(in, isfinite(x))
/* x must be finite where the double reference says the true result is well within range. */
#define FIN_REF(in, x, ref) MUST(in, isfinite(x) || !(fabs(ref) < REF_BOUND))
/* After one step of a critical quaternion spring from rotation x0 (angular velocity v0)
 * toward goal (NULL: the identity), each component of the new angular velocity v must be
 * finite where the double reference (reference.h) is well within range: a subnormal
 * halflife makes the true velocity y·angle overflow float, and ±Inf is then the answer. */
static inline void fin_ref_quat_spring(fuzz_input *in, sp_quat x0, const sp_quat *goal, sp_vec3 v0, sp_vec3 v,
                                       float h, float t)
{
    double x[4] = { x0.x, x0.y, x0.z, x0.w }, j[3], rv[3] = { v0.x, v0.y, v0.z };
    double g[4] = { goal ? goal->x : 0, goal ? goal->y : 0, goal ? goal->z : 0, goal ? goal->w : 1 };
    ref_quat_spring(j, rv, x, g, h, t);
    FIN_REF(in, v.x, rv[0]);
    FIN_REF(in, v.y, rv[1]);
    FIN_REF(in, v.z, rv[2]);
}

/* In both modes: an invariant that holds for any input (batch = scalar, isolation). */
#define ALWAYS(in, cond)                                                                                     \
    do {                                                                                                     \
        if (!(cond)) fuzz_fail((in), #cond);                                                                 \
    } while (0)

/* A harness's table of cases, and the libFuzzer entry point over it: the selector byte
 * picks a case, which runs on the decoded input. */
typedef struct {
    const char *name;
    void (*run)(fuzz_input *);
} fuzz_case;

static inline int fuzz_dispatch(const fuzz_case *cases, unsigned count, const uint8_t *data, size_t size)
{
    fuzz_input in;
    fuzz_decode(&in, data, size);
    unsigned k = in.sel % count;
    in.fn = cases[k].name;
    cases[k].run(&in);
    return 0;
}

#endif
