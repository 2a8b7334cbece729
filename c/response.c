/* response.c — springs described, and designed, by their step response.
 *
 * Released at rest one unit from its goal (zero goal velocity), the spring of stiffness
 * s = ω² and damping d = 2y is at distance e(t) = C(t) + y·S(t) from the goal, in the basis
 * of springs.c. In the dimensionless time τ = ω·t that depends on the damping ratio ζ = y/ω
 * alone:
 *   ζ < 1:  e = e^(−ζτ)·(cos(wτ) + ζτ·sinc(wτ)),        w = √(1 − ζ²)
 *   ζ = 1:  e = e^(−τ)·(1 + τ)
 *   ζ > 1:  e = e^(−ζτ)·(cosh(aτ) + ζτ·sinhc(aτ)),      a = √(ζ² − 1)
 *           = ((1 + ζ/a)·e^(−τ/(ζ+a)) + (1 − ζ/a)·e^(−(ζ+a)τ)) / 2   (for aτ > 1/2)
 * and e' = −sinc-like·τ·e^(−ζτ) ≤ 0 up to the first extremum. So every response time is τ(ζ)/ω,
 * and the inverse of any of them at a fixed ζ is ω = τ(ζ)/t. The under damped response has
 * its extrema at τ_k = kπ/w, where e = (−OS)^k with the overshoot OS = e^(−ζπ/w), and crosses 0
 * once between two of them; so its rise and settling times are roots on brackets where e is
 * monotonic, found by bisection in double to full precision. */
#include "internal.h"

#define PI 3.14159265358979323846
#define LN2 0.69314718055994530942

static double sinhc(double x) { return fabs(x) < 1e-4 ? 1.0 + x * x / 6.0 : sinh(x) / x; }

/* √(1 − ζ²) or √(ζ² − 1) without cancellation or overflow. */
static double damped_rate(double z) { return sqrt(fabs(1.0 - z)) * sqrt(1.0 + z); }

/* Distance to the goal of the dimensionless step response at τ. */
static double response(double z, double tau)
{
    if (z < 1.0) {
        double w = damped_rate(z), x = w * tau, s, c;
        sp__sincos_d(x, &s, &c);
        double sinc = fabs(x) < 1e-4 ? 1.0 - x * x / 6.0 : s / x; /* its series where s/x is 0/0 */
        return exp(-z * tau) * (c + z * tau * sinc);
    }
    double a = damped_rate(z);
    if (a * tau <= 0.5) return exp(-z * tau) * (cosh(a * tau) + z * tau * sinhc(a * tau));
    double r = z / a;
    return 0.5 * ((1.0 + r) * exp(-tau / (z + a)) + (1.0 - r) * exp(-(z + a) * tau));
}

