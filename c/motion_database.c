/* motion_database.c — building a motion-matching database (Holden's "Code vs Data Driven
 * Displacement" demo). The features, per frame of a clip: bone positions and velocities in
 * character space (relative to bone 0, the simulation bone), the future trajectory of bone 0
 * (positions and facing directions at chosen frames ahead), and the inertialization feature
 * cp·position + cv·velocity of "Inertialization Transition Cost", whose Euclidean distance is
 * the approximate transition cost. The database normalises them per group (the mean, and the
 * group's standard deviation divided by each feature's weight), stores them in blocks of 4
 * frames for 128-bit SIMD, and bounds runs of 16 and 64 frames by boxes. Built once, so built
 * for size (motion_matching.c holds the search, which runs every frame). */
#include "motion_database.h"
#include "skeleton.h"

static int feature_floats(int kind)
{
    switch (kind) {
    case SP_FEATURE_POSITION:
    case SP_FEATURE_VELOCITY:
    case SP_FEATURE_INERTIALIZATION:
        return 3;
    case SP_FEATURE_TRAJECTORY_POSITION:
    case SP_FEATURE_TRAJECTORY_DIRECTION:
        return 2;
    default:
        return 0;
    }
}

/* A rigid motion x ↦ r·x + c. */
typedef struct {
    sp_quat r;
    sp_vec3 c;
} rigid;

static rigid rigid_compose(rigid a, rigid b)
{
    rigid t;
    t.r = sp__q_normalize(sp__q_mul(a.r, b.r));
    t.c = sp__v3_add(sp__q_rotate(a.r, b.c), a.c);
    return t;
}

/* a^w by squaring (w ≥ 0). */
static rigid rigid_power(rigid a, long long w)
{
    rigid t = { { 0.0f, 0.0f, 0.0f, 1.0f }, { 0.0f, 0.0f, 0.0f } };
    for (; w > 0; w >>= 1) {
        if (w & 1) t = rigid_compose(t, a);
        a = rigid_compose(a, a);
    }
    return t;
}

/* A clip's frames and what its trajectory needs. A looping clip continues past its last
 * frame into its first, moved by the motion that takes the first frame's root to where the
 * last frame's root is one frame later (its velocity and angular velocity held for dt). */
typedef struct {
    const float *poses;
    size_t n, stride;
    long long frames;
    int loop;
    rigid wrap;
} clip;

static rigid loop_motion(const float *poses, size_t n, size_t stride, int frames, float dt)
{
    sp__frame first = sp__frame_local(poses, n, 0);
    sp__frame last = sp__frame_local(poses + (size_t)(frames - 1) * stride, n, 0);
    sp_vec3 end = sp__v3_add(last.p, sp__v3_scale(last.v, dt));
    sp_quat end_q =
        sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(sp__v3_scale(last.w, dt)), last.q));
    rigid m;
    m.r = sp__q_normalize(sp__q_mul(end_q, sp__q_inv(first.q)));
    m.c = sp__v3_sub(end, sp__q_rotate(m.r, first.p));
    return m;
}

/* The root (bone 0) `ahead` frames after frame i: clamped to the last frame, or continued
 * through the loop. */
static sp__frame root_ahead(const clip *c, long long i, long long ahead)
{
    long long t = i + ahead, j = c->loop ? t % c->frames : (t < c->frames ? t : c->frames - 1);
    sp__frame r = sp__frame_local(c->poses + (size_t)j * c->stride, c->n, 0);
    long long laps = c->loop ? t / c->frames : 0;
    if (laps > 0) {
        rigid m = rigid_power(c->wrap, laps);
        r.p = sp__v3_add(sp__q_rotate(m.r, r.p), m.c);
        r.q = sp__q_normalize(sp__q_mul(m.r, r.q));
    }
    return r;
}

