/* motion_matching.c — the search of a motion-matching database (motion_database.c). The
 * search is exact: the same frames as a scan of every candidate, costs computed in
 * the same order (sequential sums per frame, one SIMD lane per frame), every pruning test a
 * true lower bound in float arithmetic. */
#include "motion_database.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* ---- search ----------------------------------------------------------------------------- */

/* A cost saturated at the largest float: a sum that overflows still ranks its frame (every such
 * frame ties at FLT_MAX, found in frame order), so that a finite query always finds a frame
 * when one passes the tags. */
static float saturate(float c) { return c > FLT_MAX ? FLT_MAX : c; }

/* The best k so far, by cost, ties kept in the order found (the current frame first). */
typedef struct {
    int *index;
    float *cost;
    int k, count;
    float worst; /* what a candidate must beat: the k-th cost, +Inf until there are k */
} best_k;

static void best_insert(best_k *b, int i, float c)
{
    int at = b->count < b->k ? b->count : b->k - 1;
    while (at > 0 && b->cost[at - 1] > c) {
        b->index[at] = b->index[at - 1];
        b->cost[at] = b->cost[at - 1];
        at--;
    }
    b->index[at] = i;
    b->cost[at] = c;
    if (b->count < b->k) b->count++;
    b->worst = b->count == b->k ? b->cost[b->k - 1] : INFINITY;
}

static float next_up(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    u++;
    memcpy(&x, &u, sizeof u);
    return x;
}
static float next_down(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    u--;
    memcpy(&x, &u, sizeof u);
    return x;
}

/* The least h with h + bias ≥ worst in float: a frame's distance s (≥ 0) can then beat worst
 * exactly when s < h, since rounding is monotone. */
static float beat_below(float worst, float bias)
{
    if (bias == 0.0f || !(worst < INFINITY)) return worst;
    if (!(worst > bias)) return 0.0f;
    float h = worst - bias;
    while (h + bias < worst) h = next_up(h);
    while (h > 0.0f && next_down(h) + bias >= worst) h = next_down(h);
    return h;
}

/* What one search needs beside the database. */
typedef struct {
    const sp__layout *l;
    const float *db;
    float *q; /* the normalised query, dp floats */
    int current, cur_start, cur_stop, cur_loop, require, exclude, exclude_near;
    int boxes; /* boxes first, or the scan alone */
    best_k best;
    const sp__rules_layout *rl;
    const float *rules; /* the set of cost rules of this search (motion_database.h), or NULL: none */
    int cur_run;        /* the current frame's blocked run, or −1 */
} search;

/* Sum over the dimensions of (q − x)² of the 16 frames of group g (4 blocks of 4, one lane per
 * frame), each in dimension order and saturated at FLT_MAX: 0 when every lane reached a finite
 * h early (none can beat it), 1 with the 16 sums in out. The 4 blocks' sums are 4 chains of additions that overlap (one
 * alone waits on each addition: 3× slower on an exhaustive scan). */
