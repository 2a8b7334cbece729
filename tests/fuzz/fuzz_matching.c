/* fuzz_matching.c — libFuzzer harness over motion matching, skeletons and the motion controller
 * (motion_matching.c, skeleton.c, motion_controller.c): features of clips, database sizes and
 * builds, cost rules, the search in every mode and its batch, with and without rules, forward
 * kinematics, the two-bone IK and the hinge axis, and the frame of a crowd of characters.
 *
 * Every array is a heap buffer of exactly the size the header gives (ASan); sizes, bones,
 * parents, feature declarations, ranges, tags, k, modes and the current frame come from the
 * input, in raw mode as any integer. In both modes: a call that returns 0 writes nothing; the
 * search finds the frames a brute-force scan written here finds, in every mode, under the cost
 * rules (forced or not), and the batch the single search's; found frames lie in the database. Domain mode (unit quaternions,
 * |values| ≤ 1e3): features of a valid clip are finite, IK keeps rotations unit. */
#include "fuzz.h"

static float *floats(size_t n, const fuzz_input *in)
{
    float *p = malloc((n ? n : 1) * sizeof(float));
    for (size_t i = 0; i < n; i++) p[i] = in->a[i % FUZZ_ARGS] * (float)(1 + i % 3);
    return p;
}

/* An integer from the next argument: in raw mode its bits, in domain mode within [lo, hi]. */
static int int_arg(fuzz_input *in, int lo, int hi)
{
    float f = arg(in);
    int32_t bits;
    memcpy(&bits, &f, sizeof bits);
    if (!in->domain) return bits;
    uint32_t u = (uint32_t)bits;
    return lo + (int)(u % (uint32_t)(hi - lo + 1));
}

/* A pose array of `frames` frames whose rotations are unit in domain mode. */
static float *poses_of(fuzz_input *in, int frames, int bones)
{
    size_t n = (size_t)bones, m = 13 * n * (size_t)frames;
    float *p = floats(m, in);
    for (size_t f = 0; f < (size_t)frames && in->domain; f++) {
        float *pose = p + 13 * n * f;
        for (size_t i = 0; i < 13 * n; i++) pose[i] = fuzz_map(pose[i], -1e3f, 1e3f);
        for (size_t b = 0; b < n; b++) {
            sp_quat q = { pose[6 * n + 4 * b], pose[6 * n + 4 * b + 1], pose[6 * n + 4 * b + 2],
                          pose[6 * n + 4 * b + 3] };
            sp_quat_normalize(&q, &q);
            memcpy(pose + 6 * n + 4 * b, &q, sizeof q);
        }
    }
    return p;
}

static int *parents_of(fuzz_input *in, int bones)
{
    int *p = malloc(sizeof(int) * (size_t)bones);
    for (int i = 0; i < bones; i++)
        p[i] = in->domain ? i - 1 - (i > 1 && (in->flags >> 2) & 1) : int_arg(in, -2, bones);
    return p;
}

static sp_vec3 small3(fuzz_input *in)
{
    sp_vec3 v;
    v.x = arg_in(in, -10.0f, 10.0f);
    v.y = arg_in(in, -10.0f, 10.0f);
    v.z = arg_in(in, -10.0f, 10.0f);
    return v;
}

