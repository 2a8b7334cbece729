/* obstacles.c — the simulation object (a disc of radius r) moving among circles and boxes on
 * the ground plane, as in the walls figure of "Code vs Data Driven Displacement".
 *
 * The article's demo moves the disc in substeps and pushes it out of each obstacle after
 * every one. As the substeps shrink this converges to the sweeping process: the disc follows
 * the step's displacement D, and while it touches an obstacle that D pushes into, it moves
 * with D minus its component along the obstacle's normal (it slides). This file computes that
 * limit exactly, by events instead of substeps, so it neither tunnels through thin walls nor, from
 * a start clear of every obstacle, depends on the order of the obstacles (a start inside
 * overlapping obstacles is pushed out of each in turn, push_out, and there the order matters):
 *
 * - Every obstacle grown by r is a rounded box (a circle is one with no extent): flat faces
 *   and quarter-circle arcs. The disc's centre moves in the plane outside them.
 * - Free flight: straight along D to the first entry into any grown obstacle (rays against the
 *   two rectangles and four discs that make up a rounded box).
 * - Sliding along a face: straight along the tangential part of D, to the face's end, the end
 *   of the step or the first entry into another obstacle.
 * - Sliding around an arc (centre C, radius ρ): with ψ the angle between D and the outward
 *   normal, the projected motion is ψ' = −(|D|/ρ)·sin ψ per unit of the step, so
 *   tan(ψ/2) = tan(ψ0/2)·e^(−|D|·s/ρ) in closed form; the disc leaves the arc where the normal
 *   turns perpendicular to D (|ψ| = π/2), or reaches the arc's end, or enters another
 *   obstacle (circle–circle and circle–line intersections).
 * - A concave corner (several obstacles touched, D pushing into some): the motion is the
 *   projection of D onto the cone of directions that enter none of them; if that is zero the
 *   disc stops there.
 *
 * Everything runs in double with tolerances relative to the scene's scale; a box corner of
 * radius 0 (r = 0) is rounded by 1e-8 of that scale, far below a float's resolution, so that
 * sharp corners need no special case. Nothing is allocated: the obstacles are read from the
 * caller's arrays, far ones rejected by a bounding circle before any trigonometry. */
#include "internal.h"

#define MAX_EVENTS 64
#define PI 3.14159265358979323846

typedef struct {
    double x, y;
} d2;

static d2 d2v(double x, double y)
{
    d2 r = { x, y };
    return r;
}
static d2 d2add(d2 a, d2 b) { return d2v(a.x + b.x, a.y + b.y); }
static d2 d2sub(d2 a, d2 b) { return d2v(a.x - b.x, a.y - b.y); }
static d2 d2scale(d2 a, double s) { return d2v(a.x * s, a.y * s); }
static double d2dot(d2 a, d2 b) { return a.x * b.x + a.y * b.y; }
static double d2len(d2 a) { return hypot(a.x, a.y); }
/* (ρ·cos θ, ρ·sin θ) */
static d2 d2polar(double rho, double th)
{
    double s, c;
    sp__sincos_d(th, &s, &c);
    return d2v(rho * c, rho * s);
}
/* tan a as sin a / cos a (sincos.c: within 2 ulp, tests/c/test_sincos.c) */
static double tangent(double a)
{
    double s, c;
    sp__sincos_d(a, &s, &c);
    return s / c;
}

/* Angle in (−π, π]. */
static double wrap(double a)
{
    a = fmod(a, 2.0 * PI);
    if (a > PI) a -= 2.0 * PI;
    if (a <= -PI) a += 2.0 * PI;
    return a;
}
/* Angle in [0, 2π). */
static double wrap_positive(double a)
{
    a = fmod(a, 2.0 * PI);
    return a < 0.0 ? a + 2.0 * PI : a;
}

/* A grown obstacle: centre, local axes u = (cs, sn) and v = (−sn, cs), half extents, rounding. */
typedef struct {
    d2 c;
    double cs, sn, hx, hy, rho;
} shape;