#ifdef __wasm_simd128__
SP__ALWAYS_INLINE int group_costs(float *out, const float *g, const float *q, int dims, float h)
{
    const float *g1 = g + 4 * dims, *g2 = g1 + 4 * dims, *g3 = g2 + 4 * dims;
    v128_t a0 = wasm_f32x4_splat(0.0f), a1 = a0, a2 = a0, a3 = a0, lim = wasm_f32x4_splat(h);
    for (int j = 0; j < dims;) {
        for (int end = j + 4 < dims ? j + 4 : dims; j < end; j++) {
            v128_t x = wasm_f32x4_splat(q[j]), e0 = wasm_f32x4_sub(x, wasm_v128_load(g + 4 * j)),
                   e1 = wasm_f32x4_sub(x, wasm_v128_load(g1 + 4 * j)),
                   e2 = wasm_f32x4_sub(x, wasm_v128_load(g2 + 4 * j)),
                   e3 = wasm_f32x4_sub(x, wasm_v128_load(g3 + 4 * j));
            a0 = wasm_f32x4_add(a0, wasm_f32x4_mul(e0, e0));
            a1 = wasm_f32x4_add(a1, wasm_f32x4_mul(e1, e1));
            a2 = wasm_f32x4_add(a2, wasm_f32x4_mul(e2, e2));
            a3 = wasm_f32x4_add(a3, wasm_f32x4_mul(e3, e3));
        }
        v128_t any = wasm_v128_or(wasm_v128_or(wasm_f32x4_lt(a0, lim), wasm_f32x4_lt(a1, lim)),
                                  wasm_v128_or(wasm_f32x4_lt(a2, lim), wasm_f32x4_lt(a3, lim)));
        if (!wasm_v128_any_true(any) && h < INFINITY) return 0;
    }
    v128_t max = wasm_f32x4_splat(FLT_MAX); /* pmin keeps a NaN lane NaN */
    wasm_v128_store(out, wasm_f32x4_pmin(a0, max));
    wasm_v128_store(out + 4, wasm_f32x4_pmin(a1, max));
    wasm_v128_store(out + 8, wasm_f32x4_pmin(a2, max));
    wasm_v128_store(out + 12, wasm_f32x4_pmin(a3, max));
    return 1;
}
#else
SP__ALWAYS_INLINE int group_costs(float *out, const float *g, const float *q, int dims, float h)
{
    float acc[16] = { 0.0f };
    for (int j = 0; j < dims;) {
        int any = 0;
        for (int end = j + 4 < dims ? j + 4 : dims; j < end; j++)
            for (int lane = 0; lane < 16; lane++) {
                float e = q[j] - g[(lane / 4) * 4 * dims + 4 * j + lane % 4];
                acc[lane] += e * e;
            }
        for (int lane = 0; lane < 16; lane++) any |= acc[lane] < h;
        if (!any && h < INFINITY) return 0;
    }
    for (int lane = 0; lane < 16; lane++) out[lane] = saturate(acc[lane]);
    return 1;
}
#endif

/* A lower bound of every frame's distance in a box: the distance to the box, lane j%4
 * summing dimensions j, the lanes then added in pairs (the order differs from a frame's:
 * callers allow for the rounding). */
SP__ALWAYS_INLINE float box_distance(const float *lo, const float *hi, const float *q, int dp)
{
#ifdef __wasm_simd128__
    v128_t acc = wasm_f32x4_splat(0.0f);
    for (int j = 0; j < dp; j += 4) {
        v128_t x = wasm_v128_load(q + j);
        v128_t e = wasm_f32x4_sub(
            x, wasm_f32x4_pmin(wasm_f32x4_pmax(x, wasm_v128_load(lo + j)), wasm_v128_load(hi + j)));
        acc = wasm_f32x4_add(acc, wasm_f32x4_mul(e, e));
    }
    return (wasm_f32x4_extract_lane(acc, 0) + wasm_f32x4_extract_lane(acc, 1))
        + (wasm_f32x4_extract_lane(acc, 2) + wasm_f32x4_extract_lane(acc, 3));
#else
    float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    for (int j = 0; j < dp; j++) {
        float x = q[j], c = x < lo[j] ? lo[j] : x, e = x - (hi[j] < c ? hi[j] : c);
        acc[j & 3] += e * e;
    }
    return (acc[0] + acc[1]) + (acc[2] + acc[3]);
#endif
}

/* ---- the search under cost rules ------------------------------------------------------------
 * A frame's cost is m·d + a (motion_database.h holds m, a and the blocked runs per frame, and
 * their bounds per box). Pruning needs, for a box and the cost to beat, the distance beyond
 * which no frame of the box can beat it: rule_limit, a bound that allows for rounding. */

/* The cost of distance d under multiplier m and additive cost a: the header's order, each step
 * saturated. */
static float rule_cost(float d, float m, float a) { return saturate(saturate(m * d) + a); }

/* A float h such that every frame of a box (multipliers ≥ box[0], additive costs ≥ box[1] and
 * at most box[2] in size) at a distance d ≥ h costs at least `worst` with `bias` added: 0 when
 * none can beat it, +Inf when any may. Each of the three roundings of a cost moves it by at most
 * 2⁻²⁴ of the magnitudes summed, so in exact arithmetic a cost is at least
 * min(m·d, FLT_MAX)·(1 − e) + (a − e·|a|) + bias·(1 − e) with e = 2⁻²⁰; the bound is worked out
 * in double, itself moved up by 2⁻⁴⁰ of its magnitudes. */
