/* fuzz_core.c — libFuzzer harness over the scalar public functions of the C core.
 *
 * Every function is called in raw mode (any bit pattern: the sanitizers and ASan's
 * exact-size heap buffers check that it is total) and in domain mode, where the
 * arguments are mapped into the valid domain (fuzz.h) and the edge-value rules of the
 * conventions become asserts: finite outputs where the true result is finite, dt = 0
 * changes nothing, halflife = 0 snaps, dampers and springs released at rest never
 * overshoot, quaternions stay unit. The article's fast approximations (`_bad`,
 * `_implicit`, `fast_*`) are only checked for totality and their own ranges. */
#include "fuzz.h"

/* ---- helpers ------------------------------------------------------------------------ */

static void f_lerp(fuzz_input *in)
{
    float x = value(in), y = value(in), a = arg_in(in, -1e4f, 1e4f);
    FIN(in, sp_lerp(x, y, a));
}

static void f_fast_negexp(fuzz_input *in)
{
    float r = sp_fast_negexp(arg_in(in, 0, 1e30f));
    MUST(in, r >= 0 && r <= 1);
}

static void f_fast_atan(fuzz_input *in)
{
    float r = sp_fast_atan(value(in));
    MUST(in, fabsf(r) <= SP_PI / 2 + 2e-3f);
}

/* 4·ln2/h overflows float only for h below 4·ln2/FLT_MAX ≈ 8.2e-39: +Inf is then honest. */
static void f_conversions(fuzz_input *in)
{
    float h = halflife(in), f = arg_in(in, 0, 1591.5f), s = stiffness(in), g = arg_in(in, 0, 1591.5f);
    float d = sp_halflife_to_damping(h), h2 = sp_damping_to_halflife(d);
    MUST(in, d >= 0 && (h < 1e-38f || isfinite(d)));
    MUST(in, !(h2 != h2) && h2 >= 0);
    FIN(in, sp_frequency_to_stiffness(f));
    FIN(in, sp_stiffness_to_frequency(s));
    /* ζ = d/(2√s) both ways: finite wherever the value in double is below float's range */
    float zeta = arg_in(in, 1e-30f, 1e30f), rs = sp_damping_ratio_to_stiffness(zeta, d);
    float rd = sp_damping_ratio_to_damping(zeta, s);
    MUST(in, rs >= 0 && rd >= 0);
    FIN_REF(in, rs, pow((double)d / (2.0 * zeta), 2));
    FIN_REF(in, rd, 2.0 * zeta * sqrt((double)s));
    float ch = sp_critical_halflife(f), cf = sp_critical_frequency(h);
    MUST(in, ch >= 0 && (f < 1e-37f || isfinite(ch)));
    MUST(in, cf >= 0 && (h < 1e-38f || isfinite(cf)));
    float r = sp_resonant_frequency(g, h);
    MUST(in, r != r || r >= 0); /* NaN when no frequency resonates there: see the TS check */
}

static void f_spring_energy(fuzz_input *in)
{
    float x = value(in), v = value(in), f = arg_in(in, 0, 1591.5f), xr = value(in), vr = value(in),
          k = value(in);
    float e = sp_spring_energy(x, v, f, xr, vr, k);
    MUST(in, e >= 0); /* a sum of squares: +Inf when it overflows, never NaN */
}

/* ---- dampers ------------------------------------------------------------------------ */

static void f_damper(fuzz_input *in)
{
    float x = value(in), g = value(in), factor = arg_in(in, 0, 1);
    float r = sp_damper(x, g, factor);
    FIN(in, r);
    MUST(in, between(r, x, g));
}

static void f_damper_bad(fuzz_input *in)
{
    float x = value(in), g = value(in), d = arg_in(in, 0, 1e8f), t = dt(in);
    (void)sp_damper_bad(x, g, d, t);
}

/* Valid when ft > 0 and ft·damping < 1 (the TS wrapper enforces it). */
static void f_damper_exponential(fuzz_input *in)
{
    float x = value(in), g = value(in), ft = arg_in(in, 1e-6f, 1), u = arg_in(in, 0, 0.999f), t = dt(in);
    float damping = in->domain ? u / ft : u;
    float r = sp_damper_exponential(x, g, damping, t, ft);
    FIN(in, r);
    MUST(in, between(r, x, g));
}

