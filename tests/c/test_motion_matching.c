/* test_motion_matching.c — the motion-matching features against closed forms worked out here
 * (a skeleton moving along known paths), the normalisation against its definition in double,
 * both search modes, the batch and every option against a brute-force scan written here, bad
 * arguments (nothing written), and forward kinematics and the two-bone IK against geometry. */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "sprung.h"
#include "testing.h"

static unsigned rng_state = 12345u;
static double rnd(void) /* uniform in [0, 1) */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return (rng_state >> 8) / 16777216.0;
}

/* ---- a skeleton on known paths --------------------------------------------------------------
 * Bone 0 goes round a circle of radius R about the origin, R·(sin θ, 0, cos θ) with θ = W·t,
 * facing its direction of travel; bone 1 (child of 0) sits at a fixed offset and swings about
 * +Y at rate S; bone 2 (child of 1) sits L2 along bone 1's +Z. */
enum { BONES = 3 };
static const int PARENTS[BONES] = { -1, 0, 1 };
#define HALF_PI 1.57079632679489662
#define R 2.0
#define W 0.7
#define S 1.3
#define H1X 0.1
#define H1Y 0.9
#define H1Z 0.2
#define L2 0.4

static void set_pose(float *pose, double t)
{
    float *p = pose, *v = pose + 3 * BONES, *q = pose + 6 * BONES, *w = pose + 10 * BONES;
    memset(pose, 0, sizeof(float) * 13 * BONES);
    double th = W * t;
    /* bone 0: position R(sin θ, 0, cos θ) ... moving counterclockwise seen from +Y means its
     * velocity is R·W·(cos θ, 0, −sin θ); it faces that direction: yaw ψ with (sin ψ, cos ψ) ∥
     * (cos θ, −sin θ), ψ = θ + π/2 */
    p[0] = (float)(R * sin(th)), p[2] = (float)(R * cos(th));
    v[0] = (float)(R * W * cos(th)), v[2] = (float)(-R * W * sin(th));
    double psi = th + HALF_PI;
    q[1] = (float)sin(psi / 2), q[3] = (float)cos(psi / 2);
    w[1] = (float)W;
    p[3] = (float)H1X, p[4] = (float)H1Y, p[5] = (float)H1Z;
    /* bone 1 swings about +Y at S; bone 2 sits (0, 0, L2) in bone 1 */
    double phi = S * t;
    q[4] = 0.0f, q[5] = (float)sin(phi / 2), q[6] = 0.0f, q[7] = (float)cos(phi / 2);
    w[4] = (float)S;
    p[6] = 0.0f, p[7] = 0.0f, p[8] = (float)L2;
    q[11] = 1.0f;
}