/* τ in [lo, hi] where sign·response falls through `level` (sign·response decreasing there). */
static double bisect(double z, double lo, double hi, double level, double sign)
{
    for (int i = 0; i < 2200; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (sign * response(z, mid) > level)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* First τ at which a monotonic (ζ ≥ 1) or not yet peaked (ζ < 1) response falls to level. */
static double first_fall(double z, double level)
{
    double hi;
    if (z < 1.0)
        hi = PI / damped_rate(z); /* the first extremum, below every level in (0, 1) */
    else
        for (hi = 1.0; response(z, hi) > level && hi < 1e300;) hi *= 2.0;
    return bisect(z, 0.0, hi, level, 1.0);
}

static double overshoot(double z) { return z < 1.0 ? exp(-z * PI / damped_rate(z)) : 0.0; }

/* Dimensionless rise time, 10 % to 90 %. */
static double rise(double z) { return z == z ? first_fall(z, 0.1) - first_fall(z, 0.9) : z; }

/* Dimensionless settling time: the last τ with |e| = tol. Under damped: the last extremum k
 * with OS^k > tol·(1 + slack) (slack 0: the definition; the design solvers count a peak within
 * `slack` above the band as inside it, see design_settling), then the root between it and the
 * next zero crossing, at τ = (π/2 + φ + kπ)/w with φ = atan2(ζ, w)
 * (e = e^(−ζτ)·cos(wτ − φ)/cos φ). */
static double settle_counting(double z, double tol, double slack)
{
    if (z != z || tol != tol) return z + tol;
    if (!(tol > 0.0)) return INFINITY;
    if (tol >= 1.0) return 0.0;
    if (z >= 1.0) return first_fall(z, tol);
    /* ln OS = −ζπ/w itself: OS rounds to 1 below ζ ≈ 1e-17 (and has lost digits from 1e-14), where
     * log(OS) gave an infinite settling time, or one beyond the envelope bound */
    double w = damped_rate(z), ln_os = -z * PI / w;
    if (!(ln_os < 0.0)) return INFINITY; /* undamped */
    double lim = tol * (1.0 + slack), k = isinf(ln_os) ? 0.0 : floor(log(lim) / ln_os);
    /* OS^k > lim ≥ OS^(k+1), the rounding of the logarithms corrected (a step or two) */
    for (int i = 0; i < 4 && k > 0.0 && !(exp(k * ln_os) > lim); i++) k -= 1.0;
    for (int i = 0; i < 4 && exp((k + 1.0) * ln_os) > lim; i++) k += 1.0;
    double lo = k * PI / w, hi = (0.5 * PI + atan2(z, w) + k * PI) / w;
    return bisect(z, lo, hi, tol, fmod(k, 2.0) == 0.0 ? 1.0 : -1.0); /* e has the sign of (−1)^k there */
}

static double settle(double z, double tol) { return settle_counting(z, tol, 0.0); }

static double envelope(double z, double tol)
{
    if (z >= 1.0 || !(tol > 0.0) || tol >= 1.0) return settle(z, tol);
    return (-log(tol) - log(damped_rate(z))) / z;
}

/* ω = 2πf and ζ = y/ω of a frequency and halflife, in double. */
static void spring_params(float frequency, float halflife, double *omega, double *zeta)
{
    double f = frequency == 0.0f ? 0.0 : frequency, h = halflife == 0.0f ? 0.0 : halflife; /* −0 is 0 */
    *omega = 2.0 * PI * f;
    *zeta = LN2 / (PI * f * h);
}

/* A response time τ(ζ)/ω with the conventions' edge values: halflife 0 snaps (0), frequency
 * 0 never moves (+Inf). */
enum { RISE, SETTLE, ENVELOPE };

static float response_time(float frequency, float halflife, int kind, double tol)
{
    if (halflife == 0.0f && frequency == frequency) return 0.0f;
    if (frequency == 0.0f && halflife == halflife) return INFINITY;
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    double tau = kind == RISE ? rise(z) : (kind == SETTLE ? settle(z, tol) : envelope(z, tol));
    return sp__to_float(tau / omega);
}

float sp_spring_damping_ratio(float frequency, float halflife)
{
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    return sp__to_float(z);
}

float sp_spring_overshoot(float frequency, float halflife)
{
    if (halflife == 0.0f && frequency == frequency) return 0.0f;
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    return z == z ? (float)overshoot(z) : (float)z;
}

float sp_spring_peak_time(float frequency, float halflife)
{
    if (halflife == 0.0f && frequency == frequency) return INFINITY;
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    if (z != z) return (float)z;
    return z < 1.0 ? sp__to_float(PI / damped_rate(z) / omega) : INFINITY;
}

float sp_spring_rise_time(float frequency, float halflife)
{
    return response_time(frequency, halflife, RISE, 0.0);
}

float sp_spring_settling_time(float frequency, float halflife, float tolerance)
{
    return response_time(frequency, halflife, SETTLE, tolerance);
}

float sp_spring_settling_time_envelope(float frequency, float halflife, float tolerance)
{
    return response_time(frequency, halflife, ENVELOPE, tolerance);
}

/* Following g = V·t with q = 0 the spring settles where s·(g − x) = d·V. */
float sp_spring_lag(float frequency, float halflife)
{
    if (halflife == 0.0f && frequency == frequency) return 0.0f;
    double omega = 2.0 * PI * frequency, d = 4.0 * LN2 / halflife;
    return sp__to_float(d / (omega * omega));
}

void sp_spring_to_duration_bounce(float frequency, float halflife, float *out_duration, float *out_bounce)
{
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    *out_duration = sp__to_float(1.0 / frequency);
    *out_bounce = sp__to_float(z <= 1.0 ? 1.0 - z : 1.0 / z - 1.0);
}

/* ζ of the overshoot: ln OS = −πζ/√(1 − ζ²), so ζ = L/√(π² + L²) with L = −ln OS. */
static double overshoot_to_ratio(double os)
{
    if (!(os > 0.0)) return os == os ? 1.0 : os;
    if (os >= 1.0) return 0.0;
    double L = -log(os);
    return L / sqrt(PI * PI + L * L);
}

/* The spring of ratio ζ whose dimensionless response time tau is reached at time t. */
static void design(double tau, double t, double z, float *out_frequency, float *out_halflife)
{
    double omega = tau / t;
    *out_frequency = sp__to_float(omega / (2.0 * PI));
    *out_halflife = sp__to_float(2.0 * LN2 / (z * omega));
}

/* The settling time jumps where a peak of the response touches the band (OS^n = tol): just below,
 * the response settles before that peak; just above, only after it. The designer's natural request
 * sits on that edge (overshoot = tolerance, or 10 % and 1 %), and the float spring a design returns
 * lands within a few ulps of its ratio on either side (0.3 s, 2 %, 2 % settled at 0.418 s). Just
 * above the edge the settling time is ill-conditioned anyway (the root after a peak moves as the
 * square root of the peak's excess), so a peak within SLACK above the band is counted inside it,
 * and the spring's halflife is lowered an ulp at a time (more damping, less overshoot) until that
 * peak of the float spring lies below the band by MARGIN: its overshoot then moves by about 1e-6
 * at most. */
#define SLACK 1e-6
#define MARGIN 1e-7

static double realised_ratio(float frequency, float halflife)
{
    double omega, z;
    spring_params(frequency, halflife, &omega, &z);
    return z;
}

static void design_settling(double t, double z, double tol, float *out_frequency, float *out_halflife)
{
    design(settle_counting(z, tol, SLACK), t, z, out_frequency, out_halflife);
    double os = overshoot(z);
    if (!(os > 0.0 && os < 1.0 && tol > 0.0 && tol < 1.0)) return;
    /* n: the first peak counted inside the band (OS^n ≤ tol·(1 + SLACK)) */
    double lim = tol * (1.0 + SLACK), n = floor(log(lim) / log(os)) + 1.0;
    for (int i = 0; i < 4 && n > 1.0 && pow(os, n - 1.0) <= lim; i++) n -= 1.0;
    for (int i = 0; i < 4 && pow(os, n) > lim; i++) n += 1.0;
    for (int i = 0;
         i < 64 && pow(overshoot(realised_ratio(*out_frequency, *out_halflife)), n) >= tol * (1.0 - MARGIN);
         i++)
        *out_halflife = nextafterf(*out_halflife, 0.0f);
}

void sp_settling_time_ratio_to_spring(float settling_time, float damping_ratio, float tolerance,
                                      float *out_frequency, float *out_halflife)
{
    design_settling(settling_time, damping_ratio, tolerance, out_frequency, out_halflife);
}

void sp_rise_time_ratio_to_spring(float rise_time, float damping_ratio, float *out_frequency,
                                  float *out_halflife)
{
    design(rise(damping_ratio), rise_time, damping_ratio, out_frequency, out_halflife);
}

void sp_settling_time_overshoot_to_spring(float settling_time, float overshoot, float tolerance,
                                          float *out_frequency, float *out_halflife)
{
    design_settling(settling_time, overshoot_to_ratio(overshoot), tolerance, out_frequency, out_halflife);
}

void sp_rise_time_overshoot_to_spring(float rise_time, float overshoot, float *out_frequency,
                                      float *out_halflife)
{
    double z = overshoot_to_ratio(overshoot);
    design(rise(z), rise_time, z, out_frequency, out_halflife);
}