static void f_damper_exact(fuzz_input *in)
{
    float x = value(in), g = value(in), h = halflife(in), t = dt(in);
    float r = sp_damper_exact(x, g, h, t);
    FIN(in, r);
    MUST(in, between(r, x, g));
    MUST(in, t != 0 || r == x);
    MUST(in, !(h == 0 && t > 0) || r == g);
}

static void f_damper_implicit(fuzz_input *in)
{
    float x = value(in), g = value(in), h = halflife(in), t = dt(in), eps = arg_in(in, 1e-30f, 1);
    float r = sp_damper_implicit(x, g, h, t, eps);
    FIN(in, r);
    MUST(in, between(r, x, g));
}

static void f_damper_decay_exact(fuzz_input *in)
{
    float x = value(in), h = halflife(in), t = dt(in);
    float r = sp_damper_decay_exact(x, h, t);
    FIN(in, r);
    MUST(in, fabsf(r) <= fabsf(x));
    MUST(in, t != 0 || r == x);
}

/* ---- spring dampers ----------------------------------------------------------------- */

/* The exact-spring invariants shared by every variant: finite wherever the energy bound
 * about the rest point c = g + d·q/s (reference.h) is within range; dt = 0 keeps the state. */
static void spring_checks(fuzz_input *in, float x0, float v0, float x, float v, float g, float q, double s,
                          double d, float t)
{
    double c = q == 0 ? g : g + d * q / s, bu, bv;
    ref_spring_bound(x0 - c, v0, s, t, &bu, &bv);
    if (isinf(d)) bu = fabs(c), bv = 0; /* halflife 0: snaps to c */
    FIN_REF(in, x, fabs(c) + bu);
    FIN_REF(in, v, bv);
    MUST(in, t != 0 || (x == x0 && v == v0));
}

static void f_spring_damper_bad(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), s = stiffness(in),
          d = arg_in(in, 0, 1e8f);
    sp_spring_damper_bad(&x, &v, g, q, s, d, dt(in));
}

/* The step as sp_spring_damper_exact_coefs documents it (sprung.h), written here. */
static float flush_tiny(float r) { return fabsf(r) < 0x1p-126f ? 0.0f : r; }
static void apply_spring_coefs(const float *k, float *x, float *v, float g, float q)
{
    if (k[8] != 0) {
        *x = g;
        *v = 0;
        return;
    }
    if (k[9] != 0) {
        *x = q == 0 ? g : (float)(g + (double)k[6] * q / ((double)k[7] * fabs((double)k[7])));
        *v = 0;
        return;
    }
    float z = *x - g, v0 = *v;
    float dx = k[0] * z + k[1] * v0, dv = k[3] * z + k[4] * v0;
    if (q != 0) {
        dx += k[2] * q;
        dv += k[5] * q;
    }
    float nx = (k[10] != 0 ? *x : g) + dx, nv = k[11] != 0 ? v0 + dv : dv;
    *x = fabsf(nx - g) < 0x1p-126f ? g : nx;
    *v = flush_tiny(nv);
}
static int same_bits(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0; }
/* The coefficients reproduce the step but where x − g overflows for finite x and g: the
 * functions then step the halves (springs.c), which the documented application does not. */
static int halved(float x, float g) { return isinf(x - g) && isfinite(x) && isfinite(g); }

/* The damping comes from a halflife (+Inf for 0); a goal velocity needs stiffness > 0. The
 * coefficients applied as documented give the function's result bit for bit. */
static void f_spring_damper_exact_stiffness(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), s = stiffness(in);
    float d = in->domain ? sp_halflife_to_damping(halflife(in)) : arg(in), t = dt(in);
    if (in->domain && s == 0) q = 0;
    float x0 = x, v0 = v;
    sp_spring_damper_exact_stiffness(&x, &v, g, q, s, d, t);
    spring_checks(in, x0, v0, x, v, g, q, s, d, t);
    if (t != 0 && !halved(x0, g)) {
        float k[12], cx = x0, cv = v0;
        sp_spring_damper_exact_coefs(k, copysignf(sqrtf(fabsf(s)), s), d, t);
        apply_spring_coefs(k, &cx, &cv, g, q);
        MUST(in, same_bits(cx, x) && same_bits(cv, v));
    }
}

