/* fuzz_inert.c — libFuzzer harness over the inertializers and transition costs
 * (inertialize.c, transition_cost.c).
 *
 * Raw mode: any bit pattern (sanitizers, exact-size heap buffers for landscapes, features
 * and searches). Domain mode: halflife and blendtime in [0, 1e6], dt in [0, 1e4], |values|
 * ≤ 1e30, unit quaternions. Invariants: finite outputs where a double bound of the true
 * result is well within range; dt = 0 keeps the offset, blendtime (halflife) 0 removes it at
 * once; the quintic offset never crosses zero and t1 ≤ blendtime; costs are ≥ 0, exact ≥
 * approximate (up to rounding), crossings lie in (0, blendtime) or are +Inf; a landscape's
 * cells are the single costs; the search returns the nearest row. */
#include "fuzz.h"

static float blendtime(fuzz_input *in) { return arg_in(in, 0.0f, 1e6f); }

/* ---- spring inertializer ------------------------------------------------------------ */

static void f_inertialize_spring(fuzz_input *in)
{
    float ox = value(in), ov = value(in), sx = value(in), sv = value(in), dx = value(in), dv = value(in);
    float ix = value(in), iv = value(in), h = halflife(in), t = dt(in), outx, outv;
    sp_inertialize_transition(&ox, &ov, sx, sv, dx, dv);
    FIN(in, ox);
    FIN(in, ov); /* sums of three values ≤ 1e30 */
    float ox0 = ox, ov0 = ov;
    sp_inertialize_update(&outx, &outv, &ox, &ov, ix, iv, h, t);
    double rx = ox0, rv = ov0;
    ref_critical(&rx, &rv, 0, 0, h, t);
    FIN_REF(in, ox, rx);
    FIN_REF(in, ov, rv);
    FIN_REF(in, outx, fabs(ix) + fabs(rx));
    FIN_REF(in, outv, fabs(iv) + fabs(rv));
    MUST(in, t != 0 || (ox == ox0 && ov == ov0));
    MUST(in, !(h == 0 && t > 0) || (ox == 0 && ov == 0 && outx == ix && outv == iv));
}

static void f_inertialize_v3(fuzz_input *in)
{
    sp_vec3 ox = vec3(in), ov = vec3(in), sx = vec3(in), sv = vec3(in), dx = vec3(in), dv = vec3(in);
    sp_vec3 ix = vec3(in), iv = vec3(in), outx, outv;
    float h = halflife(in), t = dt(in);
    sp_inertialize_transition_v3(&ox, &ov, &sx, &sv, &dx, &dv);
    float x = ox.y, v = ov.y;
    sp_inertialize_update_v3(&outx, &outv, &ox, &ov, &ix, &iv, h, t);
    sp_inertialize_update(&outx.x, &outv.x, &x, &v, ix.y, iv.y, h, t); /* per component = scalar */
    MUST(in, memcmp(&x, &ox.y, sizeof x) == 0 && memcmp(&v, &ov.y, sizeof v) == 0);
    MUST(in, memcmp(&outx.x, &outx.y, sizeof x) == 0 && memcmp(&outv.x, &outv.y, sizeof v) == 0);
}

static void f_inertialize_quat(fuzz_input *in)
{
    sp_quat ox = quat(in), sx = quat(in), dx = quat(in), ix = quat(in), outx;
    sp_vec3 ov = vec3(in), sv = vec3(in), dv = vec3(in), iv = vec3(in), outv;
    float h = halflife(in), t = dt(in);
    sp_inertialize_transition_quat(&ox, &ov, &sx, &sv, &dx, &dv);
    MUST(in, unit(ox) && ox.w >= 0);
    MUST(in, finite3(ov));
    sp_quat ox0 = ox;
    sp_vec3 ov0 = ov;
    sp_inertialize_update_quat(&outx, &outv, &ox, &ov, &ix, &iv, h, t);
    MUST(in, unit(ox) && unit(outx));
    fin_ref_quat_spring(in, ox0, NULL, ov0, ov, h, t); /* the offset decays as a quaternion spring */
    MUST(in, !finite3(ov) || finite3(outv));           /* + a rotated input velocity (≤ 1.8e30) */
    MUST(in, !(h == 0 && t > 0) || (fabsf(ox.w) == 1 && ov.x == 0 && ov.y == 0 && ov.z == 0));
}