typedef struct {
    const float *circles, *boxes;
    int nc, nb;
    double r, angle_sign, rho_min, eps, scale;
} scene;

static d2 to_local(const shape *s, d2 p)
{
    d2 d = d2sub(p, s->c);
    return d2v(d.x * s->cs + d.y * s->sn, -d.x * s->sn + d.y * s->cs);
}
static d2 local_dir(const shape *s, d2 w)
{
    return d2v(w.x * s->cs + w.y * s->sn, -w.x * s->sn + w.y * s->cs);
}
static d2 world_dir(const shape *s, d2 w)
{
    return d2v(w.x * s->cs - w.y * s->sn, w.x * s->sn + w.y * s->cs);
}

static long shape_count(const scene *w) { return (long)(w->nc > 0 ? w->nc : 0) + (w->nb > 0 ? w->nb : 0); }

/* Centre and bounding radius of obstacle k without trigonometry; 0 when it is absent (a
 * non-finite or negative size, a non-finite position). */
static int shape_bound(const scene *w, long k, d2 *c, double *bound)
{
    long nc = w->nc > 0 ? w->nc : 0;
    const float *o = k < nc ? w->circles + 3 * k : w->boxes + 5 * (k - nc);
    double hx = 0.0, hy = 0.0, rho = w->r;
    if (k < nc)
        rho += o[2];
    else {
        hx = 0.5 * o[2];
        hy = 0.5 * o[3];
        if (!isfinite(o[4]) || !(hx >= 0.0) || !(hy >= 0.0) || isinf(hx) || isinf(hy)) return 0;
    }
    if (!isfinite(o[0]) || !isfinite(o[1]) || !(rho >= 0.0) || isinf(rho)) return 0;
    if (k < nc && !(o[2] >= 0.0f)) return 0;
    *c = d2v(o[0], o[1]);
    *bound = hypot(hx, hy) + fmax(rho, w->rho_min);
    return 1;
}

static void shape_full(const scene *w, long k, shape *s)
{
    long nc = w->nc > 0 ? w->nc : 0;
    const float *o = k < nc ? w->circles + 3 * k : w->boxes + 5 * (k - nc);
    s->c = d2v(o[0], o[1]);
    if (k < nc) {
        s->cs = 1.0;
        s->sn = 0.0;
        s->hx = s->hy = 0.0;
        s->rho = fmax(w->r + o[2], w->rho_min);
    } else {
        double a = w->angle_sign * o[4];
        sp__sincos_d(a, &s->sn, &s->cs);
        s->hx = 0.5 * o[2];
        s->hy = 0.5 * o[3];
        s->rho = fmax(w->r, w->rho_min);
    }
}

/* Obstacle k if it may come within `reach` of p. */
static int shape_near(const scene *w, long k, d2 p, double reach, shape *s)
{
    d2 c;
    double bound;
    if (!shape_bound(w, k, &c, &bound) || d2len(d2sub(p, c)) - bound > reach) return 0;
    shape_full(w, k, s);
    return 1;
}

/* Signed distance from p to the grown obstacle (< 0 inside) and its outward normal there. */
static double shape_sd(const shape *s, d2 p, d2 *n)
{
    d2 l = to_local(s, p), nl;
    double su = l.x < 0.0 ? -1.0 : 1.0, sv = l.y < 0.0 ? -1.0 : 1.0;
    double qx = fabs(l.x) - s->hx, qy = fabs(l.y) - s->hy, d;
    if (qx > 0.0 && qy > 0.0) {
        double m = hypot(qx, qy);
        d = m - s->rho;
        nl = d2v(su * qx / m, sv * qy / m);
    } else if (qx >= qy) {
        d = qx - s->rho;
        nl = d2v(su, 0.0);
    } else {
        d = qy - s->rho;
        nl = d2v(0.0, sv);
    }
    if (n) *n = world_dir(s, nl);
    return d;
}

/* ---- first entry of a straight path p + w·t, t ∈ [0, tmax], from outside ---- */

