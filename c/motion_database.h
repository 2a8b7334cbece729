/* motion_database.h — where each part of a motion-matching database lies in its block of
 * floats (sprung.h documents the parts callers read); internal (motion_database.c builds it,
 * motion_matching.c searches it). */
#ifndef SPRUNG_MOTION_DATABASE_H
#define SPRUNG_MOTION_DATABASE_H

#include <limits.h>
#include <string.h>
#include "internal.h"

enum { SP__SMALL = 16, SP__LARGE = 64 }; /* frames per small and large box */

/* Where each part of a database of `frames` rows of `dims` features lies, in floats from its
 * start (sprung.h documents the layout). Integers (tags, ranges) are stored as their bits. */
typedef struct {
    int frames, dims, dp, ranges;
    size_t blocks, small, large;
    size_t offset, scale, feat, sm, lr, tags, sm_tags, lr_tags, range, tight, total;
} sp__layout;

static inline int sp__layout_of(sp__layout *l, int frames, int dims, int ranges)
{
    if (frames <= 0 || dims <= 0 || dims > SP_MOTION_MAX_DIMS || ranges < 0) return 0;
    /* in 64 bits, the total checked before any part is kept in a size_t (32 bits in WebAssembly,
     * where 2^29 frames of 256 floats wrapped round to a block of 620,757,508 floats) */
    unsigned long long f = (unsigned)frames, dp = (unsigned)((dims + 3) & ~3),
                       small = (f + SP__SMALL - 1) / SP__SMALL;
    unsigned long long blocks = 4 * small, /* the search reads 4 blocks at a time */
        large = (f + SP__LARGE - 1) / SP__LARGE;
    unsigned long long sm = 2 * dp + 4 * blocks * (unsigned)dims, lr = sm + 2 * dp * small,
                       tags = lr + 2 * dp * large, sm_tags = tags + 4 * blocks, lr_tags = sm_tags + 2 * small,
                       range = lr_tags + 2 * large;
    unsigned long long tight = range + 3 * (unsigned long long)ranges; /* 1 when the small boxes are tight */
    if (tight + 1 > INT_MAX) return 0;
    l->frames = frames, l->dims = dims, l->dp = (int)dp, l->ranges = ranges;
    l->small = (size_t)small, l->blocks = (size_t)blocks, l->large = (size_t)large;
    l->offset = 0, l->scale = (size_t)dp, l->feat = (size_t)(2 * dp);
    l->sm = (size_t)sm, l->lr = (size_t)lr, l->tags = (size_t)tags, l->sm_tags = (size_t)sm_tags;
    l->lr_tags = (size_t)lr_tags, l->range = (size_t)range, l->tight = (size_t)tight;
    l->total = (size_t)(tight + 1);
    return 1;
}

static inline int sp__int_at(const float *p, size_t i)
{
    int v;
    memcpy(&v, p + i, sizeof v);
    return v;
}
static inline void sp__int_put(float *p, size_t i, int v) { memcpy(p + i, &v, sizeof v); }

/* Where each part of the cost rules of a database of `frames` frames lies, in floats: two sets
 * (unforced searches, then forced ones) of `set` floats each, a set holding each frame's
 * multiplier (at mul), additive cost (at add) and blocked run (at run: the first frame of its run
 * of blocked frames, −1 where not blocked), then per box of 16 (at sm) and of 64 frames (at lr)
 * 4 floats: the least multiplier, the least additive cost, the largest |additive cost|, and the
 * run every frame of the box is blocked in (−1 when they are not all in one), then 1 at plain
 * when the set changes nothing (every multiplier 1, additive cost 0, no block). */
typedef struct {
    int frames;
    size_t small, large, mul, add, run, sm, lr, plain, set, total;
} sp__rules_layout;

static inline int sp__rules_layout_of(sp__rules_layout *r, int frames)
{
    if (frames <= 0) return 0;
    unsigned long long f = (unsigned)frames, small = (f + SP__SMALL - 1) / SP__SMALL,
                       large = (f + SP__LARGE - 1) / SP__LARGE, set = 3 * f + 4 * (small + large) + 1;
    if (2 * set > INT_MAX) return 0; /* in 64 bits, as sp__layout_of */
    r->frames = frames;
    r->small = (size_t)small, r->large = (size_t)large;
    r->mul = 0, r->add = (size_t)f, r->run = (size_t)(2 * f), r->sm = (size_t)(3 * f);
    r->lr = r->sm + 4 * r->small;
    r->plain = r->lr + 4 * r->large;
    r->set = (size_t)set;
    r->total = (size_t)(2 * set);
    return 1;
}

/* The feature of frame i, dimension j, in the blocked layout. */
static inline size_t sp__feat_at(const sp__layout *l, size_t i, size_t j)
{
    return l->feat + (i / 4) * 4 * (size_t)l->dims + 4 * j + i % 4;
}

#endif