static void features_on_paths(void)
{
    enum { FRAMES = 120, DIMS = 3 + 3 + 3 + 2 + 2 + 3 };
    const double dt = 1.0 / 60.0;
    static float poses[FRAMES * 13 * BONES], out[FRAMES * DIMS];
    for (int i = 0; i < FRAMES; i++) set_pose(poses + i * 13 * BONES, i * dt);
    const int features[] = { SP_FEATURE_POSITION,
                             2,
                             0,
                             0,
                             SP_FEATURE_VELOCITY,
                             2,
                             0,
                             0,
                             SP_FEATURE_POSITION,
                             1,
                             0,
                             0,
                             SP_FEATURE_TRAJECTORY_POSITION,
                             0,
                             30,
                             0,
                             SP_FEATURE_TRAJECTORY_DIRECTION,
                             0,
                             30,
                             0,
                             SP_FEATURE_INERTIALIZATION,
                             2,
                             0,
                             SP_INERTIALIZER_SPRING };
    const float params[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1f, 0 };
    int dims = sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 0, (float)dt, features, params, 6);
    check_true("features: dims", dims == DIMS);
    double y = 2.0 * 0.693147180559945309 / 0.1;
    for (int i = 0; i < FRAMES; i++) {
        double t = i * dt, phi = S * t;
        const float *row = out + i * DIMS;
        /* in character space bone 2 sits at h1 + rot_y(φ)·(0, 0, L2); its velocity is the
         * swing's ω × r (S about +Y, in bone 1's frame) plus bone 0's motion seen from its own
         * frame: forward speed R·W along +Z and its turn W about +Y acting on the offset */
        double rx = L2 * sin(phi), rz = L2 * cos(phi);
        double px = H1X + rx, py = H1Y, pz = H1Z + rz;
        double vx = S * rz + W * pz, vy = 0.0, vz = -S * rx - W * px + R * W;
        check_near("features: bone position x", row[0], px, 2e-6);
        check_near("features: bone position y", row[1], py, 2e-6);
        check_near("features: bone position z", row[2], pz, 2e-6);
        check_near("features: bone velocity x", row[3], vx, 1e-5);
        check_near("features: bone velocity y", row[4], vy, 1e-5);
        check_near("features: bone velocity z", row[5], vz, 1e-5);
        check_near("features: child of the root", row[6], H1X, 2e-6);
        /* 30 frames ahead (clamped at the last frame) the root has gone a = W·Δt round the
         * circle: seen from the root (facing its tangent), the chord 2R·sin(a/2) lies a/2 off
         * its facing, toward +X (the yaw grows, turning +Z toward +X) */
        int j = i + 30 < FRAMES ? i + 30 : FRAMES - 1;
        double a = W * (j - i) * dt, chord = 2 * R * sin(a / 2);
        check_near("features: trajectory x", row[9], chord * sin(a / 2), 2e-5);
        check_near("features: trajectory z", row[10], chord * cos(a / 2), 2e-5);
        check_near("features: direction x", row[11], sin(a), 2e-6);
        check_near("features: direction z", row[12], cos(a), 2e-6);
        check_near("features: inertialization x", row[13], 2 * px / y + vx / (y * y), 2e-5);
        check_near("features: inertialization z", row[15], 2 * pz / y + vz / (y * y), 2e-5);
    }
    /* the same clip looping: past its last frame it continues from its first, moved so that
     * frame 0's root lands where the last frame's is dt later at its velocity (a step along
     * the tangent, off the circle by err) and angular velocity (on the circle's heading): so
     * 30 frames past frame i ≥ 90 the root is on the circle 30 frames on, plus err */
    dims = sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 1, (float)dt, features, params, 6);
    double T = FRAMES * dt, tl = T - dt;
    double ex = R * sin(W * tl) + R * W * cos(W * tl) * dt - R * sin(W * T);
    double ez = R * cos(W * tl) - R * W * sin(W * tl) * dt - R * cos(W * T);
    for (int i = 90; i < FRAMES; i++) {
        double t = i * dt, psi = W * t + HALF_PI, a = W * 30 * dt;
        double gx = R * sin(W * (t + 30 * dt)) + ex - R * sin(W * t),
               gz = R * cos(W * (t + 30 * dt)) + ez - R * cos(W * t);
        check_near("features: looping trajectory x", out[i * DIMS + 9], gx * cos(psi) - gz * sin(psi), 2e-5);
        check_near("features: looping trajectory z", out[i * DIMS + 10], gx * sin(psi) + gz * cos(psi), 2e-5);
        check_near("features: looping direction x", out[i * DIMS + 11], sin(a), 2e-5);
        check_near("features: looping direction z", out[i * DIMS + 12], cos(a), 2e-5);
    }
    /* bad arguments: 0 and nothing written */
    float sentinel = out[0] = 12345.0f;
    const int bad_parents[BONES] = { -1, 0, 2 };
    const int bad_kind[] = { 9, 0, 0, 0 }, bad_bone[] = { SP_FEATURE_POSITION, 3, 0, 0 },
              bad_ahead[] = { SP_FEATURE_TRAJECTORY_POSITION, 0, -1, 0 },
              bad_inert[] = { SP_FEATURE_INERTIALIZATION, 0, 0, 7 };
    check_true("features: bad parents",
               sp_motion_features(out, poses, FRAMES, bad_parents, BONES, 0, 0.f, features, params, 6) == 0);
    check_true("features: bad kind",
               sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 0, 0, bad_kind, params, 1) == 0);
    check_true("features: bad bone",
               sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 0, 0, bad_bone, params, 1) == 0);
    check_true("features: bad ahead",
               sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 0, 0, bad_ahead, params, 1) == 0);
    check_true("features: bad inertializer",
               sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 0, 0, bad_inert, params, 1) == 0);
    check_true("features: loop without dt",
               sp_motion_features(out, poses, FRAMES, PARENTS, BONES, 1, 0, features, params, 6) == 0);
    check_true("features: no frames",
               sp_motion_features(out, poses, 0, PARENTS, BONES, 0, 0, features, params, 6) == 0);
    check_true("features: nothing written", out[0] == sentinel);
}

/* ---- the database and its search against a brute-force scan --------------------------------- */

enum { F = 1000, D = 7, NR = 4, K = 6 };
static int ranges[3 * NR] = { 0, 300, 0, 300, 301, 1, 310, 800, 0, 805, 1000, 1 };

/* The normalised query and the cost of frame i, as the header defines them, written here. */
static void normalise(float *qn, const float *db, const float *query, int dims)
{
    int dp = (dims + 3) & ~3;
    for (int j = 0; j < dims; j++) qn[j] = db[dp + j] == 0.0f ? 0.0f : (query[j] - db[j]) / db[dp + j];
}
/* A cost beyond float range counts as FLT_MAX (sprung.h): such frames still rank, in frame order. */
static float saturate(float c) { return c > FLT_MAX ? FLT_MAX : c; }

static float frame_cost(const float *db, const float *qn, int dims, int i)
{
    int dp = (dims + 3) & ~3;
    float c = 0.0f;
    for (int j = 0; j < dims; j++) {
        float e = qn[j] - db[2 * dp + 4 * dims * (i / 4) + 4 * j + i % 4];
        c += e * e;
    }
    return saturate(c);
}

typedef struct {
    int current, require, exclude, exclude_end, exclude_near;
    float bias;
    /* cost rules of one kind of search, per frame (NULL: none) */
    const float *mul, *add;
    const int *blk;
} options;

/* Whether the rules keep frame i from being found: it is blocked, and not in the current frame's
 * run of blocked frames (within its range) — written here from the header's words. */
static int rule_blocks(const options *o, int r, int i, int cur)
{
    if (!o->blk || !o->blk[i]) return 0;
    if (cur < ranges[3 * r] || cur >= ranges[3 * r + 1]) return 1;
    for (int j = i < cur ? i : cur; j <= (i < cur ? cur : i); j++)
        if (!o->blk[j]) return 1;
    return 0;
}

/* A frame's cost under the rules: m·d, then + a, each saturated (the header's order). */
static float rule_cost(const options *o, float d, int i)
{
    return o->mul ? saturate(saturate(o->mul[i] * d) + o->add[i]) : d;
}