/* One feature of every frame into column d of out (rows of dims floats). */
static void feature_column(float *out, int dims, int d, const clip *c, const int *parents, const int *feature,
                           const float *param)
{
    int kind = feature[0], bone = feature[1];
    float cp = 0.0f, cv = 0.0f;
    if (kind == SP_FEATURE_INERTIALIZATION)
        sp_inertialization_feature_coefficients(&cp, &cv, feature[3], param[0], param[1]);
    for (long long i = 0; i < c->frames; i++) {
        const float *pose = c->poses + (size_t)i * c->stride;
        float *row = out + (size_t)i * (size_t)dims + (size_t)d;
        sp__frame root = sp__frame_local(pose, c->n, 0);
        sp_quat inv = sp__q_inv(root.q);
        sp_vec3 x;
        if (kind == SP_FEATURE_TRAJECTORY_POSITION || kind == SP_FEATURE_TRAJECTORY_DIRECTION) {
            sp__frame f = root_ahead(c, i, feature[2]);
            x = kind == SP_FEATURE_TRAJECTORY_POSITION
                ? sp__q_rotate(inv, sp__v3_sub(f.p, root.p))
                : sp__q_rotate(inv, sp__q_rotate(f.q, sp__v3(0, 0, 1)));
            row[0] = x.x;
            row[1] = x.z;
            continue;
        }
        sp__frame g = sp__frame_world(pose, parents, c->n, bone);
        sp_vec3 p = sp__q_rotate(inv, sp__v3_sub(g.p, root.p)), v = sp__q_rotate(inv, g.v);
        x = kind == SP_FEATURE_POSITION ? p
            : kind == SP_FEATURE_VELOCITY
            ? v
            : sp__v3(cp * p.x + cv * v.x, cp * p.y + cv * v.y, cp * p.z + cv * v.z);
        row[0] = x.x;
        row[1] = x.y;
        row[2] = x.z;
    }
}

int sp_motion_features(float *out, const float *poses, int frames, const int *parents, int bones, int loop,
                       float dt, const int *features, const float *params, int n_features)
{
    if (frames <= 0 || bones <= 0 || n_features <= 0 || bones > INT_MAX / 13
        || frames > INT_MAX / (13 * bones))
        return 0;
    if (parents[0] != -1) return 0;
    for (int i = 1; i < bones; i++)
        if (parents[i] < 0 || parents[i] >= i) return 0;
    int dims = 0;
    for (int f = 0; f < n_features; f++) {
        const int *s = features + 4 * (size_t)f;
        int k = feature_floats(s[0]);
        int trajectory = s[0] == SP_FEATURE_TRAJECTORY_POSITION || s[0] == SP_FEATURE_TRAJECTORY_DIRECTION;
        if (k == 0 || (trajectory ? s[2] < 0 : s[1] < 0 || s[1] >= bones)) return 0;
        if (s[0] == SP_FEATURE_INERTIALIZATION && (s[3] < 0 || s[3] > SP_INERTIALIZER_DEAD_BLENDING))
            return 0;
        dims += k;
        if (dims > SP_MOTION_MAX_DIMS) return 0;
    }
    if (frames > INT_MAX / dims || (loop && !(dt > 0.0f && dt < INFINITY))) return 0;
    clip c;
    c.poses = poses;
    c.n = (size_t)bones;
    c.stride = 13 * c.n;
    c.frames = frames;
    c.loop = loop != 0;
    if (c.loop) c.wrap = loop_motion(poses, c.n, c.stride, frames, dt);
    for (int f = 0, d = 0; f < n_features; d += feature_floats(features[4 * (size_t)f]), f++)
        feature_column(out, dims, d, &c, parents, features + 4 * (size_t)f, params + 2 * (size_t)f);
    return dims;
}

/* ---- the database ---- */

int sp_motion_database_floats(int frames, int dims, int n_ranges)
{
    sp__layout l;
    return sp__layout_of(&l, frames, dims, n_ranges) ? (int)l.total : 0;
}

/* Bounds and tag summaries of `count` runs of `run` frames: the lows at 2·dp·r, the highs
 * at 2·dp·r + dp, the tags common to all of a run's frames and those of any at 2·r. */