static float rule_limit(float worst, const float *box, float bias)
{
    if (!(worst < INFINITY)) return INFINITY;
    const double e = 0x1p-20;
    double m = box[0], a = box[1], size = box[2], b = bias;
    double need =
        (double)worst - (a - e * size) - b * (1 - e); /* what min(m·d, FLT_MAX)·(1 − e) must reach */
    need += 0x1p-40 * (fabs((double)worst) + fabs(a) + size + b);
    if (need <= 0.0) return 0.0f;
    if (!(m > 0.0) || need > FLT_MAX * (1 - e)) return INFINITY;
    double h = need / (m * (1 - e)) * (1 + 0x1p-40);
    if (!(h <= FLT_MAX)) return h > FLT_MAX ? INFINITY : h; /* NaN from a box's garbage: stays NaN */
    float f = (float)h;
    return f < h ? next_up(f) : f;
}

/* Whether a rule keeps frame i from being found: blocked, outside the current frame's run. */
static int blocked(const search *s, int i)
{
    int run = sp__int_at(s->rules, s->rl->run + (size_t)i);
    return run >= 0 && run != s->cur_run;
}

/* The box's distance, in sums of at most 256 terms of the same squares (each no larger than
 * its frame's), is within a relative 256·2⁻²⁴·(1 + …) of the frames' in any order: a box is
 * skipped only when it exceeds the best by more than 2⁻¹⁰ of it. */
static int box_skips(const search *s, size_t boxes, size_t tags, size_t r, float bias)
{
    const float *db = s->db;
    int all = sp__int_at(db, tags + 2 * r), any = sp__int_at(db, tags + 2 * r + 1);
    if ((any & s->require) != s->require || (all & s->exclude) != 0) return 1;
    size_t dp = (size_t)s->l->dp;
    const float *lo = db + boxes + 2 * dp * r;
    float d = saturate(saturate(box_distance(lo, lo + dp, s->q, s->l->dp)) + bias);
    return d >= s->best.worst * (1.0f + 0x1p-10f);
}

/* box_skips under cost rules: `rules` the box's bounds (motion_database.h). The frames' distances
 * are at least the box's less 2⁻¹⁰ of it (see above). */
static int box_skips_rules(const search *s, size_t boxes, size_t tags, size_t r, float bias,
                           const float *rules)
{
    const float *db = s->db;
    int all = sp__int_at(db, tags + 2 * r), any = sp__int_at(db, tags + 2 * r + 1);
    if ((any & s->require) != s->require || (all & s->exclude) != 0) return 1;
    int run = sp__int_at(rules, 3);
    if (run >= 0 && run != s->cur_run) return 1; /* every frame blocked */
    float h = rule_limit(s->best.worst, rules, bias);
    if (!(h < INFINITY)) return 0;
    size_t dp = (size_t)s->l->dp;
    const float *lo = db + boxes + 2 * dp * r;
    return saturate(box_distance(lo, lo + dp, s->q, s->l->dp)) * (1.0f - 0x1p-10f) >= h;
}

/* Whether frame i is a candidate at all: its tags, and not the current frame or near it. */
static int candidate(const search *s, int i)
{
    int t = sp__int_at(s->db, s->l->tags + (size_t)i);
    if ((t & s->require) != s->require || (t & s->exclude) != 0) return 0;
    if (s->current < 0 || i < s->cur_start || i >= s->cur_stop) return 1;
    int d = i > s->current ? i - s->current : s->current - i;
    if (s->cur_loop && s->cur_stop - s->cur_start - d < d) d = s->cur_stop - s->cur_start - d;
    return i != s->current && d >= s->exclude_near;
}

/* Frames [a, b), with `bias` added to each one's distance. */
static void scan(search *s, int a, int b, float bias)
{
    const sp__layout *l = s->l;
    float h = beat_below(s->best.worst, bias), c[16];
    for (int g = a / 16; g <= (b - 1) / 16; g++) {
        if (!group_costs(c, s->db + l->feat + (size_t)g * 16 * (size_t)l->dims, s->q, l->dims, h)) continue;
        for (int lane = 0; lane < 16; lane++) {
            int i = 16 * g + lane;
            if (!(c[lane] < h) || i < a || i >= b || !candidate(s, i)) continue;
            float cost = saturate(c[lane] + bias);
            if (cost < s->best.worst) {
                best_insert(&s->best, i, cost);
                h = beat_below(s->best.worst, bias);
            }
        }
    }
}