/* Every candidate's cost, sorted (ties: the current frame, then frame order): the first k. */
static int brute(int *idx, float *cost, int k, const float *db, const int *tags, const float *query,
                 const options *o)
{
    static int cand[F];
    static float cc[F];
    float qn[D];
    normalise(qn, db, query, D);
    int n = 0, cr = -1;
    for (int r = 0; r < NR; r++)
        if (o->current >= ranges[3 * r] && o->current < ranges[3 * r + 1]) cr = r;
    int cur = cr >= 0 ? o->current : -1;
    for (int r = 0; r < NR; r++) {
        int a = ranges[3 * r], b = ranges[3 * r + 1], loop = ranges[3 * r + 2], len = b - a;
        for (int i = a; i < b; i++) {
            int t = tags[i], ok = (t & o->require) == o->require && (t & o->exclude) == 0;
            if (!ok) continue;
            if (i == cur) {
                cand[n] = i, cc[n++] = rule_cost(o, frame_cost(db, qn, D, i), i);
                continue;
            }
            if (rule_blocks(o, r, i, cur)) continue;
            if (!loop && i >= b - o->exclude_end) continue;
            if (r == cr) {
                int d = abs(i - cur);
                if (loop && len - d < d) d = len - d;
                if (d < o->exclude_near) continue;
            }
            float c = rule_cost(o, frame_cost(db, qn, D, i), i);
            cand[n] = i, cc[n++] = cur >= 0 && r != cr ? saturate(c + o->bias) : c;
        }
    }
    int found = 0;
    for (int s = 0; s < k; s++) { /* selection: least cost, the current frame then lower index on ties */
        int best = -1;
        for (int m = 0; m < n; m++) {
            if (cand[m] < 0 || cc[m] != cc[m]) continue;
            if (best < 0 || cc[m] < cc[best]
                || (cc[m] == cc[best] && cand[best] != cur && (cand[m] == cur || cand[m] < cand[best])))
                best = m;
        }
        idx[s] = best < 0 ? -1 : cand[best];
        cost[s] = best < 0 ? INFINITY : cc[best];
        if (best >= 0) cand[best] = -1, found++;
    }
    return found;
}

/* Rules of random runs: multipliers in [0, 2] (some 0), additive costs in [−0.3, 0.3] and some of
 * ±1e30, blocked runs, each different for unforced and forced searches; every mode, k, forced or
 * not, against the brute force. */
static void search_rules(const float *db, const float *feat, const int *tags)
{
    static float mul[2 * F], add[2 * F], rules[40000];
    static int blk[2 * F];
    int floats = sp_motion_rules_floats(F);
    check_true("rules: size", floats > 0 && floats <= 40000);
    for (int set = 0; set < 2; set++) {
        float m = 1.0f, a = 0.0f;
        int b = 0;
        for (int i = 0; i < F; i++) {
            if (rnd() < 0.03) { /* a new run of factors */
                double u = rnd();
                m = u < 0.03 ? 0.0f : u < 0.3 ? 1.0f : (float)(2 * rnd());
                a = rnd() < 0.02  ? (rnd() < 0.5 ? -1e30f : 1e30f)
                    : rnd() < 0.4 ? 0.0f
                                  : (float)(0.6 * rnd() - 0.3);
                b = rnd() < 0.25;
            }
            mul[set * F + i] = rnd() < 0.02 ? (float)(3 * rnd()) : m; /* and single frames apart */
            add[set * F + i] = a;
            blk[set * F + i] = b;
        }
    }
    check_true("rules: built", sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR) == F);
    int idx[K], bidx[K];
    float cost[K], bcost[K];
    int mismatches = 0, runs = 0, changed = 0;
    for (int trial = 0; trial < 3000; trial++) {
        float query[D];
        int near = (int)(rnd() * F), forced = trial % 2, current = trial % 5 == 0 ? -1 : near;
        /* a third of them from inside a blocked run, the query near another frame of that run */
        for (int tries = 0; trial % 3 == 1 && current >= 0 && tries < 100 && !blk[forced * F + current];
             tries++)
            current = (int)(rnd() * F);
        if (trial % 3 == 1 && current >= 0) {
            int to = current + (rnd() < 0.5 ? -1 : 1) * (int)(rnd() * 60);
            near = to < 0 ? 0 : to >= F ? F - 1 : to;
        }
        for (int j = 0; j < D; j++)
            query[j] =
                trial % 3 == 0 ? (float)(rnd() * 8 - 4) : feat[near * D + j] + (float)(rnd() - 0.5) * 0.2f;
        options o = { current,           trial % 4 == 1 ? 1 : 0, trial % 7 == 3 ? 4 : 0,
                      (int)(rnd() * 40), (int)(rnd() * 30),      trial % 2 ? 0.0f : (float)rnd(),
                      mul + forced * F,  add + forced * F,       blk + forced * F };
        int k = 1 + trial % K;
        int want = brute(bidx, bcost, k, db, tags, query, &o);
        options plain = o;
        plain.mul = plain.add = NULL, plain.blk = NULL;
        brute(idx, cost, 1, db, tags, query, &plain);
        changed += idx[0] != bidx[0];
        for (int mode = SP_SEARCH_SCAN; mode <= SP_SEARCH_AUTO; mode++) {
            int got = sp_motion_search(idx, cost, k, db, F, D, NR, query, o.current, o.require, o.exclude,
                                       o.bias, o.exclude_end, o.exclude_near, mode, rules, forced);
            runs++;
            int same = got == want;
            for (int s = 0; s < k && same; s++) same = idx[s] == bidx[s] && (cost[s] == bcost[s]);
            if (!same && mismatches++ < 5)
                printf("  rules: trial %d mode %d k %d: got %d (%d, %g), want %d (%d, %g)\n", trial, mode, k,
                       got, idx[0], cost[0], want, bidx[0], bcost[0]);
        }
    }
    check_true("rules: every mode returns the brute-force frames and costs, forced or not",
               mismatches == 0 && runs == 9000);
    printf("  rules: the best frame differs from the one without rules in %d of 3000 searches\n", changed);
    check_true("rules: they change what is found in a good part of the searches", changed > 900);
    /* the batch: each query's forced flag picks its set */
    enum { N = 30 };
    float queries[N * D], bc[2 * N];
    int currents[N], forced[N], bi[2 * N], same = 1;
    for (int c = 0; c < N; c++) {
        for (int j = 0; j < D; j++) queries[c * D + j] = (float)(rnd() * 2 - 1);
        currents[c] = (int)(rnd() * F), forced[c] = c % 2;
    }
    sp_motion_search_batch(bi, bc, 2, db, F, D, NR, queries, currents, NULL, 0.2f, 10, 10, SP_SEARCH_AUTO,
                           rules, forced, N);
    for (int c = 0; c < N; c++) {
        sp_motion_search(idx, cost, 2, db, F, D, NR, queries + c * D, currents[c], 0, 0, 0.2f, 10, 10,
                         SP_SEARCH_SCAN, rules, forced[c]);
        for (int s = 0; s < 2; s++) same &= idx[s] == bi[2 * c + s] && cost[s] == bc[2 * c + s];
    }
    check_true("rules: the batch is each query's single search, forced per query", same);
    /* rules that change nothing: the search without rules, frame for frame and cost for cost */
    for (int i = 0; i < 2 * F; i++) mul[i] = 1.0f, add[i] = 0.0f, blk[i] = 0;
    add[F + 5] = -0.0f; /* −0 changes nothing either */
    sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR);
    same = 1;
    for (int c = 0; c < N; c++) {
        int a = sp_motion_search(idx, cost, 2, db, F, D, NR, queries + c * D, currents[c], 0, 0, 0.2f, 10, 10,
                                 SP_SEARCH_BOXES, rules, c % 2);
        int b = sp_motion_search(bidx, bcost, 2, db, F, D, NR, queries + c * D, currents[c], 0, 0, 0.2f, 10,
                                 10, SP_SEARCH_BOXES, NULL, 0);
        same &=
            a == b && idx[0] == bidx[0] && idx[1] == bidx[1] && cost[0] == bcost[0] && cost[1] == bcost[1];
    }
    check_true("rules: rules that change nothing search as none", same);
    /* bad rules: nothing written */
    rules[0] = 55.0f;
    mul[7] = -1.0f;
    check_true("rules: a negative multiplier",
               sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR) == 0);
    mul[7] = INFINITY;
    check_true("rules: an infinite multiplier",
               sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR) == 0);
    mul[7] = 1.0f, add[F + 9] = NAN;
    check_true("rules: a NaN additive cost", sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR) == 0);
    add[F + 9] = 0.0f, blk[3] = 2;
    check_true("rules: a flag of 2", sp_motion_rules_build(rules, mul, add, blk, F, ranges, NR) == 0);
    blk[3] = 0;
    int overlapping[6] = { 0, 10, 0, 5, 20, 0 };
    check_true("rules: overlapping ranges",
               sp_motion_rules_build(rules, mul, add, blk, F, overlapping, 2) == 0);
    check_true("rules: no frames", sp_motion_rules_build(rules, mul, add, blk, 0, ranges, NR) == 0);
    check_true("rules: nothing written", rules[0] == 55.0f);
    check_true("rules floats: no frames", sp_motion_rules_floats(0) == 0);
    check_true("rules floats: beyond INT_MAX", sp_motion_rules_floats(1 << 30) == 0);
}