static void f_spring_damper_exact(fuzz_input *in)
{
    /* every finite frequency: neither (2π·f)² nor 2π·f is formed (stiffness 1e8 is 1591.5 Hz) */
    float x = value(in), v = value(in), g = value(in), q = value(in), f = arg_in(in, 0, FLT_MAX);
    float h = halflife(in), t = dt(in);
    if (in->domain && sp_frequency_to_stiffness(f) == 0) q = 0;
    float x0 = x, v0 = v;
    sp_spring_damper_exact(&x, &v, g, q, f, h, t);
    spring_checks(in, x0, v0, x, v, g, q, pow(2 * REF_PI * f, 2), 4 * REF_LN2 / h, t);
    MUST(in, !(h == 0 && t > 0) || v == 0);
}

/* The ratio is limited so that the stiffness (d / 2ζ)² stays within 1e8. */
static void f_spring_damper_exact_ratio(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), zeta = arg_in(in, 0, 1e6f);
    float h = halflife(in), t = dt(in);
    float d = sp_halflife_to_damping(h);
    if (in->domain && !(zeta > 0 && d / (2 * zeta) <= 1e4f)) zeta = d / 2e4f; /* ζ > 0, as the TS checks */
    float x0 = x, v0 = v;
    sp_spring_damper_exact_ratio(&x, &v, g, q, zeta, h, t);
    spring_checks(in, x0, v0, x, v, g, q, pow(4 * REF_LN2 / h / (2.0 * zeta), 2), 4 * REF_LN2 / h, t);
}

/* Finite wherever the article's listing in double is, and the rest point and amplitudes it
 * forms (reference.h). */
static void f_spring_damper_implicit(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), s = stiffness(in),
          d = arg_in(in, 0, 1e8f), t = dt(in), eps = arg_in(in, 1e-30f, 1);
    double rx = x, rv = v, big;
    sp_spring_damper_implicit(&x, &v, g, q, s, d, t, eps);
    ref_article_implicit(&rx, &rv, &big, g, q, s, d, t, eps);
    FIN_REF(in, x, fmax(big, fabs(rx)));
    FIN_REF(in, v, fmax(big, fabs(rv)));
}

/* Finite wherever the double closed form is, dt = 0 keeps the state, halflife 0 snaps. */
static void critical_checks(fuzz_input *in, float x0, float v0, float x, float v, float g, float q, float h,
                            float t)
{
    double rx = x0, rv = v0;
    ref_critical(&rx, &rv, g, q, h, t);
    FIN_REF(in, x, rx);
    FIN_REF(in, v, rv);
    MUST(in, t != 0 || (x == x0 && v == v0));
    MUST(in, !(h == 0 && t > 0) || (x == g && v == 0));
}

/* The step as sp_critical_spring_damper_coefs documents it (sprung.h), written here. */
static void apply_critical_coefs(const float *k, float *x, float *v, float g, float q)
{
    float u = *x - g, v0 = *v;
    float r = (k[6] != 0.0f ? *x : g) + ((k[0] * u + k[1] * v0) + k[2] * q);
    *x = fabsf(r - g) < 0x1p-126f ? g : r;
    *v = flush_tiny((k[6] != 0.0f ? v0 : 0.0f) + ((k[3] * u + k[4] * v0) + k[5] * q));
}

/* The coefficients of sp_critical_spring_damper_coefs applied as documented (sprung.h) give
 * the function's result bit for bit. */
static void f_critical_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), h = halflife(in), t = dt(in);
    float x0 = x, v0 = v;
    sp_critical_spring_damper_exact(&x, &v, g, q, h, t);
    critical_checks(in, x0, v0, x, v, g, q, h, t);
    if (t != 0 && !halved(x0, g)) {
        float k[7], cx = x0, cv = v0;
        sp_critical_spring_damper_coefs(k, h, t);
        apply_critical_coefs(k, &cx, &cv, g, q);
        MUST(in, same_bits(cx, x) && same_bits(cv, v));
    }
}

