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
    l->frames = frames, l->dims = dims, l->dp = (dims + 3) & ~3, l->ranges = ranges;
    size_t dp = (size_t)l->dp, f = (size_t)frames;
    l->small = (f + SP__SMALL - 1) / SP__SMALL,
    l->blocks = 4 * l->small, /* the search reads 4 blocks at a time */
        l->large = (f + SP__LARGE - 1) / SP__LARGE;
    l->offset = 0;
    l->scale = dp;
    l->feat = 2 * dp;
    l->sm = l->feat + 4 * l->blocks * (size_t)dims;
    l->lr = l->sm + 2 * dp * l->small;
    l->tags = l->lr + 2 * dp * l->large;
    l->sm_tags = l->tags + 4 * l->blocks;
    l->lr_tags = l->sm_tags + 2 * l->small;
    l->range = l->lr_tags + 2 * l->large;
    l->tight = l->range + 3 * (size_t)ranges; /* 1 when the small boxes are tight (motion_database.c) */
    l->total = l->tight + 1;
    return l->total <= INT_MAX;
}

static inline int sp__int_at(const float *p, size_t i)
{
    int v;
    memcpy(&v, p + i, sizeof v);
    return v;
}
static inline void sp__int_put(float *p, size_t i, int v) { memcpy(p + i, &v, sizeof v); }

/* The feature of frame i, dimension j, in the blocked layout. */
static inline size_t sp__feat_at(const sp__layout *l, size_t i, size_t j)
{
    return l->feat + (i / 4) * 4 * (size_t)l->dims + 4 * j + i % 4;
}

#endif