static void search_exact(void)
{
    static float feat[F * D], db[200000];
    static int tags[F];
    int groups[D] = { 0, 0, 0, 1, 1, 2, 3 };
    float weights[D] = { 1.0f, 1.0f, 1.0f, 2.0f, 2.0f, 0.5f, 0.0f };
    /* structured: smooth curves in time (the boxes prune) with a few random frames */
    for (int i = 0; i < F; i++) {
        for (int j = 0; j < D; j++)
            feat[i * D + j] = (float)(sin(0.01 * i * (j + 1) + j) * (j + 1) + (i % 97 == 0 ? rnd() : 0.0));
        tags[i] = (int)(rnd() * 8);
    }
    /* duplicated frames (as mirrored or repeated takes have): ties, which the order decides */
    for (int i = 600; i < 700; i++)
        memcpy(feat + i * D, feat + (i - 500) * D, sizeof(float) * D), tags[i] = tags[i - 500];
    int floats = sp_motion_database_floats(F, D, NR);
    check_true("database: size", floats > 0 && floats <= 200000);
    check_true("database: built",
               sp_motion_database_build(db, feat, F, D, groups, weights, tags, ranges, NR) == D);
    /* normalisation against its definition, in double */
    double sd[D];
    for (int j = 0; j < D; j++) {
        double m = 0, v = 0;
        for (int i = 0; i < F; i++) m += feat[i * D + j];
        m /= F;
        for (int i = 0; i < F; i++) v += (feat[i * D + j] - m) * (feat[i * D + j] - m);
        sd[j] = sqrt(v / F);
        check_near("database: offset is the mean", db[j], m, 1e-6);
    }
    double g0 = (sd[0] + sd[1] + sd[2]) / 3, g1 = (sd[3] + sd[4]) / 2;
    check_near("database: scale, group 0", db[8 + 1], g0, 1e-6);
    check_near("database: scale, group 1 over weight 2", db[8 + 4], g1 / 2, 1e-6);
    check_near("database: scale, group 2 over weight 0.5", db[8 + 5], sd[5] / 0.5, 1e-6);
    check_true("database: weight 0 drops the dimension", db[8 + 6] == 0.0f);

    int idx[K], bidx[K];
    float cost[K], bcost[K];
    int mismatches = 0, runs = 0;
    for (int trial = 0; trial < 3000; trial++) {
        float query[D];
        int near = (int)(rnd() * F);
        for (int j = 0; j < D; j++)
            query[j] = trial % 3 == 0 ? (float)(rnd() * 8 - 4)
                : trial % 3 == 1      ? feat[near * D + j]
                                      : feat[near * D + j] + (float)(rnd() - 0.5) * 0.2f;
        options o = { trial % 5 == 0       ? -1
                          : trial % 5 == 1 ? near
                                           : (int)(rnd() * F),
                      trial % 4 == 1 ? 1 : 0,
                      trial % 7 == 3 ? 4 : 0,
                      (int)(rnd() * 40),
                      (int)(rnd() * 30),
                      trial % 2 ? 0.0f : (float)rnd(),
                      NULL,
                      NULL,
                      NULL };
        int k = 1 + trial % K;
        int want = brute(bidx, bcost, k, db, tags, query, &o);
        for (int mode = SP_SEARCH_SCAN; mode <= SP_SEARCH_AUTO; mode++) {
            int got = sp_motion_search(idx, cost, k, db, F, D, NR, query, o.current, o.require, o.exclude,
                                       o.bias, o.exclude_end, o.exclude_near, mode, NULL, 0);
            runs++;
            int same = got == want;
            for (int s = 0; s < k && same; s++) same = idx[s] == bidx[s] && (cost[s] == bcost[s]);
            if (!same && mismatches++ < 5)
                printf("  trial %d mode %d k %d: got %d (%d, %g), want %d (%d, %g)\n", trial, mode, k, got,
                       idx[0], cost[0], want, bidx[0], bcost[0]);
        }
    }
    check_true("search: every mode returns the brute-force frames and costs",
               mismatches == 0 && runs == 9000);
    /* a tag mask that excludes everything: nothing found */
    float query[D] = { 0 };
    check_true("search: no candidate",
               sp_motion_search(idx, cost, 3, db, F, D, NR, query, 5, 1 << 20, 0, 0, 0, 0, 1, NULL, 0) == 0
                   && idx[0] == -1 && isinf(cost[0]));
    /* a query far beyond the database: every cost saturates at FLT_MAX and the candidates tie, so
     * the brute force's first (the current frame, then frame order) is found; NaN finds nothing */
    {
        float far[D];
        options o = { 5, 0, 0, 0, 0, 0.0f, NULL, NULL, NULL };
        for (int j = 0; j < D; j++) far[j] = j % 2 ? 1e30f : -1e30f;
        int bidx[3];
        float bcost[3];
        int want = brute(bidx, bcost, 3, db, tags, far, &o);
        int got =
            sp_motion_search(idx, cost, 3, db, F, D, NR, far, 5, 0, 0, 0.0f, 0, 0, SP_SEARCH_BOXES, NULL, 0);
        check_true("search: a far query saturates every cost and still finds the first candidates",
                   got == 3 && want == 3 && idx[0] == 5 && idx[1] == bidx[1] && idx[2] == bidx[2]
                       && cost[0] == FLT_MAX && cost[2] == FLT_MAX);
        far[1] = NAN;
        check_true(
            "search: a query holding NaN finds nothing",
            sp_motion_search(idx, cost, 3, db, F, D, NR, far, 5, 0, 0, 0.0f, 0, 0, SP_SEARCH_SCAN, NULL, 0)
                    == 0
                && idx[0] == -1);
    }
    /* the batch is the single search per query */
    enum { N = 40 };
    static float queries[N * D];
    int currents[N], qtags[2 * N], bi[3 * N];
    float bc[3 * N];
    for (int c = 0; c < N; c++) {
        for (int j = 0; j < D; j++) queries[c * D + j] = (float)(rnd() * 6 - 3);
        currents[c] = c % 3 ? (int)(rnd() * F) : -1;
        qtags[2 * c] = c % 4 == 0 ? 2 : 0, qtags[2 * c + 1] = c % 5 == 0 ? 1 : 0;
    }
    check_true("batch: n",
               sp_motion_search_batch(bi, bc, 3, db, F, D, NR, queries, currents, qtags, 0.3f, 20, 10, 1,
                                      NULL, NULL, N)
                   == N);
    int same = 1;
    for (int c = 0; c < N; c++) {
        sp_motion_search(idx, cost, 3, db, F, D, NR, queries + c * D, currents[c], qtags[2 * c],
                         qtags[2 * c + 1], 0.3f, 20, 10, 0, NULL, 0);
        for (int s = 0; s < 3; s++) same &= idx[s] == bi[3 * c + s] && cost[s] == bc[3 * c + s];
    }
    check_true("batch: each query as a single search", same);
    search_rules(db, feat, tags);
    /* bad arguments */
    int sentinel_i = 777;
    idx[0] = sentinel_i;
    check_true("search: k = 0",
               sp_motion_search(idx, cost, 0, db, F, D, NR, query, 0, 0, 0, 0, 0, 0, 0, NULL, 0) == 0);
    check_true("search: negative bias",
               sp_motion_search(idx, cost, 1, db, F, D, NR, query, 0, 0, 0, -1.f, 0, 0, 0, NULL, 0) == 0);
    check_true("search: NaN bias",
               sp_motion_search(idx, cost, 1, db, F, D, NR, query, 0, 0, 0, NAN, 0, 0, 0, NULL, 0) == 0);
    check_true("search: unknown mode",
               sp_motion_search(idx, cost, 1, db, F, D, NR, query, 0, 0, 0, 0, 0, 0, 5, NULL, 0) == 0);
    check_true("search: too many dims",
               sp_motion_search(idx, cost, 1, db, F, 300, NR, query, 0, 0, 0, 0, 0, 0, 0, NULL, 0) == 0);
    check_true("search: nothing written", idx[0] == sentinel_i);
    check_true(
        "batch: n = 0",
        sp_motion_search_batch(bi, bc, 3, db, F, D, NR, queries, currents, NULL, 0, 0, 0, 0, NULL, NULL, 0)
            == 0);
    int overlapping[6] = { 0, 10, 0, 5, 20, 0 }, past_end[3] = { 0, F + 1, 0 };
    db[0] = 4321.0f;
    check_true("build: overlapping ranges",
               sp_motion_database_build(db, feat, F, D, groups, weights, tags, overlapping, 2) == 0);
    check_true("build: a range past the end",
               sp_motion_database_build(db, feat, F, D, groups, weights, tags, past_end, 1) == 0);
    check_true("build: nothing written", db[0] == 4321.0f);
    check_true("floats: no frames", sp_motion_database_floats(0, D, 1) == 0);
    check_true("floats: too many dims", sp_motion_database_floats(10, 257, 1) == 0);
    /* a database whose ranges were overwritten in memory stays within its frames */
    sp_motion_database_build(db, feat, F, D, groups, weights, tags, ranges, NR);
    int bogus = 1 << 30;
    memcpy(db + floats - 3 * NR + 1, &bogus, sizeof bogus);
    check_true("search: corrupted range stays inside",
               sp_motion_search(idx, cost, 1, db, F, D, NR, query, 0, 0, 0, 0, 0, 0, 1, NULL, 0) >= 0
                   && idx[0] < F);
}