/* ---- cubic and quintic -------------------------------------------------------------- */

/* |x(τ)| ≤ |x| + |a|, |v(τ)| ≤ |v| + 6|x|/blendtime (+|a|/4 of the cubic's derivative). */
static void f_cubic(fuzz_input *in)
{
    float x = value(in), v = value(in), bt = blendtime(in), t = dt(in), ox, ov;
    sp_decayed_offset_cubic(&ox, &ov, x, v, bt, t);
    double a = 2.0 * x + (double)v * bt;
    FIN_REF(in, ox, fabs(x) + fabs(a));
    FIN_REF(in, ov, fabs(v) + 6 * (fabs(x) + fabs(a)) / bt);
    MUST(in, sp_decay_cubic(x, v, bt, t) == ox);
    MUST(in, t < bt || (ox == 0 && ov == 0));
    MUST(in, !(t == 0 && bt > 0) || (ox == x && ov == v));
    /* the update is the decayed offset at off_t + dt, the transition restarts the clock */
    float offt = arg_in(in, 0, 1e4f), outx, outv, sx = value(in), sv = value(in), dx = value(in),
          dv = value(in);
    float ix = value(in), iv = value(in), tt = offt, cx = x, cv = v, ct = offt;
    sp_inertialize_cubic_update(&outx, &outv, &tt, x, v, ix, iv, bt, t);
    MUST(in, tt == offt + t);
    FIN_REF(in, outx, fabs(ix) + fabs(x) + fabs(a));
    sp_inertialize_cubic_transition(&cx, &cv, &ct, sx, sv, dx, dv, bt);
    MUST(in, ct == 0);
    FIN_REF(in, cx, fabs(x) + fabs(a) + fabs(sx) + fabs(dx));
    sp_vec3 X = { x, x, x }, V = { v, v, v }, S = { sx, sx, sx }, SV = { sv, sv, sv }, D = { dx, dx, dx };
    sp_vec3 DV = { dv, dv, dv }, I = { ix, ix, ix }, IV = { iv, iv, iv }, OX, OV;
    float t3 = offt;
    sp_inertialize_cubic_update_v3(&OX, &OV, &t3, &X, &V, &I, &IV, bt, t);
    MUST(in, memcmp(&OX.z, &outx, sizeof outx) == 0 && t3 == tt);
    t3 = offt;
    sp_inertialize_cubic_transition_v3(&X, &V, &t3, &S, &SV, &D, &DV, bt);
    MUST(in, memcmp(&X.y, &cx, sizeof cx) == 0 && t3 == 0);
}

/* Bollo's quintic: t1 ∈ [0, blendtime], never crosses zero; |x(τ)| ≤ |x| + |k| + |h|. */
static void f_quintic(fuzz_input *in)
{
    float x = value(in), v = value(in), bt = blendtime(in), t = dt(in), ox, ov, oa;
    float t1 = sp_quintic_blendtime(x, v, bt);
    MUST(in, t1 >= 0 && t1 <= bt);
    sp_decayed_offset_quintic(&ox, &ov, &oa, x, v, bt, t);
    MUST(in, sp_decay_quintic(x, v, bt, t) == ox);
    MUST(in, (x >= 0 && ox >= 0) || (x <= 0 && ox <= 0));
    double k = (double)v * t1 + 4.0 * x, hh = fabs(4.0 * v * t1 + 10.0 * x), m = fabs(x) + fabs(k) + hh;
    FIN_REF(in, ox, m);
    FIN_REF(in, ov, fmax(fabs(v), 20 * m / t1));
    FIN_REF(in, oa, 100 * m / t1 / t1);
    MUST(in, t < t1 || (ox == 0 && ov == 0 && oa == 0));
    MUST(in, !(t == 0 && t1 > 0) || (ox == x && ov == v));
    float offt = arg_in(in, 0, 1e4f), tt = offt, outx, outv, ix = value(in), iv = value(in);
    sp_inertialize_quintic_update(&outx, &outv, &tt, x, v, ix, iv, bt, t);
    MUST(in, tt == offt + t);
    float cx = x, cv = v, ct = offt, sx = value(in), dx = value(in);
    sp_inertialize_quintic_transition(&cx, &cv, &ct, sx, 0, dx, 0, bt);
    MUST(in, ct == 0);
    FIN_REF(in, cx, m + fabs(sx) + fabs(dx));
}