/* Into the rectangle |x| ≤ a, |y| ≤ b (slab test); +Inf if none. */
static double ray_rect(d2 p, d2 w, double a, double b)
{
    if (!(a > 0.0) || !(b > 0.0)) return INFINITY; /* no interior: covered by the other pieces */
    double pc[2] = { p.x, p.y }, wc[2] = { w.x, w.y }, h[2] = { a, b }, tin = -INFINITY, tout = INFINITY;
    for (int i = 0; i < 2; i++) {
        if (wc[i] == 0.0) {
            if (fabs(pc[i]) > h[i]) return INFINITY;
            continue;
        }
        double t1 = (-h[i] - pc[i]) / wc[i], t2 = (h[i] - pc[i]) / wc[i];
        if (t1 > t2) {
            double t = t1;
            t1 = t2;
            t2 = t;
        }
        tin = fmax(tin, t1);
        tout = fmin(tout, t2);
    }
    if (tin > tout || tout < 0.0) return INFINITY;
    return fmax(tin, 0.0);
}

/* Into the disc of centre c and radius R. */
static double ray_disc(d2 p, d2 w, d2 c, double R)
{
    d2 o = d2sub(p, c);
    double a = d2dot(w, w), b = d2dot(o, w), cc = d2dot(o, o) - R * R;
    if (cc <= 0.0) return 0.0;
    if (b >= 0.0 || a == 0.0) return INFINITY;
    double disc = b * b - a * cc;
    if (disc < 0.0) return INFINITY;
    return cc / (-b + sqrt(disc)); /* the smaller root, without cancellation */
}

/* The grown box is the union of two rectangles and four discs: its first entry is the
 * earliest entry into any of them. */
static double ray_shape(const shape *s, d2 p, d2 w)
{
    d2 lp = to_local(s, p), lw = local_dir(s, w);
    double t = fmin(ray_rect(lp, lw, s->hx + s->rho, s->hy), ray_rect(lp, lw, s->hx, s->hy + s->rho));
    for (int i = 0; i < 4; i++) {
        t = fmin(t, ray_disc(lp, lw, d2v((i & 1) ? -s->hx : s->hx, (i & 2) ? -s->hy : s->hy), s->rho));
        if (s->hx == 0.0 && s->hy == 0.0) break; /* a circle: the four discs are one */
    }
    return t;
}

/* ---- first entry of an arc path C + ρ·(cos θ, sin θ), θ = θ0 + σ·Δ, Δ ∈ (0, Δmax] ---- */

/* Offset of angle a from θ0 along the sweep, kept if it is a valid candidate. */
static double arc_offset(double a, double th0, double sigma, double dmax)
{
    double d = wrap_positive(sigma * (a - th0));
    return d > 1e-12 && d <= dmax ? d : INFINITY;
}

/* Into the disc (P, R), all in one frame (the path centre C, the start angle θ0 local). */
static double arc_disc(d2 C, double rp, double th0, double sigma, double dmax, d2 P, double R)
{
    d2 o = d2sub(P, C);
    double d = d2len(o);
    if (!(d > 0.0) || d > rp + R || d < fabs(rp - R)) return INFINITY;
    double cb = (rp * rp + d * d - R * R) / (2.0 * rp * d);
    double beta = acos(cb > 1.0 ? 1.0 : (cb < -1.0 ? -1.0 : cb));
    return arc_offset(atan2(o.y, o.x) - sigma * beta, th0, sigma, dmax); /* the side it enters from */
}