static void f_features(fuzz_input *in)
{
    int frames = 1 + (int)(in->count % 9), bones = 1 + (int)(in->flags % 4),
        nf = 1 + (int)((in->flags >> 3) % 4);
    if (!in->domain) {
        frames = int_arg(in, 0, 0), bones = int_arg(in, 0, 0);
        if (frames <= 0 || bones <= 0) { /* rejected before anything is read */
            float out[1] = { 7.0f };
            int spec[4] = { 0, 0, 0, 0 }, parent = -1;
            float params[2] = { 0, 0 };
            ALWAYS(in, sp_motion_features(out, out, frames, &parent, bones, 0, 1.0f, spec, params, 1) == 0);
            ALWAYS(in, out[0] == 7.0f);
            return;
        }
        frames = 1 + frames % 9, bones = 1 + bones % 4;
    }
    float *poses = poses_of(in, frames, bones);
    int *parents = parents_of(in, bones);
    int *spec = malloc(sizeof(int) * 4 * (size_t)nf);
    float *params = malloc(sizeof(float) * 2 * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        spec[4 * f] = int_arg(in, 0, 4);
        spec[4 * f + 1] = int_arg(in, 0, bones - 1);
        spec[4 * f + 2] = int_arg(in, 0, 20);
        spec[4 * f + 3] = int_arg(in, 0, 3);
        params[2 * f] = arg_in(in, 1e-3f, 10.0f);
        params[2 * f + 1] = arg_in(in, 1e-3f, 10.0f);
    }
    int loop = in->domain ? (int)((in->flags >> 5) & 1) : int_arg(in, 0, 1);
    float step = arg_in(in, 1e-3f, 1.0f);
    size_t cap = (size_t)frames * 3 * (size_t)nf;
    float *out = malloc(sizeof(float) * (cap + 1));
    out[cap] = 99.0f;
    for (size_t i = 0; i < cap; i++) out[i] = 99.0f;
    int dims = sp_motion_features(out, poses, frames, parents, bones, loop, step, spec, params, nf);
    ALWAYS(in, dims >= 0 && (size_t)dims * (size_t)frames <= cap);
    if (dims == 0)
        for (size_t i = 0; i < cap; i++) ALWAYS(in, out[i] == 99.0f);
    for (size_t i = 0; i < (size_t)dims * (size_t)frames; i++) MUST(in, isfinite(out[i]));
    free(out), free(params), free(spec), free(parents), free(poses);
}

/* ---- the database and its search ---- */

typedef struct {
    int frames, dims, nr, floats;
    float *db, *feat;
    int *tags, *ranges;
} database;

static int make_database(fuzz_input *in, database *d)
{
    d->frames = 1 + (int)(in->count % 100), d->dims = 1 + (int)(in->flags % 9),
    d->nr = 1 + (int)((in->flags >> 4) % 4);
    d->floats = sp_motion_database_floats(d->frames, d->dims, d->nr);
    ALWAYS(in, d->floats > 0);
    d->db = malloc(sizeof(float) * (size_t)d->floats);
    d->feat = floats((size_t)d->frames * (size_t)d->dims, in);
    d->tags = malloc(sizeof(int) * (size_t)d->frames);
    d->ranges = malloc(sizeof(int) * 3 * (size_t)d->nr);
    for (int i = 0; i < d->frames; i++) {
        uint32_t bits;
        memcpy(&bits, in->a + i % FUZZ_ARGS, sizeof bits);
        d->tags[i] = (int)((bits >> (i % 7)) & 7u);
    }
    if (in->domain)
        for (int i = 0; i < d->frames * d->dims; i++) d->feat[i] = fuzz_map(d->feat[i], -1e3f, 1e3f);
    int groups[9], start = 0;
    float weights[9];
    for (int j = 0; j < d->dims; j++) groups[j] = j % 3, weights[j] = fuzz_map(in->a[j], 0.0f, 4.0f);
    int per = d->frames / d->nr;
    for (int r = 0; r < d->nr; r++) {
        int len =
            in->domain ? 1 + (int)((uint8_t)(in->count + 37 * r) % (per > 0 ? per : 1)) : int_arg(in, 0, 0);
        if (in->domain) start = r * per;
        int stop = (int)(uint32_t)((uint32_t)start + (uint32_t)len); /* raw: any int, wrapping */
        d->ranges[3 * r] = start, d->ranges[3 * r + 1] = stop, d->ranges[3 * r + 2] = r & 1;
        start = stop;
    }
    for (int i = 0; i < d->floats; i++) d->db[i] = -77.0f;
    int built = sp_motion_database_build(d->db, d->feat, d->frames, d->dims, groups, weights,
                                         in->flags & 64 ? NULL : d->tags, d->ranges, d->nr);
    if (!built)
        for (int i = 0; i < d->floats; i++) ALWAYS(in, d->db[i] == -77.0f);
    if (in->flags & 64)
        for (int i = 0; i < d->frames; i++) d->tags[i] = 0;
    return built;
}