/* ---- forward kinematics and two-bone IK --------------------------------------------------- */

static void kinematics(void)
{
    float pose[13 * BONES], pos[3 * BONES], rot[4 * BONES], vel[3 * BONES], ang[3 * BONES];
    set_pose(pose, 0.8);
    sp_forward_kinematics(pos, rot, vel, ang, pose, PARENTS, BONES);
    /* world position of bone 2 from the closed form: root at R(sin θ, 0, cos θ) facing ψ,
     * bone 2 at h1 + rot_y(φ)(0, 0, L2) in the root's frame */
    double th = W * 0.8, psi = th + HALF_PI, phi = S * 0.8;
    double lx = H1X + L2 * sin(phi), lz = H1Z + L2 * cos(phi);
    double wx = R * sin(th) + cos(psi) * lx + sin(psi) * lz, wz = R * cos(th) - sin(psi) * lx + cos(psi) * lz;
    check_near("kinematics: world x", pos[6], wx, 2e-6);
    check_near("kinematics: world y", pos[7], H1Y, 2e-6);
    check_near("kinematics: world z", pos[8], wz, 2e-6);
    check_near("kinematics: angular velocity adds up", ang[7], W + S, 1e-6);
    /* without velocities */
    float pos2[3 * BONES], rot2[4 * BONES];
    sp_forward_kinematics(pos2, rot2, NULL, NULL, pose, PARENTS, BONES);
    check_true("kinematics: the same positions without velocities", memcmp(pos, pos2, sizeof pos) == 0);

    /* a leg: hip (1) → knee (2) → ankle (3) under a root (0), bent forward at the knee */
    enum { LEG = 4 };
    const int parents[LEG] = { -1, 0, 1, 2 };
    float leg[13 * LEG] = { 0 };
    float *p = leg, *q = leg + 6 * LEG;
    p[3 * 1 + 1] = 1.0f;                        /* hip 1 m up */
    p[3 * 2 + 1] = -0.5f, p[3 * 2 + 2] = 0.05f; /* knee 0.5 m below, slightly forward */
    p[3 * 3 + 1] = -0.5f, p[3 * 3 + 2] = -0.05f;
    for (int b = 0; b < LEG; b++) q[4 * b + 3] = 1.0f;
    q[0 * 4 + 1] = (float)sin(0.3), q[0 * 4 + 3] = (float)cos(0.3); /* the root turned about +Y */
    float before[3 * LEG], rot_l[4 * LEG], after[3 * LEG];
    sp_forward_kinematics(before, rot_l, NULL, NULL, leg, parents, LEG);
    sp_vec3 target = { before[9] + 0.1f, before[10] + 0.3f, before[11] - 0.15f }, pole = { 0, 0, 1 };
    sp_ik_two_bone(leg, parents, LEG, 3, &target, &pole, 0.0f);
    sp_forward_kinematics(after, rot_l, NULL, NULL, leg, parents, LEG);
    check_near("ik: the ankle reaches the target x", after[9], target.x, 1e-5);
    check_near("ik: y", after[10], target.y, 1e-5);
    check_near("ik: z", after[11], target.z, 1e-5);
    check_near("ik: the hip stays", after[4], before[4], 1e-6);
    double thigh =
        sqrt(pow(after[6] - after[3], 2) + pow(after[7] - after[4], 2) + pow(after[8] - after[5], 2));
    check_near("ik: the thigh keeps its length", thigh, sqrt(0.25 + 0.0025), 1e-5);
    /* out of reach: the leg points at it, fully extended less the buffer */
    sp_vec3 far = { before[3] + 3.0f, before[4] - 3.0f, before[5] };
    sp_ik_two_bone(leg, parents, LEG, 3, &far, &pole, 0.01f);
    sp_forward_kinematics(after, rot_l, NULL, NULL, leg, parents, LEG);
    double reach =
        sqrt(pow(after[9] - after[3], 2) + pow(after[10] - after[4], 2) + pow(after[11] - after[5], 2));
    check_near("ik: out of reach, extended less the buffer", reach, 2 * sqrt(0.25 + 0.0025) - 0.01, 1e-5);
    double dx = after[9] - after[3], dy = after[10] - after[4];
    check_near("ik: out of reach, pointing at the target", dx / reach, 3.0 / sqrt(18.0), 1e-5);
    check_near("ik: out of reach, pointing at the target (y)", dy / reach, -3.0 / sqrt(18.0), 1e-5);
    /* a chain too short: nothing changes */
    float copy[13 * LEG];
    memcpy(copy, leg, sizeof leg);
    sp_ik_two_bone(leg, parents, LEG, 1, &target, &pole, 0.0f);
    check_true("ik: no grandparent, nothing changes", memcmp(copy, leg, sizeof leg) == 0);
    sp_ik_two_bone(leg, parents, LEG, 7, &target, &pole, 0.0f);
    check_true("ik: a bone outside the skeleton, nothing changes", memcmp(copy, leg, sizeof leg) == 0);
}