/* Into the rectangle |x| ≤ a, |y| ≤ b, through one of its edges. */
static double arc_rect(d2 C, double rp, double th0, double sigma, double dmax, double a, double b)
{
    if (!(a > 0.0) || !(b > 0.0)) return INFINITY;
    double best = INFINITY;
    for (int e = 0; e < 4; e++) {
        int vertical = e < 2; /* edges x = ±a, else y = ±b */
        double side = (e & 1) ? -1.0 : 1.0, h = vertical ? a : b, lim = vertical ? b : a;
        double k = (side * h - (vertical ? C.x : C.y)) / rp; /* cos θ (x edges) or sin θ (y edges) */
        if (!(fabs(k) <= 1.0)) continue;
        double base = vertical ? acos(k) : asin(k);
        for (int j = 0; j < 2; j++) {
            double th = vertical ? (j ? -base : base) : (j ? PI - base : base);
            double cs, sn;
            sp__sincos_d(th, &sn, &cs);
            double other = vertical ? C.y + rp * sn : C.x + rp * cs;
            if (fabs(other) > lim) continue;
            /* entering: the coordinate moves toward the inside (−side) along the sweep */
            double rate = vertical ? -sn : cs;
            if (!(sigma * rate * side < 0.0)) continue;
            best = fmin(best, arc_offset(th, th0, sigma, dmax));
        }
    }
    return best;
}

static double arc_shape(const shape *s, d2 C, double rp, double th0, double sigma, double dmax)
{
    d2 lc = to_local(s, C);
    double lth0 = th0 - atan2(s->sn, s->cs);
    double d = fmin(arc_rect(lc, rp, lth0, sigma, dmax, s->hx + s->rho, s->hy),
                    arc_rect(lc, rp, lth0, sigma, dmax, s->hx, s->hy + s->rho));
    for (int i = 0; i < 4; i++) {
        d2 P = d2v((i & 1) ? -s->hx : s->hx, (i & 2) ? -s->hy : s->hy);
        d = fmin(d, arc_disc(lc, rp, lth0, sigma, dmax, P, s->rho));
        if (s->hx == 0.0 && s->hy == 0.0) break;
    }
    return d;
}

/* ---- the feature of a grown box the disc touches, and sliding along it ---- */

typedef struct {
    int arc, axis; /* a face: axis 0 (normal ±u) or 1 (normal ±v); an arc: the corner (su, sv) */
    double su, sv;
} feature;

/* On a face, or on the arc next to it when the motion along the face heads into that arc (at
 * the junction the normals agree). At a coordinate within tol of 0 the motion picks the side. */
static feature classify(const shape *s, d2 p, d2 D, double tol)
{
    d2 l = to_local(s, p), dl = local_dir(s, D);
    feature f;
    f.su = fabs(l.x) <= tol ? (dl.x < 0.0 ? -1.0 : 1.0) : (l.x < 0.0 ? -1.0 : 1.0);
    f.sv = fabs(l.y) <= tol ? (dl.y < 0.0 ? -1.0 : 1.0) : (l.y < 0.0 ? -1.0 : 1.0);
    double qx = fabs(l.x) - s->hx, qy = fabs(l.y) - s->hy;
    f.axis = qx >= qy ? 0 : 1;
    if (qx > tol && qy > tol)
        f.arc = 1;
    else if (f.axis == 0)
        f.arc = qy > -tol && dl.y * f.sv > 0.0;
    else
        f.arc = qx > -tol && dl.x * f.su > 0.0;
    return f;
}

static d2 corner_centre(const shape *s, feature f)
{
    return d2add(s->c, world_dir(s, d2v(f.su * s->hx, f.sv * s->hy)));
}

/* Sweep offset from local angle la (of the point around the corner) to the end of the arc in
 * direction σ: the next face, skipping faces of zero length (their two arcs share a centre). A
 * corner's normals span the quarter turn around its diagonal atan2(sv, su). */
static double arc_limit(const shape *s, feature f, double la, double sigma)
{
    double mid = atan2(f.sv, f.su), rel = wrap(la - mid);
    double offset = fmax(0.25 * PI - sigma * rel, 0.0), bound = mid + sigma * 0.25 * PI;
    for (int i = 0; i < 4; i++) {
        /* at normal angle `bound` a ±u face (bound ≡ 0 mod π, length 2hy) or a ±v face (2hx) */
        double sb, cb;
        sp__sincos_d(bound, &sb, &cb);
        int u_face = fabs(cb) > 0.5;
        if ((u_face ? s->hy : s->hx) > 0.0) return offset;
        offset += 0.5 * PI;
        bound += sigma * 0.5 * PI;
    }
    return INFINITY; /* a circle */
}