static void free_database(database *d) { free(d->db), free(d->feat), free(d->tags), free(d->ranges); }

/* Cost rules of one kind of search per frame (as sprung_rules_build takes them), or none. */
typedef struct {
    const float *mul, *add;
    const int *blk;
} rules_set;

/* Whether the rules keep frame i of range r from being found from `cur` (sprung.h's words):
 * blocked, and not in the current frame's run of blocked frames within the range. */
static int rule_blocks(const database *d, const rules_set *o, int r, int i, int cur)
{
    if (!o->blk || !o->blk[i]) return 0;
    if (cur < d->ranges[3 * r] || cur >= d->ranges[3 * r + 1]) return 1;
    for (int j = i < cur ? i : cur; j <= (i < cur ? cur : i); j++)
        if (!o->blk[j]) return 1;
    return 0;
}

static float sat(float c) { return c > FLT_MAX ? FLT_MAX : c; }

/* The frames a scan of every candidate finds (as sprung.h defines them), written here. */
static int brute(const database *d, int *idx, float *cost, int k, const float *query, int current, int req,
                 int exc, float bias, int exclude_end, int exclude_near, const rules_set *o)
{
    int dp = (d->dims + 3) & ~3, cr = -1, found = 0;
    float qn[9];
    for (int j = 0; j < d->dims; j++)
        qn[j] = d->db[dp + j] == 0.0f ? 0.0f : (query[j] - d->db[j]) / d->db[dp + j];
    for (int r = 0; r < d->nr; r++)
        if (current >= d->ranges[3 * r] && current < d->ranges[3 * r + 1] && current < d->frames) cr = r;
    int cur = cr >= 0 ? current : -1;
    for (int s = 0; s < k; s++) idx[s] = -1, cost[s] = INFINITY;
    for (int j = 0; j < d->dims; j++) /* a query holding NaN or ±Inf finds nothing */
        if (!(fabsf(query[j]) <= FLT_MAX)) return 0;
    for (int pass = 0; pass < 2; pass++) /* the current frame first, then in frame order */
        for (int r = 0; r < d->nr; r++) {
            int a = d->ranges[3 * r], b = d->ranges[3 * r + 1] < d->frames ? d->ranges[3 * r + 1] : d->frames;
            for (int i = a; i < b; i++) {
                if ((pass == 0) != (i == cur)) continue;
                int t = d->tags[i];
                if ((t & req) != req || (t & exc) != 0) continue;
                if (i != cur) {
                    if (!d->ranges[3 * r + 2] && i >= d->ranges[3 * r + 1] - exclude_end) continue;
                    int dist = abs(i - cur), len = d->ranges[3 * r + 1] - a;
                    if (d->ranges[3 * r + 2] && len - dist < dist) dist = len - dist;
                    if (r == cr && dist < exclude_near) continue;
                    if (rule_blocks(d, o, r, i, cur)) continue;
                }
                float c = 0.0f;
                for (int j = 0; j < d->dims; j++) {
                    float e = qn[j] - d->db[2 * dp + 4 * d->dims * (i / 4) + 4 * j + i % 4];
                    c += e * e;
                }
                c = sat(c); /* a cost beyond float range counts as FLT_MAX */
                if (o->mul) c = sat(sat(o->mul[i] * c) + o->add[i]);
                if (cur >= 0 && r != cr) c = sat(c + bias);
                if (!(c < cost[k - 1])) continue;
                int at = k - 1;
                while (at > 0 && cost[at - 1] > c) idx[at] = idx[at - 1], cost[at] = cost[at - 1], at--;
                idx[at] = i, cost[at] = c;
                if (found < k) found++;
            }
        }
    return found;
}

/* Rules for the database's frames from the input (in domain mode multipliers in [0, 4], some
 * exactly 1 or 0, additive costs in [−4, 4], blocked runs; in raw mode any values, which the
 * build may refuse): built into a heap block of exactly its size, or NULL when refused (nothing
 * written then). The per-frame arrays, in mul, add and blk, are the brute force's. */