/* ---- the IK's bending side and the hinge axis ------------------------------------------------
 * A leg in the plane x = 0: hip at (0, 1, 0) under a root at the origin, thigh and shin 0.5 m
 * along −Y, the hip flexed by β/2 and the knee by −β about X, so that the knee points toward −Z
 * for β > 0 and toward +Z (bent backward, hyperextended) for β < 0. */
static void bent_leg(float *leg, double beta)
{
    memset(leg, 0, sizeof(float) * 13 * 4);
    float *p = leg, *q = leg + 6 * 4;
    for (int b = 0; b < 4; b++) q[4 * b + 3] = 1.0f;
    p[3 * 1 + 1] = 1.0f;
    p[3 * 2 + 1] = -0.5f;
    p[3 * 3 + 1] = -0.5f;
    q[4 * 1 + 0] = (float)sin(beta / 4), q[4 * 1 + 3] = (float)cos(beta / 4);
    q[4 * 2 + 0] = (float)sin(-beta / 2), q[4 * 2 + 3] = (float)cos(-beta / 2);
}

static void ik_bending_side(void)
{
    const int parents[4] = { -1, 0, 1, 2 };
    float leg[13 * 4], pos[3 * 4], rot[4 * 4];
    /* a target 0.9 m below the hip: the knee sits where the law of cosines puts it, on the pole's
     * side (−Z), (0, 1 − 0.45, −0.5·sin(acos 0.9)), whichever way and however little the leg was
     * bent; the knee of a leg bent by a hair the other way used to bend backward (a 16 cm flip
     * from one frame to the next) */
    sp_vec3 target = { 0.0f, 0.1f, 0.0f }, pole = { 0.0f, 0.0f, -1.0f };
    double kz = -0.5 * sqrt(1.0 - 0.81), worst = 0.0;
    for (int i = -16; i <= 16; i++) {
        bent_leg(leg, i * 0.25 * 3.14159265358979 / 180.0);
        sp_ik_two_bone(leg, parents, 4, 3, &target, &pole, 0.0f);
        sp_forward_kinematics(pos, rot, NULL, NULL, leg, parents, 4);
        double miss = sqrt(pow(pos[9] - 0.0, 2) + pow(pos[10] - 0.1, 2) + pow(pos[11] - 0.0, 2));
        double knee = sqrt(pow(pos[6], 2) + pow(pos[7] - 0.55, 2) + pow(pos[8] - kz, 2));
        worst = fmax(worst, fmax(miss, knee));
    }
    check_near("ik: a leg bent either way by up to 4°: the ankle on the target, the knee on the pole's side",
               worst, 0.0, 2e-6);
    /* out of reach: extended less the buffer, the knee still toward the pole */
    sp_vec3 far = { 0.0f, -2.0f, 0.0f };
    bent_leg(leg, -0.02);
    sp_ik_two_bone(leg, parents, 4, 3, &far, &pole, 0.015f);
    sp_forward_kinematics(pos, rot, NULL, NULL, leg, parents, 4);
    check_near("ik: out of reach, the ankle 0.985 m from the hip", 1.0 - pos[10], 0.985, 2e-6);
    check_near("ik: out of reach, the knee toward the pole", pos[8], -0.5 * sqrt(1.0 - pow(0.985, 2)), 2e-5);
    /* a straight leg and a pole 40° out of its plane: the leg bends in the plane of the pole, exactly */
    double a = 40.0 * 3.14159265358979 / 180.0;
    sp_vec3 tilted = { (float)sin(a), 0.0f, (float)-cos(a) };
    bent_leg(leg, 0.0);
    sp_ik_two_bone(leg, parents, 4, 3, &target, &tilted, 0.0f);
    sp_forward_kinematics(pos, rot, NULL, NULL, leg, parents, 4);
    check_near("ik: bent in the pole's plane, the ankle on the target",
               sqrt(pow(pos[9], 2) + pow(pos[10] - 0.1, 2) + pow(pos[11], 2)), 0.0, 2e-6);
    check_near("ik: bent in the pole's plane, the knee along the pole (x)", pos[6], -kz * sin(a), 2e-6);
    check_near("ik: bent in the pole's plane, the knee along the pole (z)", pos[8], kz * cos(a), 2e-6);
    /* a leg turned about its hip, out of the plane of a forward pole, keeps its own plane: the ankle still reaches */
    bent_leg(leg, 0.6);
    float *q = leg + 6 * 4;
    q[4 * 1 + 1] = (float)sin(0.25), q[4 * 1 + 0] *= (float)cos(0.25), q[4 * 1 + 3] *= (float)cos(0.25);
    sp_quat h = { q[4], q[5], q[6], q[7] };
    sp_quat_normalize(&h, &h);
    memcpy(q + 4, &h, sizeof h);
    sp_vec3 near = { 0.1f, 0.15f, -0.1f };
    sp_ik_two_bone(leg, parents, 4, 3, &near, &pole, 0.0f);
    sp_forward_kinematics(pos, rot, NULL, NULL, leg, parents, 4);
    check_near("ik: a leg turned about its hip out of the pole's plane reaches the target",
               sqrt(pow(pos[9] - 0.1, 2) + pow(pos[10] - 0.15, 2) + pow(pos[11] + 0.1, 2)), 0.0, 2e-6);
}