static void bound_runs(float *db, const sp__layout *l, size_t boxes, size_t tags, size_t count, int run)
{
    size_t dp = (size_t)l->dp, f = (size_t)l->frames;
    for (size_t r = 0; r < count; r++) {
        float *lo = db + boxes + 2 * dp * r, *hi = lo + dp;
        size_t a = r * (size_t)run, b = a + (size_t)run < f ? a + (size_t)run : f;
        int all = -1, any = 0;
        for (size_t j = 0; j < dp; j++) lo[j] = hi[j] = j < (size_t)l->dims ? db[sp__feat_at(l, a, j)] : 0.0f;
        for (size_t i = a; i < b; i++) {
            /* comparisons, not fminf and fmaxf (library calls in WebAssembly, most of the time of a
             * large database's build): the same bounds, as no normalised feature is NaN */
            for (size_t j = 0; j < (size_t)l->dims; j++) {
                float x = db[sp__feat_at(l, i, j)];
                if (x < lo[j]) lo[j] = x;
                if (x > hi[j]) hi[j] = x;
            }
            all &= sp__int_at(db, l->tags + i);
            any |= sp__int_at(db, l->tags + i);
        }
        sp__int_put(db, tags + 2 * r, all);
        sp__int_put(db, tags + 2 * r + 1, any);
    }
}

/* Whether the small boxes are tight: their mean squared diagonal below a quarter of the whole
 * database's. Then boxes skip most of the frames; on unstructured features a run of 16 frames
 * spans much of the range (0.39 of it measured, against 0.02 to 0.09 for locomotion), boxes
 * skip nothing and cost a fifth more than the scan, and SP_SEARCH_AUTO scans. */
static int tight_boxes(const float *db, const sp__layout *l)
{
    size_t dp = (size_t)l->dp;
    double all = 0.0, runs = 0.0;
    for (size_t j = 0; j < (size_t)l->dims; j++) {
        float lo = INFINITY, hi = -INFINITY;
        for (size_t r = 0; r < l->large; r++) {
            lo = fminf(lo, db[l->lr + 2 * dp * r + j]);
            hi = fmaxf(hi, db[l->lr + 2 * dp * r + dp + j]);
        }
        all += ((double)hi - lo) * ((double)hi - lo);
        for (size_t r = 0; r < l->small; r++) {
            double e = (double)db[l->sm + 2 * dp * r + dp + j] - db[l->sm + 2 * dp * r + j];
            runs += e * e / (double)l->small;
        }
    }
    return !(runs >= 0.25 * all);
}

/* Whether ranges are in order, not overlapping, within the frames, each with a loop flag 0 or 1. */
static int ranges_valid(const int *ranges, int n_ranges, int frames)
{
    for (int r = 0, end = 0; r < n_ranges; r++) {
        const int *s = ranges + 3 * (size_t)r;
        if (s[0] < end || s[1] <= s[0] || s[1] > frames || (s[2] != 0 && s[2] != 1)) return 0;
        end = s[1];
    }
    return 1;
}

int sp_motion_database_build(float *out_db, const float *features, int frames, int dims, const int *groups,
                             const float *weights, const int *tags, const int *ranges, int n_ranges)
{
    sp__layout l;
    if (!sp__layout_of(&l, frames, dims, n_ranges) || !ranges_valid(ranges, n_ranges, frames)) return 0;
    size_t f = (size_t)frames, d = (size_t)dims, dp = (size_t)l.dp;
    float *db = out_db;
    /* each dimension's mean and standard deviation (in double: the sums run over every frame),
     * row by row: each dimension's sums in frame order, reading the features in memory order
     * (a column at a time, a stride of dims floats, took most of the time of a large database) */
    for (size_t j = 0; j < dp; j++) db[l.offset + j] = db[l.scale + j] = 0.0f;
    double mean[SP_MOTION_MAX_DIMS] = { 0.0 }, stdev[SP_MOTION_MAX_DIMS] = { 0.0 };
    for (size_t i = 0; i < f; i++)
        for (size_t j = 0; j < d; j++) mean[j] += features[i * d + j];
    for (size_t j = 0; j < d; j++) mean[j] /= (double)f;
    for (size_t i = 0; i < f; i++)
        for (size_t j = 0; j < d; j++)
            stdev[j] += (features[i * d + j] - mean[j]) * (features[i * d + j] - mean[j]);
    for (size_t j = 0; j < d; j++) {
        db[l.offset + j] = (float)mean[j];
        stdev[j] = sqrt(stdev[j] / (double)f);
    }
    /* a group's deviation is the mean of its dimensions'; each dimension's scale is that over
     * its weight, and 0 (the dimension counts for nothing) where either is 0 */
    for (size_t j = 0; j < d; j++) {
        double sum = 0.0;
        int count = 0;
        for (size_t i = 0; i < d; i++)
            if (groups[i] == groups[j]) sum += stdev[i], count++;
        double s = sum / count, w = weights[j];
        float scale = (float)(s / w);
        db[l.scale + j] = s > 0.0 && w > 0.0 && isfinite(scale) ? scale : 0.0f;
    }
    for (size_t i = 0; i < 4 * l.blocks; i++)
        for (size_t j = 0; j < d; j++) {
            float s = db[l.scale + j], x = i < f ? features[i * d + j] : 0.0f;
            db[sp__feat_at(&l, i, j)] = s == 0.0f || i >= f ? 0.0f : (x - db[l.offset + j]) / s;
        }
    for (size_t i = 0; i < 4 * l.blocks; i++) sp__int_put(db, l.tags + i, tags && i < f ? tags[i] : 0);
    bound_runs(db, &l, l.sm, l.sm_tags, l.small, SP__SMALL);
    bound_runs(db, &l, l.lr, l.lr_tags, l.large, SP__LARGE);
    for (size_t i = 0; i < 3 * (size_t)n_ranges; i++) sp__int_put(db, l.range + i, ranges[i]);
    sp__int_put(db, l.tight, tight_boxes(db, &l));
    return dims;
}