/* The six coefficients and the flag reproduce sp_critical_spring_damper_exact bit for bit (dt ≠ 0), in the
 * order the header gives, for any input (NaN equal to NaN). */
static void f_critical_spring_damper_coefs(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), q = value(in), h = halflife(in), t = dt(in);
    float k[7], xe = x, ve = v;
    sp_critical_spring_damper_coefs(k, h, t);
    sp_critical_spring_damper_exact(&xe, &ve, g, q, h, t);
    if (t == 0.0f || halved(x, g)) return;
    apply_critical_coefs(k, &x, &v, g, q);
    ALWAYS(in, same_bits(x, xe) && same_bits(v, ve));
}

/* Released at rest, a critical spring never overshoots its goal. */
static void f_simple_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), h = halflife(in), t = dt(in);
    float x0 = x, v0 = v;
    sp_simple_spring_damper_exact(&x, &v, g, h, t);
    critical_checks(in, x0, v0, x, v, g, 0, h, t);
    x = x0, v = 0;
    sp_simple_spring_damper_exact(&x, &v, g, h, t);
    MUST(in, between(x, x0, g));
}

static void f_decay_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), h = halflife(in), t = dt(in);
    float x0 = x, v0 = v;
    sp_decay_spring_damper_exact(&x, &v, h, t);
    critical_checks(in, x0, v0, x, v, 0, 0, h, t);
}

static void f_simple_spring_damper_implicit(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), h = halflife(in);
    sp_simple_spring_damper_implicit(&x, &v, g, h, dt(in));
}

/* ---- applications ------------------------------------------------------------------- */

static void f_spring_character_update(fuzz_input *in)
{
    float x = value(in), v = value(in), a = value(in), vg = value(in), h = halflife(in), t = dt(in);
    float x0 = x, v0 = v, a0 = a;
    double rx = x, rv = v, ra = a;
    sp_spring_character_update(&x, &v, &a, vg, h, t);
    ref_character(&rx, &rv, &ra, vg, h, t);
    FIN_REF(in, x, rx);
    FIN_REF(in, v, rv);
    FIN_REF(in, a, ra);
    MUST(in, t != 0 || (x == x0 && v == v0 && a == a0));
}

/* Exact-size heap buffers: ASan reports any access past `count`. */
static void f_spring_character_predict(fuzz_input *in)
{
    int count = (int)(in->count % 65u);
    float x = value(in), v = value(in), a = value(in), vg = value(in), h = halflife(in), t = dt(in);
    float *px = malloc(sizeof(float) * count), *pv = malloc(sizeof(float) * count),
          *pa = malloc(sizeof(float) * count);
    sp_spring_character_predict(px, pv, pa, count, x, v, a, vg, h, t);
    for (int i = 0; i < count; i++) {
        double rx = x, rv = v, ra = a;
        ref_character(&rx, &rv, &ra, vg, h, (float)i * t);
        FIN_REF(in, px[i], rx);
        FIN_REF(in, pv[i], rv);
        FIN_REF(in, pa[i], ra);
    }
    MUST(in, count == 0 || (px[0] == x && pv[0] == v && pa[0] == a));
    free(px);
    free(pv);
    free(pa);
}

static void f_piecewise_interpolation(fuzz_input *in)
{
    int n = (int)(in->count % 17u);
    float *p = malloc(sizeof(float) * n), lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        p[i] = value(in);
        lo = fminf(lo, p[i]);
        hi = fmaxf(hi, p[i]);
    }
    float t = arg_in(in, -2, 2), x, v;
    sp_piecewise_interpolation(&x, &v, t, p, n);
    FIN(in, x);
    FIN(in, v);
    MUST(in, n == 0 || between(x, lo, hi));
    free(p);
}

/* ---- other springs ------------------------------------------------------------------ */

static void f_double_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), xi = value(in), vi = value(in), g = value(in), h = halflife(in),
          t = dt(in);
    float x0 = x, v0 = v, xi0 = xi, vi0 = vi;
    double rx = x, rv = v, rxi = xi, rvi = vi;
    sp_double_spring_damper_exact(&x, &v, &xi, &vi, g, h, t);
    ref_double(&rx, &rv, &rxi, &rvi, g, h, t);
    FIN_REF(in, x, rx);
    FIN_REF(in, v, rv);
    FIN_REF(in, xi, rxi);
    FIN_REF(in, vi, rvi);
    MUST(in, t != 0 || (x == x0 && v == v0 && xi == xi0 && vi == vi0));
}