static float *make_rules(fuzz_input *in, const database *d, float *mul, float *add, int *blk)
{
    int n = sp_motion_rules_floats(d->frames);
    ALWAYS(in, n > 0);
    float *rules = malloc(sizeof(float) * (size_t)n);
    for (int i = 0; i < 2 * d->frames; i++) {
        float x = in->a[(3 * i) % FUZZ_ARGS], y = in->a[(3 * i + 1) % FUZZ_ARGS];
        uint32_t bits;
        memcpy(&bits, in->a + (3 * i + 2) % FUZZ_ARGS, sizeof bits);
        mul[i] = in->domain ? ((bits >> 3) & 3 ? fuzz_map(x, 0.0f, 4.0f) : (float)((bits >> 5) & 1)) : x;
        add[i] = in->domain ? ((bits >> 6) & 1 ? fuzz_map(y, -4.0f, 4.0f) : 0.0f) : y;
        blk[i] = in->domain ? (int)((bits >> (i % 8)) & 1) : (int)(bits % 3);
    }
    for (int i = 0; i < n; i++) rules[i] = -55.0f;
    if (sp_motion_rules_build(rules, mul, add, blk, d->frames, d->ranges, d->nr) == d->frames) return rules;
    for (int i = 0; i < n; i++) ALWAYS(in, rules[i] == -55.0f);
    ALWAYS(in, !in->domain);
    free(rules);
    return NULL;
}

static void f_search(fuzz_input *in)
{
    database d;
    if (!make_database(in, &d)) {
        free_database(&d);
        return;
    }
    float *mul = malloc(sizeof(float) * 2 * (size_t)d.frames),
          *add = malloc(sizeof(float) * 2 * (size_t)d.frames);
    int *blk = malloc(sizeof(int) * 2 * (size_t)d.frames);
    float *rules = in->count & 128 ? make_rules(in, &d, mul, add, blk) : NULL;
    int forced = (int)((in->count >> 6) & 1);
    rules_set o = { NULL, NULL, NULL };
    if (rules)
        o.mul = mul + forced * d.frames, o.add = add + forced * d.frames, o.blk = blk + forced * d.frames;
    int k = int_arg(in, 1, 5);
    if (k > 5) k = 1 + k % 5;
    float *query = floats((size_t)d.dims, in);
    int current = int_arg(in, -1, d.frames), req = int_arg(in, 0, 3), exc = int_arg(in, 0, 4);
    float bias = arg_in(in, 0.0f, 10.0f);
    int exclude_end = int_arg(in, 0, 30), exclude_near = int_arg(in, 0, 30), mode = int_arg(in, 0, 2);
    int kk = k > 0 ? k : 1;
    int *idx = malloc(sizeof(int) * (size_t)kk), *bidx = malloc(sizeof(int) * (size_t)kk);
    float *cost = malloc(sizeof(float) * (size_t)kk), *bcost = malloc(sizeof(float) * (size_t)kk);
    idx[0] = 12345;
    int got = sp_motion_search(idx, cost, k, d.db, d.frames, d.dims, d.nr, query, current, req, exc, bias,
                               exclude_end, exclude_near, mode, rules, forced);
    int valid = k >= 1 && bias >= 0 && bias < INFINITY && mode >= 0 && mode <= 2;
    ALWAYS(in, valid || (got == 0 && idx[0] == 12345));
    if (valid) {
        int want = brute(&d, bidx, bcost, k, query, current, req, exc, bias,
                         exclude_end > 0 ? exclude_end : 0, exclude_near, &o);
        ALWAYS(in, got == want);
        for (int s = 0; s < k; s++) ALWAYS(in, idx[s] == bidx[s] && (cost[s] == bcost[s] || (idx[s] < 0)));
        for (int s = 0; s < k; s++) ALWAYS(in, idx[s] >= -1 && idx[s] < d.frames);
        /* the batch of two equal queries: the single search's frames, twice */
        float *queries = malloc(sizeof(float) * 2 * (size_t)d.dims);
        memcpy(queries, query, sizeof(float) * (size_t)d.dims);
        memcpy(queries + d.dims, query, sizeof(float) * (size_t)d.dims);
        int currents[2] = { current, current }, tags[4] = { req, exc, req, exc },
            flags[2] = { forced, forced };
        int *bi = malloc(sizeof(int) * 2 * (size_t)k);
        float *bc = malloc(sizeof(float) * 2 * (size_t)k);
        ALWAYS(in,
               sp_motion_search_batch(bi, bc, k, d.db, d.frames, d.dims, d.nr, queries, currents, tags, bias,
                                      exclude_end, exclude_near, (mode + 1) % 3, rules, flags, 2)
                   == 2);
        for (int s = 0; s < 2 * k; s++) ALWAYS(in, bi[s] == idx[s % k]);
        free(bi), free(bc), free(queries);
    }
    free(idx), free(bidx), free(cost), free(bcost), free(query);
    free(rules), free(mul), free(add), free(blk);
    free_database(&d);
}