/* A knee that bends about a known axis: the thigh turned anyhow in the world, the knee's local
 * rotation a turn by θ ∈ (0.1, 1.5) about `hinge` (in the thigh's frame) after a rest rotation,
 * the shin's end across the hinge: sp_ik_hinge_axis finds the hinge in the knee's own frame,
 * rest⁻¹·hinge, pointing so that (knee's rotation · axis) × (ankle − hip) points at the knee. */
static void hinge_axis(void)
{
    enum { F = 40, LEG = 4 };
    const int parents[LEG] = { -1, 0, 1, 2 };
    static float poses[F * 13 * LEG];
    const double hx = 0.36, hy = 0.48, hz = 0.8; /* the hinge, unit, in the thigh's frame */
    sp_quat rest = { 0.2f, -0.1f, 0.3f, 0.927f };
    sp_quat_normalize(&rest, &rest);
    /* thigh offset m = (0, −0.45, 0.27) ⟂ hinge; the shin's end e in the knee's frame with rest·e ⟂ hinge */
    sp_vec3 m = { 0.0f, -0.45f, 0.27f }, across = { 0.0f, -0.4f, 0.24f }, e;
    sp_quat inv;
    sp_quat_inv(&inv, &rest);
    sp_quat_mul_vec3(&e, &inv, &across);
    for (int f = 0; f < F; f++) {
        float *pose = poses + f * 13 * LEG, *p = pose, *q = pose + 6 * LEG;
        memset(pose, 0, sizeof(float) * 13 * LEG);
        for (int b = 0; b < LEG; b++) q[4 * b + 3] = 1.0f;
        sp_quat thigh = { (float)rnd() - 0.5f, (float)rnd() - 0.5f, (float)rnd() - 0.5f, 1.0f }, knee, turn;
        sp_quat_normalize(&thigh, &thigh);
        double th = 0.1 + 1.4 * rnd();
        turn = (sp_quat){ (float)(hx * sin(th / 2)), (float)(hy * sin(th / 2)), (float)(hz * sin(th / 2)),
                          (float)cos(th / 2) };
        sp_quat_mul(&knee, &turn, &rest);
        p[3 * 1 + 1] = 1.0f;
        memcpy(q + 4, &thigh, sizeof thigh);
        memcpy(p + 6, &m, sizeof m);
        memcpy(q + 8, &knee, sizeof knee);
        memcpy(p + 9, &e, sizeof e);
    }
    sp_vec3 axis, want = { (float)hx, (float)hy, (float)hz };
    int found = sp_ik_hinge_axis(&axis, poses, F, parents, LEG, 3);
    sp_vec3 local;
    sp_quat_mul_vec3(&local, &inv, &want);
    double dot = axis.x * local.x + axis.y * local.y + axis.z * local.z;
    check_true("hinge axis: found", found == 1);
    check_near("hinge axis: the knee's axis in its own frame, up to its sign", fabs(dot), 1.0, 1e-6);
    /* its sign: the pole it makes points at the knee, in every pose */
    int toward = 1;
    for (int f = 0; f < F; f++) {
        float pos[3 * LEG], rot[4 * LEG];
        sp_forward_kinematics(pos, rot, NULL, NULL, poses + f * 13 * LEG, parents, LEG);
        sp_quat kq = { rot[8], rot[9], rot[10], rot[11] };
        sp_vec3 n, ac = { pos[9] - pos[3], pos[10] - pos[4], pos[11] - pos[5] };
        sp_quat_mul_vec3(&n, &kq, &axis);
        sp_vec3 pole = { n.y * ac.z - n.z * ac.y, n.z * ac.x - n.x * ac.z, n.x * ac.y - n.y * ac.x };
        double side = pole.x * (pos[6] - pos[3]) + pole.y * (pos[7] - pos[4]) + pole.z * (pos[8] - pos[5]);
        toward &= side > 0.0;
    }
    check_true("hinge axis: its pole points at the knee in every pose", toward);
    /* a chain never bent: no axis */
    for (int f = 0; f < F; f++) {
        float *pose = poses + f * 13 * LEG;
        memcpy(pose + 6 * LEG + 8, &(sp_quat){ 0.0f, 0.0f, 0.0f, 1.0f }, sizeof(sp_quat));
        sp_vec3 straight = { 0.0f, -0.45f, 0.27f };
        memcpy(pose + 9, &straight, sizeof straight);
    }
    found = sp_ik_hinge_axis(&axis, poses, F, parents, LEG, 3);
    check_true("hinge axis: a straight chain has none (0, a zero axis)",
               found == 0 && axis.x == 0.0f && axis.y == 0.0f && axis.z == 0.0f);
    check_true("hinge axis: a bone without a grandparent has none",
               sp_ik_hinge_axis(&axis, poses, F, parents, LEG, 1) == 0);
}

int main(void)
{
    features_on_paths();
    search_exact();
    kinematics();
    ik_bending_side();
    hinge_axis();
    return testing_finish("test_motion_matching");
}
