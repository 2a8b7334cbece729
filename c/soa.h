/* soa.h — the chunk protocol of the SIMD rotation kernels (batch.c, batch_pose.c); internal.
 *
 * A kernel over many rotations copies SP__CHUNK of them at a time from the caller's arrays
 * (quaternions x,y,z,w and vectors x,y,z, interleaved) into structure-of-arrays form, runs
 * each stage of its step over the chunk in a loop of its own (short loops keep their values
 * in registers, and a loop over arrays vectorises where a loop over interleaved floats does
 * not), and copies the chunk back. Each stage flags in ok[i] whether it handled element i to
 * within a few ulps; the copy back then skips the elements that failed, and the kernel steps
 * those with the careful scalar path, which is what the scalar functions do for them too, so
 * every element equals its scalar function bit for bit.
 *
 * With WebAssembly SIMD the copies move 4 elements per iteration: 4 quaternions are a 4×4
 * transpose (its own inverse), 4 vectors three loads and shuffles. Pure data movement, so
 * the scalar and SIMD builds agree bit for bit. */
#ifndef SPRUNG_SOA_H
#define SPRUNG_SOA_H

#include "internal.h"

enum { SP__CHUNK = 64 };

/* The stage loops run over sp__soa_lanes(m) elements: m rounded up to a multiple of 8 within
 * the chunk. The loads fill the lanes past m with a defined element (the identity rotation, a
 * zero vector), whose results are computed and never stored. Each stage loop is written as
 * groups (SP__SOA_FOR, SP__SOA_FOR8) whose inner loop of a constant count the compiler
 * vectorises with no scalar remainder: each stage is compiled once instead of twice (vector
 * and remainder), which was most of the module's size. Written as 8·q so that the compiler
 * sees the multiple. */
static inline int sp__soa_lanes(int m) { return (int)(8u * (((unsigned)m + 7u) / 8u)); }

typedef struct {
    float x[SP__CHUNK], y[SP__CHUNK], z[SP__CHUNK], w[SP__CHUNK];
} sp__soa_quat;

typedef struct {
    float x[SP__CHUNK], y[SP__CHUNK], z[SP__CHUNK];
} sp__soa_vec;

/* Elements 0..m−1 of interleaved quaternions p into the chunk, identity rotations up to
 * sp__soa_lanes(m). */
void sp__soa_quat_load(sp__soa_quat *c, const float *p, int m);
/* The chunk back into interleaved quaternions p; with `ok`, only the elements flagged there. */
void sp__soa_quat_store(const sp__soa_quat *c, float *p, int m, const int *ok);
/* Elements 0..m−1 of interleaved vectors p into the chunk, zero vectors up to sp__soa_lanes(m). */
void sp__soa_vec_load(sp__soa_vec *c, const float *p, int m);
/* The chunk back into interleaved vectors p; with `ok`, only the elements flagged there. */
void sp__soa_vec_store(const sp__soa_vec *c, float *p, int m, const int *ok);

/* ok[0..m−1], or NULL when every element is flagged (the copy back then takes the fast path). */
const int *sp__soa_failed(const int *ok, int m);

/* for (int i = 0; i < lanes; i++) over a multiple of 8 (sp__soa_lanes), as groups of 4: one
 * vector iteration each. */
#define SP__SOA_FOR(i, lanes)                                                                                \
    for (int i##_group = 0; i##_group < (lanes); i##_group += 4)                                             \
        for (int i = i##_group; i < i##_group + 4; i++)

/* The same as groups of 8, two vectors per iteration, for the loops of a long chain of
 * dependent operations (the log map's divisions, square root and atan2 polynomial): the
 * chains of the two then overlap. Only there: each vector of the group is another copy of the
 * loop body in the module (four per iteration measured no faster than two, for 1.2 KB more
 * compressed). */
#ifdef __clang__
#define SP__TWO_AT_A_TIME _Pragma("clang loop interleave_count(2)")
#else
#define SP__TWO_AT_A_TIME
#endif
#define SP__SOA_FOR8(i, lanes)                                                                               \
    for (int i##_group = 0; i##_group < (lanes); i##_group += 8)                                             \
    SP__TWO_AT_A_TIME for (int i = i##_group; i < i##_group + 8; i++)

/* The critical step's coefficients (sp__critical_coefs) of up to SP__CHUNK halflives, per element:
 * the loops over many halflives compute them here, then step with them. */
typedef struct {
    float xx[SP__CHUNK], xv[SP__CHUNK], xq[SP__CHUNK], vx[SP__CHUNK], vv[SP__CHUNK], vq[SP__CHUNK];
    int inc[SP__CHUNK];
} sp__soa_critical;

/* The coefficients of sp__critical_coefs(halflife[i], dt) for i < m ≤ SP__CHUNK, the same bits
 * (soa.c): a chunk whose elements all take the increments (slow springs: the common case) or all
 * the direct form computes only that form, a mixed one both and a select per element. */
void sp__soa_critical_coefs(sp__soa_critical *k, const float *halflife, float dt, int m);

static inline sp__critical_k sp__soa_critical_at(const sp__soa_critical *k, int i)
{
    sp__critical_k c = { k->xx[i], k->xv[i], k->xq[i], k->vx[i], k->vv[i], k->vq[i], k->inc[i] };
    return c;
}

/* The critical spring's three stages (sp__quat_spring_fast) over lanes (a multiple of 8) of a
 * chunk (soa.c): q's rotations and v's angular velocities stepped toward goal (NULL: the
 * identity, the decay springs), with the coefficients k, or per lane those of halflife[i]
 * when halflife is not NULL; ok[i] flags each lane the stages handled. One function for the
 * quaternion batch and the pose inertializer, so that the stages are compiled once. */
void sp__soa_quat_spring(sp__soa_quat *restrict q, sp__soa_vec *restrict v, int *restrict ok,
                         const sp__soa_quat *restrict goal, const sp__critical_k *restrict k,
                         const float *restrict halflife, float dt, int lanes);

#endif