/* Arc motion: with A = |ψ0| ∈ (π/2, π) and T0 = tan(A/2), the sweep offset after s is
 * A − 2·atan(T0·e^(−k·s)) and the s of an offset is ln(T0 / tan((A − Δ)/2)) / k. */
static double arc_offset_at(double A, double T0, double k, double s)
{
    return A - 2.0 * atan(T0 * exp(-k * s));
}
static double arc_s_at(double A, double T0, double k, double d)
{
    double t = tangent(0.5 * (A - d));
    return t > 0.0 ? log(T0 / t) / k : INFINITY;
}

typedef struct {
    d2 p;
    double s; /* the part of the step that remains, in [0, 1] */
} mover;

/* The point a little way along the slide on feature f of shape sh, at most `delta` from p and
 * no farther than the step allows: probes a corner for the second-order effects the direction
 * misses (an arc curving into a neighbour it starts tangent to). Measured along the path, not
 * in s: a nearly head-on arc starts slowly and then sweeps fast. */
static d2 slide_probe(const shape *sh, feature f, d2 p, d2 D, double s, double delta)
{
    if (!f.arc) {
        d2 n = world_dir(sh, f.axis == 0 ? d2v(f.su, 0.0) : d2v(0.0, f.sv)),
           dt = d2sub(D, d2scale(n, d2dot(D, n)));
        double len = d2len(dt);
        return len > 0.0 ? d2add(p, d2scale(dt, fmin(s, delta / len))) : p;
    }
    d2 C = corner_centre(sh, f), o = d2sub(p, C);
    double L = d2len(D), psi = wrap(atan2(D.y, D.x) - atan2(o.y, o.x)), A = fabs(psi);
    if (A <= 0.5 * PI || A >= PI) return p;
    double d = fmin(fmin(arc_offset_at(A, tangent(0.5 * A), L / sh->rho, s), A - 0.5 * PI), delta / sh->rho);
    double th = atan2(o.y, o.x) + (psi > 0 ? d : -d);
    return d2add(C, d2polar(sh->rho, th));
}

/* One event of the motion. Returns 0 when the motion is over (done or stuck). `left` is the
 * obstacle the disc just left (not active again until it is entered). */