/* The timed and velocity springs are critical springs following a target that ramps from
 * xi to g at speed vg: their velocity stays within B = |v0| + 2|vg| + 2y·(|x0| + |xi| +
 * |vg|·lead + 2|g|) (a critical spring's velocity is at most |v0| + y·|u0|/e about its
 * target) and their position within |x0| + |xi| + |g| + B·dt; outputs must be finite when
 * these are in range (both: the step passes through the state at the end of the ramp). */
static void timed_checks(fuzz_input *in, float x0, float v0, float xi0, float g, float tg, float h, float t,
                         float app, float x, float v, float xi)
{
    double vg = tg > 0 ? fabs((double)g - xi0) / tg : 0, y = ref_y(h);
    double B = fabs(v0) + 2 * vg + 2 * y * (fabs(x0) + fabs(xi0) + vg * app * h + 2 * fabs(g));
    FIN_REF(in, v, B);
    /* the state passes through the velocity at the ramp's end: x can be finite only if it is */
    FIN_REF(in, x, fmax(B, fabs(x0) + fabs(xi0) + fabs(g) + B * t));
    FIN(in, xi);
}

static void f_timed_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), xi = value(in), g = value(in), tg = arg_in(in, 0, 1e4f);
    float h = halflife(in), t = dt(in), app = arg_in(in, 0, 10), x0 = x, v0 = v, xi0 = xi;
    sp_timed_spring_damper_exact(&x, &v, &xi, g, tg, h, t, app);
    timed_checks(in, x0, v0, xi0, g, tg, h, t, app, x, v, xi);
}

static void f_velocity_spring_damper_exact(fuzz_input *in)
{
    float x = value(in), v = value(in), xi = value(in), g = value(in), ms = arg_in(in, 0, 1e30f);
    float h = halflife(in), t = dt(in), app = arg_in(in, 0, 10), x0 = x, v0 = v, xi0 = xi;
    sp_velocity_spring_damper_exact(&x, &v, &xi, g, ms, h, t, app);
    timed_checks(in, x0, v0, xi0, g, (float)(fabs((double)g - xi0) / ms), h, t, app, x, v, xi);
}

/* ---- settling ----------------------------------------------------------------------- */

static void f_settle(fuzz_input *in)
{
    float h = halflife(in), ratio = arg_in(in, 1e-30f, 0.999999f), T = dt(in);
    float duration = arg_in(in, 1e-6f, 1e4f), bounce = arg_in(in, -1, 1), fr, hl;
    float st = sp_critical_settle_time(h, ratio), sh = sp_critical_settle_halflife(T, ratio);
    FIN(in, st);
    MUST(in, st >= 0);
    FIN(in, sh);
    MUST(in, sh >= 0);
    sp_duration_bounce_to_spring(duration, bounce, &fr, &hl);
    FIN(in, fr);
    MUST(in, isfinite(hl) || (bounce == 1 && hl == INFINITY)); /* bounce 1: undamped, no halflife */
    float x = value(in), v = value(in), g = value(in), q = value(in), ex = value(in), ev = value(in);
    int rest = sp_spring_is_at_rest(x, v, g, q, ex, ev);
    MUST(in, rest == 0 || rest == 1);
}

/* ---- quaternions -------------------------------------------------------------------- */

static void f_quat_ops(fuzz_input *in)
{
    sp_quat a = quat(in), b = quat(in), r;
    sp_quat_mul(&r, &a, &b);
    MUST(in, unit(r));
    sp_quat_inv(&r, &a);
    MUST(in, unit(r));
    sp_quat_abs(&r, &a);
    MUST(in, unit(r) && r.w >= 0);
    sp_vec3 v;
    sp_quat_to_scaled_angle_axis(&v, &a);
    FIN(in, v.x);
    FIN(in, v.y);
    FIN(in, v.z);
    MUST(in, sqrtf(v.x * v.x + v.y * v.y + v.z * v.z) <= 2 * SP_PI + 1e-5f);
    /* the log and exp of Motion-Matching's code: log within half a turn, exp and the rotation
     * between two directions unit (the identity for a zero direction) */
    sp_quat_log(&v, &a);
    FIN(in, v.x);
    MUST(in, sqrtf(v.x * v.x + v.y * v.y + v.z * v.z) <= SP_PI + 1e-5f);
    sp_quat_exp(&r, &v);
    MUST(in, unit(r));
    sp_vec3 p = { value(in), value(in), value(in) }, q = { value(in), value(in), value(in) };
    sp_quat_between(&r, &p, &q);
    MUST(in, unit(r));
}