/* A database block whose memory is anything at all (a caller wrote into it): the search
 * still reads and writes only its arrays. */
static void f_search_garbage(fuzz_input *in)
{
    int frames = 1 + (int)(in->count % 100), dims = 1 + (int)(in->flags % 9),
        nr = 1 + (int)((in->flags >> 4) % 4);
    int n = sp_motion_database_floats(frames, dims, nr);
    float *db = floats((size_t)n, in), *query = floats((size_t)dims, in);
    int idx[3];
    float cost[3];
    /* and rules of any memory too, half the time */
    float *rules = in->flags & 8 ? floats((size_t)sp_motion_rules_floats(frames), in) : NULL;
    int got = sp_motion_search(idx, cost, 3, db, frames, dims, nr, query, int_arg(in, -5, 200), 0, 0, 0.5f, 3,
                               3, (int)(in->flags % 3), rules, (int)(in->flags >> 4) & 1);
    ALWAYS(in, got >= 0 && got <= 3);
    for (int s = 0; s < 3; s++) ALWAYS(in, idx[s] >= -1 && idx[s] < frames);
    free(db), free(query), free(rules);
}

static void f_kinematics(fuzz_input *in)
{
    int bones = 1 + (int)(in->count % 6);
    float *pose = poses_of(in, 1, bones);
    int *parents = parents_of(in, bones);
    float *p = malloc(sizeof(float) * 3 * (size_t)bones), *q = malloc(sizeof(float) * 4 * (size_t)bones);
    float *v = malloc(sizeof(float) * 3 * (size_t)bones), *w = malloc(sizeof(float) * 3 * (size_t)bones);
    sp_forward_kinematics(p, q, in->flags & 1 ? NULL : v, w, pose, parents, bones);
    for (int i = 0; i < 3 * bones; i++) MUST(in, isfinite(p[i]));
    sp_vec3 target = small3(in), pole = small3(in);
    float buffer = arg_in(in, 0.0f, 1.0f);
    int bone = in->domain ? (int)(in->flags % (unsigned)bones) : int_arg(in, -2, bones + 2);
    sp_ik_two_bone(pose, parents, bones, bone, &target, &pole, buffer);
    for (int b = 0; b < bones && in->domain; b++) {
        sp_quat r = { pose[6 * bones + 4 * b], pose[6 * bones + 4 * b + 1], pose[6 * bones + 4 * b + 2],
                      pose[6 * bones + 4 * b + 3] };
        MUST(in, unit(r));
    }
    sp_vec3 axis;
    int frames = 1 + (int)(in->count % 3);
    float *poses = poses_of(in, frames, bones);
    int found = sp_ik_hinge_axis(&axis, poses, frames, parents, bones, bone);
    ALWAYS(in, found == 0 || found == 1);
    if (!found) ALWAYS(in, axis.x == 0.0f && axis.y == 0.0f && axis.z == 0.0f);
    if (found && in->domain)
        MUST(in, fabsf(axis.x * axis.x + axis.y * axis.y + axis.z * axis.z - 1.0f) < 1e-4f);
    free(p), free(q), free(v), free(w), free(pose), free(parents), free(poses);
}

/* The frame of 1–3 characters of 1–6 bones with 0–2 contacts each: in domain mode a valid
 * chain (parents i − 1), unit rotations, settings in their domains; in raw mode every float and
 * int of the structs from the input's bits. */