static int step_event(const scene *w, mover *m, d2 D, long *left)
{
    long count = shape_count(w);
    double L = d2len(D), eps = w->eps, reach = L * m->s + eps;
    if (!(m->s > 0.0) || L == 0.0) return 0;

    /* the obstacles touched, and those among them D pushes into (candidates to slide on) */
    long best = -1;
    double best_len = -1.0;
    feature best_f = { 0, 0, 1.0, 1.0 };
    shape sh, best_sh = { { 0, 0 }, 1, 0, 0, 0, 0 };
    int touching = 0;
    for (long k = 0; k < count; k++) {
        d2 n;
        if (k == *left || !shape_near(w, k, m->p, eps, &sh) || shape_sd(&sh, m->p, &n) > eps) continue;
        touching = 1;
        if (!(d2dot(D, n) < -1e-12 * L)) continue;
        /* sliding along k: D without its normal part; feasible if it enters no other touched
         * obstacle, to first order (the direction) and second (a probe a little along) */
        d2 dk = d2sub(D, d2scale(n, d2dot(D, n)));
        double len = d2len(dk);
        if (len <= best_len) continue;
        feature f = classify(&sh, m->p, D, eps);
        d2 probe = slide_probe(&sh, f, m->p, D, m->s, 1e-4 * w->scale); /* a 1e-4 of the scale along */
        int ok = 1;
        for (long j = 0; j < count && ok; j++) {
            shape sj;
            d2 nj;
            if (j == k || j == *left || !shape_near(w, j, m->p, eps, &sj) || shape_sd(&sj, m->p, &nj) > eps)
                continue;
            ok = d2dot(dk, nj) >= -1e-12 * L && shape_sd(&sj, probe, NULL) >= -eps;
        }
        if (!ok) continue;
        best = k;
        best_len = len;
        best_f = f;
        best_sh = sh;
    }

    if (best < 0 && touching) {
        /* touched, but D pushes into none that it may slide on: free unless it pushes into some */
        for (long k = 0; k < count; k++) {
            d2 n;
            if (k == *left || !shape_near(w, k, m->p, eps, &sh) || shape_sd(&sh, m->p, &n) > eps) continue;
            if (d2dot(D, n) < -1e-12 * L) return 0; /* a corner it is pushed into: stuck */
        }
    }

    if (best < 0) { /* free flight along D */
        double t = m->s;
        long hit = -1;
        for (long k = 0; k < count; k++) {
            if (k == *left || !shape_near(w, k, m->p, reach, &sh) || shape_sd(&sh, m->p, NULL) <= eps)
                continue;
            double tk = ray_shape(&sh, m->p, D);
            if (tk < t) {
                t = tk;
                hit = k;
            }
        }
        m->p = d2add(m->p, d2scale(D, t));
        m->s -= t;
        if (hit >= 0) *left = -1;
        return hit >= 0;
    }

    *left = -1;
    if (!best_f.arc) { /* slide along a face */
        d2 nl = best_f.axis == 0 ? d2v(best_f.su, 0.0) : d2v(0.0, best_f.sv), n = world_dir(&best_sh, nl);
        d2 dt = d2sub(D, d2scale(n, d2dot(D, n)));
        if (d2len(dt) <= 1e-12 * L) return 0; /* head-on: stuck */
        d2 l = to_local(&best_sh, m->p), dl = local_dir(&best_sh, dt);
        double c = best_f.axis == 0 ? l.y : l.x, rate = best_f.axis == 0 ? dl.y : dl.x;
        double h = best_f.axis == 0 ? best_sh.hy : best_sh.hx;
        double s_end = rate == 0.0 ? INFINITY : fmax(((rate > 0.0 ? h : -h) - c) / rate, 0.0);
        double t = fmin(m->s, s_end), t_hit = INFINITY;
        for (long k = 0; k < count; k++) {
            if (k == best || !shape_near(w, k, m->p, d2len(dt) * t + eps, &sh)
                || shape_sd(&sh, m->p, NULL) <= eps)
                continue;
            t_hit = fmin(t_hit, ray_shape(&sh, m->p, dt));
        }
        if (t_hit < t)
            t = t_hit;
        else if (s_end <= m->s) { /* to the face's end exactly, where the arc begins */
            d2 e = best_f.axis == 0 ? d2v(l.x, rate > 0.0 ? h : -h) : d2v(rate > 0.0 ? h : -h, l.y);
            m->p = d2add(best_sh.c, world_dir(&best_sh, e));
            m->s -= s_end;
            return 1;
        }
        m->p = d2add(m->p, d2scale(dt, t));
        m->s = t == m->s ? 0.0 : m->s - t;
        return m->s > 0.0;
    }

    /* slide around an arc */
    d2 C = corner_centre(&best_sh, best_f), o = d2sub(m->p, C);
    double rho = best_sh.rho, th0 = atan2(o.y, o.x), psi = wrap(atan2(D.y, D.x) - th0), A = fabs(psi);
    if (A >= PI * (1.0 - 1e-12)) return 0; /* head-on into the arc: stuck */
    if (A <= 0.5 * PI) {                   /* not pushing after all: leave it */
        *left = best;
        return 1;
    }
    double sigma = psi > 0.0 ? 1.0 : -1.0, T0 = tangent(0.5 * A), k = L / rho;
    double la = th0 - atan2(best_sh.sn, best_sh.cs);
    double d_exit = A - 0.5 * PI, d_end = arc_limit(&best_sh, best_f, la, sigma);
    double d_rem = arc_offset_at(A, T0, k, m->s);
    double d_max = fmin(fmin(d_exit, d_end), d_rem), d_hit = INFINITY;
    for (long j = 0; j < count; j++) {
        /* obstacles touched here count too: the arc, unlike a ray, may leave one and come back
         * (the start, where it leaves, is an exit, which arc_shape does not report) */
        if (j == best || !shape_near(w, j, C, rho + eps, &sh)) continue;
        d_hit = fmin(d_hit, arc_shape(&sh, C, rho, th0, sigma, d_max));
    }
    double d = fmin(d_max, d_hit);
    double th = th0 + sigma * d;
    m->p = d2add(C, d2polar(rho, th));
    if (d == d_rem && d_rem <= fmin(d_exit, fmin(d_end, d_hit))) {
        m->s = 0.0;
        return 0;
    }
    m->s = fmax(m->s - arc_s_at(A, T0, k, d), 0.0);
    if (d == d_exit && d_exit <= fmin(d_end, d_hit)) *left = best; /* tangent to D: free flight */
    return 1;
}