/* ---- dead blending ------------------------------------------------------------------ */

/* The extrapolated source moves at most |ext_v|·ext_t; at ext_t ≥ blendtime the output is
 * the input itself. flags bit 0: halflife +Inf (no decay, the article's dead blending). */
static void f_dead_blending(fuzz_input *in)
{
    float ex = value(in), ev = value(in), et = arg_in(in, 0, 1e4f), ix = value(in), iv = value(in);
    float h = in->flags & 1u ? INFINITY : halflife(in), bt = blendtime(in), ox, ov;
    sp_dead_blending_evaluate(&ox, &ov, ex, ev, et, ix, iv, h, bt);
    double sx = fabs(ex) + fabs(ev) * et;
    FIN_REF(in, ox, sx + fabs(ix));
    FIN_REF(in, ov, fabs(ev) + fabs(iv) + 1.5 * (sx + fabs(ix)) / bt);
    MUST(in, et < bt || (ox == ix && ov == iv));
    MUST(in, !(et == 0 && bt > 0) || (ox == ex && ov == ev));
    float tx = ex, tv = ev, tt = et, t = dt(in), ux, uv;
    sp_dead_blending_transition(&tx, &tv, &tt, ix, iv, h, bt);
    MUST(in, tt == 0 && memcmp(&tx, &ox, sizeof ox) == 0);
    tt = et;
    sp_dead_blending_update(&ux, &uv, &tt, ex, ev, ix, iv, h, bt, t);
    MUST(in, tt == et + t);
}

/* ---- transition costs --------------------------------------------------------------- */

/* Displacements ≥ 0 (+Inf only when a bound of the true cost overflows), never below the
 * approximation |∫offset| (up to rounding) where it is that integral (`ordered`: not the
 * quintic's, whose approximation keeps blendtime where Bollo shortens it to t1); crossings in (0, span) or +Inf; the approximation
 * is |feature|. The cost of offset (x, v) is at most (|x| + |v|·T)·T over the span T. */
static void cost_checks(fuzz_input *in, float exact, float approx, float feat, float cross, double span,
                        double bound, int ordered)
{
    MUST(in, exact >= 0 && approx >= 0);
    FIN_REF(in, exact, bound);
    FIN_REF(in, approx, bound);
    MUST(in, approx == fabsf(feat));
    MUST(in, !ordered || !(isfinite(exact) && isfinite(approx)) || exact >= approx * (1 - 1e-4f) - 1e-30f);
    MUST(in, cross == INFINITY || (cross >= 0 && cross <= span)); /* 0: a crossing time below the floats */
}