static void f_controller(fuzz_input *in)
{
    int bones = 1 + (int)(in->count % 6), n = 1 + (int)(in->flags % 3), nc = (int)((in->flags >> 2) % 3);
    size_t pose = 13 * (size_t)bones * (size_t)n;
    float *input = poses_of(in, n, bones), *offset = poses_of(in, n, bones);
    float *blended = malloc(sizeof(float) * pose), *drawn = malloc(sizeof(float) * pose);
    float *positions = malloc(sizeof(float) * 3 * (size_t)bones * (size_t)n);
    float *rotations = malloc(sizeof(float) * 4 * (size_t)bones * (size_t)n);
    int *parents = parents_of(in, bones);
    sp_motion_character *c = malloc(sizeof *c * (size_t)n);
    sp_motion_settings *s = malloc(sizeof *s * (size_t)n);
    sp_contact *contacts = malloc(sizeof *contacts * (size_t)(nc * n + 1));
    int *states = malloc(sizeof(int) * (size_t)(nc * n + 1)), cb[2], ik[2];
    sp_vec3 hinges[2];
    for (int k = 0; k < 2; k++) {
        cb[k] = int_arg(in, -1, bones - 1), ik[k] = int_arg(in, -1, bones - 1);
        hinges[k] =
            in->domain ? (sp_vec3){ arg_in(in, -1, 1), arg_in(in, -1, 1), arg_in(in, -1, 1) } : vec3(in);
    }
    for (int i = 0; i < n; i++) {
        float *f = (float *)&c[i];
        for (size_t j = 0; j < sizeof c[i] / sizeof(float); j++) f[j] = arg_in(in, -10.0f, 10.0f);
        float *g = (float *)&s[i];
        for (size_t j = 0; j < sizeof s[i] / sizeof(float); j++) g[j] = arg_in(in, 0.0f, 1.0f);
        if (in->domain) {
            sp_quat unitq[3] = { quat(in), quat(in), quat(in) };
            c[i].simulation_rotation = unitq[0], c[i].desired_rotation = unitq[1],
            c[i].map_rotation = unitq[2];
            c[i].started = (int)(in->flags >> 4) & 1;
            s[i].inertialization = (int)((in->flags >> 5) % 3), s[i].adjustment = s[i].clamping = 1;
            s[i].adjustment_by_velocity = (int)(in->flags >> 6) & 1, s[i].foot_locking = 1;
        } else {
            memcpy(&c[i].started, &(int){ int_arg(in, 0, 0) }, sizeof(int));
            memcpy(&s[i].inertialization, &(int){ int_arg(in, 0, 0) }, sizeof(int));
        }
    }
    for (int j = 0; j < nc * n; j++) {
        float *f = (float *)&contacts[j];
        for (size_t m = 0; m < sizeof contacts[j] / sizeof(float); m++) f[m] = arg_in(in, -1.0f, 1.0f);
        contacts[j].state = int_arg(in, 0, 1), contacts[j].lock = int_arg(in, 0, 1);
        states[j] = int_arg(in, 0, 1);
    }
    sp_vec3 at = small3(in);
    sp_quat facing = quat(in);
    sp_motion_controller_place(c, input, &at, &facing, bones);
    sp_motion_controller_update(input, offset, blended, drawn, positions, rotations, c, contacts, states, s,
                                parents, bones, cb, ik, hinges, nc, arg_in(in, 0.0f, 0.1f), n);
    for (size_t i = 0; i < 3 * (size_t)bones * (size_t)n && in->domain; i++) MUST(in, isfinite(positions[i]));
    free(input), free(offset), free(blended), free(drawn), free(positions), free(rotations), free(parents);
    free(c), free(s), free(contacts), free(states);
}

static const fuzz_case cases[] = {
    { "sp_motion_features", f_features },
    { "sp_motion_search", f_search },
    { "sp_motion_search (any memory)", f_search_garbage },
    { "sp_forward_kinematics, sp_ik_two_bone, sp_ik_hinge_axis", f_kinematics },
    { "sp_motion_controller_place, sp_motion_controller_update", f_controller },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, (unsigned)(sizeof cases / sizeof cases[0]), data, size);
}