/* scan under cost rules: each group of 16 frames (one small box) pruned by its box's bounds. */
static void scan_rules(search *s, int a, int b, float bias)
{
    const sp__layout *l = s->l;
    const sp__rules_layout *rl = s->rl;
    float c[16];
    for (int g = a / 16; g <= (b - 1) / 16; g++) {
        const float *box = s->rules + rl->sm + 4 * (size_t)g;
        float h = rule_limit(s->best.worst, box, bias);
        if (!(h > 0.0f)
            || !group_costs(c, s->db + l->feat + (size_t)g * 16 * (size_t)l->dims, s->q, l->dims, h))
            continue;
        for (int lane = 0; lane < 16; lane++) {
            int i = 16 * g + lane;
            if (!(c[lane] < h) || i < a || i >= b || !candidate(s, i) || blocked(s, i)) continue;
            float cost = saturate(
                rule_cost(c[lane], s->rules[rl->mul + (size_t)i], s->rules[rl->add + (size_t)i]) + bias);
            if (cost < s->best.worst) {
                best_insert(&s->best, i, cost);
                h = rule_limit(s->best.worst, box, bias);
            }
        }
    }
}

/* Frames [a, b): boxes of 64 frames, then of 16, then the frames in the boxes that remain. */
static void scan_boxes(search *s, int a, int b, float bias)
{
    const sp__layout *l = s->l;
    for (int i = a; i < b;) {
        int lb = i / SP__LARGE, lend = (lb + 1) * SP__LARGE < b ? (lb + 1) * SP__LARGE : b;
        if (box_skips(s, l->lr, l->lr_tags, (size_t)lb, bias)) {
            i = lend;
            continue;
        }
        while (i < lend) {
            int sb = i / SP__SMALL, send = (sb + 1) * SP__SMALL < lend ? (sb + 1) * SP__SMALL : lend;
            if (!box_skips(s, l->sm, l->sm_tags, (size_t)sb, bias)) scan(s, i, send, bias);
            i = send;
        }
    }
}

/* scan_boxes under cost rules. */
static void scan_boxes_rules(search *s, int a, int b, float bias)
{
    const sp__layout *l = s->l;
    const sp__rules_layout *rl = s->rl;
    for (int i = a; i < b;) {
        int lb = i / SP__LARGE, lend = (lb + 1) * SP__LARGE < b ? (lb + 1) * SP__LARGE : b;
        if (box_skips_rules(s, l->lr, l->lr_tags, (size_t)lb, bias, s->rules + rl->lr + 4 * (size_t)lb)) {
            i = lend;
            continue;
        }
        while (i < lend) {
            int sb = i / SP__SMALL, send = (sb + 1) * SP__SMALL < lend ? (sb + 1) * SP__SMALL : lend;
            if (!box_skips_rules(s, l->sm, l->sm_tags, (size_t)sb, bias, s->rules + rl->sm + 4 * (size_t)sb))
                scan_rules(s, i, send, bias);
            i = send;
        }
    }
}

/* A range's start, stop and loop flag, kept within the database whatever its memory holds. */
static void range_at(const search *s, int r, int *start, int *stop, int *loop)
{
    const float *p = s->db + s->l->range + 3 * (size_t)r;
    int a = sp__int_at(p, 0), b = sp__int_at(p, 1), f = s->l->frames;
    *start = a < 0 ? 0 : (a > f ? f : a);
    *stop = b < *start ? *start : (b > f ? f : b);
    *loop = sp__int_at(p, 2) != 0;
}