static void f_costs(fuzz_input *in)
{
    float x = value(in), v = value(in), h = halflife(in), bt = blendtime(in), w = arg_in(in, 0, 1e6f);
    double ax = fabs(x), av = fabs(v), y = ref_y(h), tau = 1 / y; /* the spring's offset lives over ~1/y */
    /* the approximations' coefficients (~timescale, ~timescale²) lose their digits once
     * they are subnormal: exact ≥ approx is then only up to their rounding */
    int normal[4];
    for (int kind = 0; kind < 4; kind++) {
        float cp, cv;
        sp_inertialization_feature_coefficients(&cp, &cv, kind, h, bt);
        normal[kind] = (cp > 1e-30f && cv > 1e-30f) || (cp == 0 && cv == 0);
    }
    int st = normal[0], bn = normal[1], dn = normal[3];
    cost_checks(in, sp_decay_spring_damper_displacement(x, v, h),
                sp_decay_spring_damper_displacement_approx(x, v, h), sp_decay_spring_damper_feature(x, v, h),
                sp_decay_spring_damper_intersection(x, v, h), INFINITY, 4 * (ax + av * tau) * tau, st);
    cost_checks(in, sp_decay_cubic_displacement(x, v, bt), sp_decay_cubic_displacement_approx(x, v, bt),
                sp_decay_cubic_feature(x, v, bt), sp_decay_cubic_intersection(x, v, bt), bt,
                4 * (ax + av * bt) * bt, bn);
    cost_checks(in, sp_decay_quintic_displacement(x, v, bt), sp_decay_quintic_displacement_approx(x, v, bt),
                sp_decay_quintic_feature(x, v, bt), INFINITY, bt, 4 * (ax + av * bt) * bt, 0);
    cost_checks(in, sp_dead_blending_displacement(x, v, h, bt),
                sp_dead_blending_displacement_approx(x, v, h, bt), sp_dead_blending_feature(x, v, h, bt),
                sp_dead_blending_intersection(x, v, h, bt), bt, 4 * (ax + av * bt) * bt, dn);
    float basic = sp_transition_cost_basic(x, v, w);
    MUST(in, basic >= 0);
    FIN_REF(in, basic, ax + w * av);
    /* blendtime 0 and halflife 0 cost nothing */
    MUST(in, sp_decay_cubic_displacement(x, v, 0) == 0 && sp_dead_blending_displacement(x, v, h, 0) == 0);
    MUST(in, sp_decay_spring_damper_displacement(x, v, 0) == 0);
    /* sp_transition_cost is the functions above */
    int kind = (int)(in->count % 4u), measure = (int)((in->count >> 2) % 4u);
    float c = sp_transition_cost(x, v, kind, measure, h, bt, w);
    float approx = sp_transition_cost(x, v, kind, SP_COST_APPROX, h, bt, w);
    MUST(in,
         c >= (measure != SP_COST_ERROR              ? 0
                   : kind == SP_INERTIALIZER_QUINTIC ? -INFINITY
                                                     : -1e-4f * approx - 1e-30f)
             || (isinf(approx) && c != c) || (measure == SP_COST_ERROR && !normal[kind]));
    float cp, cv;
    sp_inertialization_feature_coefficients(&cp, &cv, kind, h, bt);
    MUST(in, cp >= 0 && cv >= 0);
    float bits = arg(in);
    int any;
    memcpy(&any, &bits, sizeof any);
    (void)sp_transition_cost(x, v, any, any >> 16, h, bt, w); /* any kind: NaN, no UB */
}

/* A landscape of nx × ny cells in an exact-size buffer; each cell is sp_transition_cost at its
 * grid point (the fast path calls the kernels directly: equal up to rounding). */