/* Pushes p out of every obstacle it is inside, the shortest way (a few rounds for overlaps). */
static d2 push_out(const scene *w, d2 p)
{
    long count = shape_count(w);
    for (int round = 0; round < 8; round++) {
        int moved = 0;
        for (long k = 0; k < count; k++) {
            shape sh;
            d2 n;
            if (!shape_near(w, k, p, 0.0, &sh)) continue;
            double d = shape_sd(&sh, p, &n);
            if (d < 0.0) {
                p = d2add(p, d2scale(n, -d));
                moved = 1;
            }
        }
        if (!moved) break;
    }
    return p;
}

/* The motion from a to b (plane coordinates); angle_sign turns the boxes' angles into
 * counterclockwise ones of this plane. */
static d2 collide(d2 a, d2 b, const float *circles, int nc, const float *boxes, int nb, float radius,
                  double angle_sign)
{
    scene w;
    w.circles = circles;
    w.boxes = boxes;
    w.nc = circles ? nc : 0;
    w.nb = boxes ? nb : 0;
    w.r = radius > 0.0f ? radius : 0.0;
    w.angle_sign = angle_sign;
    double scale = fmax(fmax(fmax(fabs(a.x), fabs(a.y)), fmax(fabs(b.x), fabs(b.y))), fmax(w.r, 1.0));
    w.scale = scale;
    w.eps = 1e-9 * scale;
    w.rho_min = 1e-8 * scale;
    mover m = { push_out(&w, a), 1.0 };
    d2 D = d2sub(b, a);
    long left = -1;
    for (int i = 0; i < MAX_EVENTS && step_event(&w, &m, D, &left); i++) {}
    return m.p;
}

void sp_simulation_collide_obstacles_v2(sp_vec2 *out, const sp_vec2 *prev_position,
                                        const sp_vec2 *next_position, const float *circles, int n_circles,
                                        const float *boxes, int n_boxes, float radius)
{
    sp_vec2 a = *prev_position, b = *next_position;
    if (!(isfinite(a.x) && isfinite(a.y) && isfinite(b.x) && isfinite(b.y) && !isnan(radius))) {
        *out = sp__v2(NAN, NAN);
        return;
    }
    d2 p = collide(d2v(a.x, a.y), d2v(b.x, b.y), circles, n_circles, boxes, n_boxes, radius, 1.0);
    *out = sp__v2(sp__to_float(p.x), sp__to_float(p.y));
}

/* The ground plane (x, z): a yaw turns +Z toward +X, clockwise in (x, z), hence the sign. */
void sp_simulation_collide_obstacles(sp_vec3 *out, const sp_vec3 *prev_position, const sp_vec3 *next_position,
                                     const float *circles, int n_circles, const float *boxes, int n_boxes,
                                     float radius)
{
    sp_vec3 a = *prev_position, b = *next_position;
    if (!(isfinite(a.x) && isfinite(a.z) && isfinite(b.x) && isfinite(b.z) && !isnan(radius))) {
        *out = sp__v3(NAN, b.y, NAN);
        return;
    }
    d2 p = collide(d2v(a.x, a.z), d2v(b.x, b.z), circles, n_circles, boxes, n_boxes, radius, -1.0);
    *out = sp__v3(sp__to_float(p.x), b.y, sp__to_float(p.y));
}