/* ---- cost rules ---- */

int sp_motion_rules_floats(int frames)
{
    sp__rules_layout r;
    return sp__rules_layout_of(&r, frames) ? (int)r.total : 0;
}

/* The bounds of `count` boxes of `run` frames of one set (see motion_database.h) at `boxes`. */
static void bound_rules(float *set, const sp__rules_layout *r, size_t boxes, size_t count, int run)
{
    size_t f = (size_t)r->frames;
    for (size_t b = 0; b < count; b++) {
        size_t a = b * (size_t)run, e = a + (size_t)run < f ? a + (size_t)run : f;
        float m = INFINITY, lo = INFINITY, abs_hi = 0.0f;
        int uniform = sp__int_at(set, r->run + a);
        for (size_t i = a; i < e; i++) {
            float x = set[r->mul + i], y = set[r->add + i];
            m = x < m ? x : m;
            lo = y < lo ? y : lo;
            abs_hi = fabsf(y) > abs_hi ? fabsf(y) : abs_hi;
            if (sp__int_at(set, r->run + i) != uniform) uniform = -1;
        }
        float *box = set + boxes + 4 * b;
        box[0] = m, box[1] = lo, box[2] = abs_hi;
        sp__int_put(box, 3, uniform);
    }
}

int sp_motion_rules_build(float *out_rules, const float *multipliers, const float *additives,
                          const int *blocked, int frames, const int *ranges, int n_ranges)
{
    sp__rules_layout r;
    if (!sp__rules_layout_of(&r, frames) || n_ranges < 0 || !ranges_valid(ranges, n_ranges, frames)) return 0;
    size_t f = (size_t)frames;
    for (size_t i = 0; i < 2 * f; i++)
        if (!(multipliers[i] >= 0.0f && multipliers[i] <= FLT_MAX) || !(fabsf(additives[i]) <= FLT_MAX)
            || (blocked[i] != 0 && blocked[i] != 1))
            return 0;
    for (size_t k = 0; k < 2; k++) {
        float *set = out_rules + k * r.set;
        const float *m = multipliers + k * f, *a = additives + k * f;
        const int *blocks = blocked + k * f;
        int plain = 1;
        for (size_t i = 0; i < f; i++) {
            set[r.mul + i] = m[i] + 0.0f; /* −0 as +0: a cost is never −0 */
            set[r.add + i] = a[i] + 0.0f;
            sp__int_put(set, r.run + i, -1);
            plain &= m[i] == 1.0f && a[i] == 0.0f && !blocks[i];
        }
        /* a blocked run is named by its first frame, and ends with its range */
        for (int g = 0; g < n_ranges; g++)
            for (int i = ranges[3 * g]; i < ranges[3 * g + 1]; i++)
                if (blocks[i])
                    sp__int_put(set, r.run + (size_t)i,
                                i > ranges[3 * g] && blocks[i - 1] ? sp__int_at(set, r.run + (size_t)i - 1)
                                                                   : i);
        bound_rules(set, &r, r.sm, r.small, SP__SMALL);
        bound_rules(set, &r, r.lr, r.large, SP__LARGE);
        sp__int_put(set, r.plain, plain);
    }
    return frames;
}