static void f_landscape(fuzz_input *in)
{
    int nx = (int)(in->count % 9u), ny = (int)((in->count >> 4) % 9u);
    int kind = (int)(in->flags % 5u) - (in->domain ? 0 : 1),
        measure = (int)((in->flags >> 3) % 5u) - (in->domain ? 0 : 1);
    if (in->domain) kind %= 4, measure %= 4;
    float xmin = value(in), xmax = value(in), vmin = value(in), vmax = value(in);
    float h = halflife(in), bt = blendtime(in), w = arg_in(in, 0, 1e6f);
    float *out = malloc(sizeof(float) * (size_t)(nx * ny) + 1);
    int r = sp_transition_cost_landscape(out, nx, ny, xmin, xmax, vmin, vmax, kind, measure, h, bt, w);
    MUST(in, r == nx * ny);
    for (int j = 0; in->domain && j < ny; j++)
        for (int i = 0; i < nx; i++) {
            float x = i == nx - 1 && nx > 1
                ? xmax
                : xmin + (nx > 1 ? (xmax - xmin) / (float)(nx - 1) : 0) * (float)i;
            float v = j == ny - 1 && ny > 1
                ? vmax
                : vmin + (ny > 1 ? (vmax - vmin) / (float)(ny - 1) : 0) * (float)j;
            float c = sp_transition_cost(x, v, kind, measure, h, bt, w), o = out[j * nx + i];
            /* equal up to rounding of the scaled kernels; ERROR is a difference of the two */
            /* (and cells near the subnormals, where the unscaled fast path keeps fewer digits) */
            float tol =
                1e-4f * (fabsf(c) + fabsf(sp_transition_cost(x, v, kind, SP_COST_APPROX, h, bt, w))) + 1e-36f;
            MUST(in, (isinf(c) && o == c) || fabsf(o - c) <= tol || (c != c && o != o));
        }
    free(out);
}

/* Features of rows × dims and the nearest-row search, exact-size buffers; rows and dims may
 * be 0 or negative in raw mode. */
static void f_features_search(fuzz_input *in)
{
    int rows = (int)(in->count % 6u), dims = (int)((in->count >> 3) % 5u);
    if (!in->domain && (in->flags & 1)) rows = -rows;
    if (!in->domain && (in->flags & 2)) dims = -dims;
    int kind = (int)((in->flags >> 2) % 4u);
    size_t n = rows > 0 && dims > 0 ? (size_t)rows * (size_t)dims : 0;
    float *pos = malloc(sizeof(float) * n + 1), *vel = malloc(sizeof(float) * n + 1),
          *db = malloc(sizeof(float) * n + 1);
    float *query = malloc(sizeof(float) * (dims > 0 ? (size_t)dims : 0) + 1);
    for (size_t i = 0; i < n; i++) pos[i] = arg_in(in, -1e15f, 1e15f), vel[i] = arg_in(in, -1e15f, 1e15f);
    for (int c = 0; c < dims; c++) query[c] = arg_in(in, -1e15f, 1e15f);
    float h = halflife(in), bt = arg_in(in, 0, 1e3f);
    int r = sp_inertialization_features(db, pos, vel, rows, dims, kind, h, bt);
    MUST(in, r == (n ? rows : 0));
    float cost;
    int best = sp_inertialization_search(&cost, db, r > 0 ? rows : 0, dims, query);
    MUST(in, best >= -1 && best < rows);
    MUST(in, cost >= 0);
    MUST(in, (best == -1) == (n == 0 || cost == INFINITY));
    if (in->domain && best >= 0)
        for (int row = 0; row < rows; row++) { /* no row is nearer (in double, up to float rounding) */
            double d = 0, db_ = 0;
            for (int c = 0; c < dims; c++) {
                d += pow((double)db[row * dims + c] - query[c], 2);
                db_ += pow((double)db[best * dims + c] - query[c], 2);
            }
            /* float squares flush below 1e-19: distances under that are ties */
            MUST(in, !(isfinite(db_)) || sqrt(d) >= sqrt(db_) * (1 - 1e-5) - 1e-18);
        }
    free(pos);
    free(vel);
    free(db);
    free(query);
}

/* ------------------------------------------------------------------------------------- */

static const fuzz_case cases[] = {
    { "inertialize_spring", f_inertialize_spring },
    { "inertialize_v3", f_inertialize_v3 },
    { "inertialize_quat", f_inertialize_quat },
    { "cubic", f_cubic },
    { "quintic", f_quintic },
    { "dead_blending", f_dead_blending },
    { "costs", f_costs },
    { "landscape", f_landscape },
    { "features_search", f_features_search },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, (unsigned)(sizeof cases / sizeof cases[0]), data, size);
}