/* Any finite quaternion, however large or small, normalizes to a unit one. */
static void f_quat_normalize(fuzz_input *in)
{
    sp_quat q, r;
    q.x = value(in);
    q.y = value(in);
    q.z = value(in);
    q.w = value(in);
    sp_quat_normalize(&r, &q);
    MUST(in, unit(r));
}

/* Any finite rotation vector, however many turns, maps to a unit quaternion. */
static void f_quat_from_scaled_angle_axis(fuzz_input *in)
{
    sp_vec3 v = vec3(in);
    sp_quat r;
    sp_quat_from_scaled_angle_axis(&r, &v);
    MUST(in, unit(r));
}

/* Unit rotations; angular velocities finite where the double reference is (a subnormal
 * halflife can make the true one overflow: the decay step then has a non-finite input). */
static void f_quat_springs(fuzz_input *in)
{
    sp_quat x = quat(in), goal = quat(in), x0 = x;
    sp_vec3 v = vec3(in), v0 = v;
    float h = halflife(in), t = dt(in);
    sp_simple_spring_damper_exact_quat(&x, &v, &goal, h, t);
    MUST(in, unit(x));
    fin_ref_quat_spring(in, x0, &goal, v0, v, h, t);
    if (!finite3(v)) return;
    x0 = x;
    v0 = v;
    sp_decay_spring_damper_exact_quat(&x, &v, h, t);
    MUST(in, unit(x));
    fin_ref_quat_spring(in, x0, NULL, v0, v, h, t);
}

/* ------------------------------------------------------------------------------------- */

static const fuzz_case cases[] = {
    { "lerp", f_lerp },
    { "fast_negexp", f_fast_negexp },
    { "fast_atan", f_fast_atan },
    { "conversions", f_conversions },
    { "spring_energy", f_spring_energy },
    { "damper", f_damper },
    { "damper_bad", f_damper_bad },
    { "damper_exponential", f_damper_exponential },
    { "damper_exact", f_damper_exact },
    { "damper_implicit", f_damper_implicit },
    { "damper_decay_exact", f_damper_decay_exact },
    { "spring_damper_bad", f_spring_damper_bad },
    { "spring_damper_exact_stiffness", f_spring_damper_exact_stiffness },
    { "spring_damper_exact", f_spring_damper_exact },
    { "spring_damper_exact_ratio", f_spring_damper_exact_ratio },
    { "spring_damper_implicit", f_spring_damper_implicit },
    { "critical_spring_damper_exact", f_critical_spring_damper_exact },
    { "critical_spring_damper_coefs", f_critical_spring_damper_coefs },
    { "simple_spring_damper_exact", f_simple_spring_damper_exact },
    { "decay_spring_damper_exact", f_decay_spring_damper_exact },
    { "simple_spring_damper_implicit", f_simple_spring_damper_implicit },
    { "spring_character_update", f_spring_character_update },
    { "spring_character_predict", f_spring_character_predict },
    { "piecewise_interpolation", f_piecewise_interpolation },
    { "double_spring_damper_exact", f_double_spring_damper_exact },
    { "timed_spring_damper_exact", f_timed_spring_damper_exact },
    { "velocity_spring_damper_exact", f_velocity_spring_damper_exact },
    { "settle", f_settle },
    { "quat_ops", f_quat_ops },
    { "quat_normalize", f_quat_normalize },
    { "quat_from_scaled_angle_axis", f_quat_from_scaled_angle_axis },
    { "quat_springs", f_quat_springs },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, (unsigned)(sizeof cases / sizeof cases[0]), data, size);
}