static void search_one(search *s, const float *query, int current, float bias, int exclude_end)
{
    const sp__layout *l = s->l;
    const float *db = s->db;
    for (int j = 0; j < l->dims; j++) /* a query holding NaN or ±Inf finds nothing */
        if (!(fabsf(query[j]) <= FLT_MAX)) return;
    for (int j = 0; j < l->dp; j++) {
        float sc = j < l->dims ? db[l->scale + (size_t)j] : 0.0f;
        s->q[j] = sc == 0.0f ? 0.0f : (query[j] - db[l->offset + (size_t)j]) / sc;
    }
    s->current = -1;
    s->cur_start = s->cur_stop = s->cur_loop = 0;
    for (int r = 0; r < l->ranges && current >= 0 && current < l->frames; r++) {
        int a, b, loop;
        range_at(s, r, &a, &b, &loop);
        if (current >= a && current < b)
            s->current = current, s->cur_start = a, s->cur_stop = b, s->cur_loop = loop;
    }
    /* the current frame first, with no bias: another frame must cost less to replace it */
    s->cur_run = -1;
    if (s->current >= 0) {
        int t = sp__int_at(db, l->tags + (size_t)s->current);
        if (s->rules) s->cur_run = sp__int_at(s->rules, s->rl->run + (size_t)s->current);
        if ((t & s->require) == s->require && (t & s->exclude) == 0) {
            float c = 0.0f;
            for (int j = 0; j < l->dims; j++) {
                float e = s->q[j] - db[sp__feat_at(l, (size_t)s->current, (size_t)j)];
                c += e * e;
            }
            c = saturate(c);
            if (s->rules)
                c = rule_cost(c, s->rules[s->rl->mul + (size_t)s->current],
                              s->rules[s->rl->add + (size_t)s->current]);
            if (c == c) best_insert(&s->best, s->current, c);
        }
    }
    for (int r = 0; r < l->ranges; r++) {
        int a, b, loop;
        range_at(s, r, &a, &b, &loop);
        if (!loop) b = b - a > exclude_end ? b - exclude_end : a;
        float other = s->current >= 0 && a != s->cur_start ? bias : 0.0f;
        if (a >= b) continue;
        if (s->rules && s->boxes)
            scan_boxes_rules(s, a, b, other);
        else if (s->rules)
            scan_rules(s, a, b, other);
        else if (s->boxes)
            scan_boxes(s, a, b, other);
        else
            scan(s, a, b, other);
    }
}

static void results_start(best_k *b, int *out_indices, float *out_costs, int k)
{
    for (int i = 0; i < k; i++) out_indices[i] = -1, out_costs[i] = INFINITY;
    b->index = out_indices;
    b->cost = out_costs;
    b->k = k;
    b->count = 0;
    b->worst = INFINITY;
}

/* One query: sp_motion_search_batch with n = 1. */
int sp_motion_search(int *out_indices, float *out_costs, int k, const float *db, int frames, int dims,
                     int n_ranges, const float *query, int current, int require_tags, int exclude_tags,
                     float bias, int exclude_end, int exclude_near, int mode, const float *rules, int forced)
{
    const int tags[2] = { require_tags, exclude_tags };
    int found = 0;
    if (!sp_motion_search_batch(out_indices, out_costs, k, db, frames, dims, n_ranges, query, &current, tags,
                                bias, exclude_end, exclude_near, mode, rules, &forced, 1))
        return 0;
    while (found < k && out_indices[found] >= 0) found++;
    return found;
}

int sp_motion_search_batch(int *out_indices, float *out_costs, int k, const float *db, int frames, int dims,
                           int n_ranges, const float *queries, const int *currents, const int *tags,
                           float bias, int exclude_end, int exclude_near, int mode, const float *rules,
                           const int *forced, int n)
{
    search s;
    sp__layout l;
    sp__rules_layout rl;
    float q[SP_MOTION_MAX_DIMS];
    if (n <= 0 || k <= 0 || !sp__layout_of(&l, frames, dims, n_ranges) || !(bias >= 0.0f && bias < INFINITY)
        || mode < SP_SEARCH_SCAN || mode > SP_SEARCH_AUTO || (rules && !sp__rules_layout_of(&rl, frames)))
        return 0;
    s.l = &l;
    s.db = db;
    s.q = q;
    s.rl = &rl;
    s.exclude_near = exclude_near;
    s.boxes = mode == SP_SEARCH_BOXES || (mode == SP_SEARCH_AUTO && sp__int_at(db, l.tight) != 0);
    for (int c = 0; c < n; c++) {
        size_t at = (size_t)c * (size_t)k;
        s.require = tags ? tags[2 * (size_t)c] : 0;
        s.exclude = tags ? tags[2 * (size_t)c + 1] : 0;
        /* a set of rules that changes nothing is searched without them (the same frames and costs) */
        s.rules = rules ? rules + (forced && forced[c] ? rl.set : 0) : NULL;
        if (s.rules && sp__int_at(s.rules, rl.plain) == 1) s.rules = NULL;
        results_start(&s.best, out_indices + at, out_costs + at, k);
        search_one(&s, queries + (size_t)c * (size_t)dims, currents[c], bias,
                   exclude_end > 0 ? exclude_end : 0);
    }
    return n;
}
