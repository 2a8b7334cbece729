/* test_contact.c — foot locking: the foot lock's invariants along a foot path, and the article's
 * contact_reset and contact_update written out here in double, after a reset in contact. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static double v3len(sp_vec3 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z); }
/* Foot locking along a foot path x = 0.3t, y = 0.05 + 0.04 sin(3t), z = 0.1 sin(2t), in contact
 * for t in [0.5, 1.5). Returns max |Δposition| and max |Δvelocity| per frame. */
static void contact_run(float dt, float halflife, float radius, double *max_dx, double *max_dv,
                        sp_contact *at_end, double *locked_dev, int *unlocked_early)
{
    sp_contact c;
    sp_vec3 p0 = { 0, 0.05f, 0 }, v0 = { 0.3f, 0.12f, 0.2f };
    sp_contact_reset(&c, &p0, &v0, 0);
    *max_dx = *max_dv = *locked_dev = 0.0;
    *unlocked_early = 0;
    int n = (int)(2.5f / dt);
    for (int k = 1; k <= n; k++) {
        double t = k * dt;
        sp_vec3 in = { (float)(0.3 * t), (float)(0.05 + 0.04 * sin(3 * t)), (float)(0.1 * sin(2 * t)) };
        sp_vec3 px = c.position, pv = c.velocity;
        sp_contact_update(&c, &in, t >= 0.5 && t < 1.5, radius, 0.02f, halflife, dt);
        sp_vec3 dx = { c.position.x - px.x, c.position.y - px.y, c.position.z - px.z };
        sp_vec3 dv = { c.velocity.x - pv.x, c.velocity.y - pv.y, c.velocity.z - pv.z };
        if (k > 1) {
            *max_dx = fmax(*max_dx, v3len(dx));
            *max_dv = fmax(*max_dv, v3len(dv));
        }
        if (c.lock && t > 0.5 + 20 * halflife) {
            sp_vec3 d = { c.position.x - c.point.x, c.position.y - c.point.y, c.position.z - c.point.z };
            *locked_dev = fmax(*locked_dev, v3len(d));
        }
        if (!c.lock && t >= 0.5 && t < 1.5) *unlocked_early = 1;
    }
    *at_end = c;
}

static void contact(void)
{
    double dx1, dv1, dx2, dv2, dev;
    int early;
    sp_contact c;
    /* while locked (after the blend in) the output is the contact point: 20 halflives leave
     * (1 + 20·ln2·2)·2^−40 of the offset, far below 1e-6 */
    contact_run(1.0f / 60.0f, 0.05f, 10.0f, &dx1, &dv1, &c, &dev, &early);
    check_near("locked output stays at the contact point", dev, 0.0, 1e-6);
    check_true("no unlock within a large radius", !early);
    check_true("the contact point is on the ground at foot height", c.point.y == 0.02f);
    check_true("released after the contact ends", !c.lock && !c.state);
    /* continuity: a jump in position or velocity would not shrink with dt; a continuous output
     * moves ∝ dt per frame. At dt/10 the largest per-frame changes shrink about 10× (< 0.2×
     * allowed: the finite-difference input velocity adds a bounded term). */
    contact_run(1.0f / 600.0f, 0.05f, 10.0f, &dx2, &dv2, &c, &dev, &early);
    check_true("position continuous across lock and release", dx2 < 0.2 * dx1);
    check_true("velocity continuous across lock and release", dv2 < 0.2 * dv1);
    printf("contact: max |dx| %.5f -> %.5f, max |dv| %.4f -> %.4f (dt 1/60 -> 1/600)\n", dx1, dx2, dv1, dv2);
    /* halflife 0: at the contact point from the first locked frame on */
    contact_run(1.0f / 60.0f, 0.0f, 10.0f, &dx1, &dv1, &c, &dev, &early);
    check_true("halflife 0 locks exactly", dev == 0.0);
    /* unlock radius: the input moves 0.3 m/s away, a 0.1 m radius unlocks after ~1/3 s */
    contact_run(1.0f / 60.0f, 0.05f, 0.1f, &dx1, &dv1, &c, &dev, &early);
    check_true("unlocks beyond the radius while in contact", early);
    /* ≥ 1 s = 20 halflives after the unlock the offset is below 1e-6 */
    check_true("the unlocked foot follows the input again",
               fabs(c.position.x - c.target.x) < 1e-6 && fabs(c.position.z - c.target.z) < 1e-6);
    /* dt = 0 keeps position and velocity */
    sp_vec3 p = c.position, v = c.velocity, in = c.target;
    sp_contact_update(&c, &in, c.state, 0.1f, 0.02f, 0.05f, 0.0f);
    check_true("dt 0 changes nothing", c.position.x == p.x && c.position.z == p.z && c.velocity.x == v.x);
}

/* The article's foot locking (contact_reset, contact_update, with inertialize_update and
 * inertialize_transition on 3 components), written here in double from the article's
 * listing and its source, with the exact critical decay of the offset (oracle.h) in place
 * of fast_negexp and no eps in the finite difference. Its contact_reset ignores the input
 * contact state: a reset always starts out of contact, so the first update in contact locks. */
typedef struct {
    int state, lock;
    double position[3], velocity[3], point[3], target[3], off_x[3], off_v[3];
} article_contact;

static void article_contact_reset(article_contact *c, const double in_x[3], const double in_v[3])
{
    c->state = 0;
    c->lock = 0;
    for (int i = 0; i < 3; i++) {
        c->position[i] = c->point[i] = c->target[i] = in_x[i];
        c->velocity[i] = in_v[i];
        c->off_x[i] = c->off_v[i] = 0;
    }
}

static void article_contact_update(article_contact *c, const double in_x[3], int in_state, double radius,
                                   double foot_height, double halflife, double dt)
{
    double in_v[3], dist2 = 0;
    for (int i = 0; i < 3; i++) {
        in_v[i] = (in_x[i] - c->target[i]) / dt;
        c->target[i] = in_x[i];
    }
    oracle_critical_decay(c->off_x, c->off_v, 3, halflife, dt);
    for (int i = 0; i < 3; i++) {
        c->position[i] = (c->lock ? c->point[i] : in_x[i]) + c->off_x[i];
        c->velocity[i] = (c->lock ? 0 : in_v[i]) + c->off_v[i];
        dist2 += (c->point[i] - in_x[i]) * (c->point[i] - in_x[i]);
    }
    int unlock = c->lock && sqrt(dist2) > radius;
    if (!c->state && in_state) {
        c->lock = 1;
        for (int i = 0; i < 3; i++) c->point[i] = c->position[i];
        c->point[1] = foot_height;
        for (int i = 0; i < 3; i++) {
            c->off_x[i] = (in_x[i] + c->off_x[i]) - c->point[i];
            c->off_v[i] = (in_v[i] + c->off_v[i]) - 0;
        }
    } else if ((c->lock && c->state && !in_state) || unlock) {
        c->lock = 0;
        for (int i = 0; i < 3; i++) {
            c->off_x[i] = (c->point[i] + c->off_x[i]) - in_x[i];
            c->off_v[i] = (0 + c->off_v[i]) - in_v[i];
        }
    }
    c->state = in_state;
}

/* A reset while the foot is in contact, as a game does when it spawns a standing character
 * or the playground restarts its walk: the article's first update in contact locks. */
static void contact_reset_in_contact(void)
{
    /* the case: reset at (0.1, 0.03, 0.2) in contact, one update in contact */
    sp_contact c;
    sp_vec3 p = { 0.1f, 0.03f, 0.2f }, zero = { 0, 0, 0 };
    sp_contact_reset(&c, &p, &zero, 1);
    check_true("reset in contact: not locked yet, state 'not in contact' (article)", !c.lock && !c.state);
    sp_contact_update(&c, &p, 1, 0.2f, 0.02f, 0.1f, 1.0f / 60);
    check_true("first update in contact after the reset locks", c.lock == 1);
    check_true("locked point at foot height", c.point.y == 0.02f && c.point.x == 0.1f && c.point.z == 0.2f);
    check_true("the output is still the input this frame (continuity)",
               c.position.x == 0.1f && c.position.y == 0.03f && c.position.z == 0.2f);
    check_near("offset = input − point", c.offset_position.y, 0.01, 1e-7);

    /* a walk that starts in contact, against the article's logic frame by frame: stance until
     * t = 0.6 s, swing until 1.1 s, stance again; foot path as in contact_run */
    const float dts[] = { 1.0f / 60, 1.0f / 144 };
    for (int r = 0; r < 2; r++) {
        float dt = dts[r];
        double in0[3] = { 0, 0.05, 0 }, v0[3] = { 0.3, 0.12, 0.2 };
        sp_vec3 fin0 = { 0, 0.05f, 0 }, fv0 = { 0.3f, 0.12f, 0.2f };
        article_contact a;
        article_contact_reset(&a, in0, v0);
        sp_contact_reset(&c, &fin0, &fv0, 1);
        double worst = 0;
        int lock_mismatch = 0, locked_frames = 0;
        for (int k = 1; k <= (int)(1.6f / dt); k++) {
            double t = k * (double)dt;
            int st = t < 0.6 || t >= 1.1;
            sp_vec3 in = { (float)(0.3 * t), (float)(0.05 + 0.04 * sin(3 * t)), (float)(0.1 * sin(2 * t)) };
            double ind[3] = { in.x, in.y, in.z };
            sp_contact_update(&c, &in, st, 0.5f, 0.02f, 0.05f, dt);
            article_contact_update(&a, ind, st, 0.5, 0.02, 0.05, dt);
            const float got[6] = { c.position.x, c.position.y, c.position.z,
                                   c.velocity.x, c.velocity.y, c.velocity.z };
            for (int i = 0; i < 3; i++) {
                worst = fmax(worst, fabs(got[i] - a.position[i]));
                worst = fmax(worst, fabs(got[3 + i] - a.velocity[i]) * dt); /* velocity·dt: metres */
            }
            lock_mismatch += c.lock != a.lock || c.state != a.state;
            locked_frames += c.lock;
        }
        char name[120];
        snprintf(name, sizeof name, "walk from a reset in contact, dt %.4f: lock and state as the article",
                 dt);
        check_true(name, lock_mismatch == 0 && locked_frames > 0);
        snprintf(name, sizeof name, "walk from a reset in contact, dt %.4f: output as the article (%.2g m)",
                 dt, worst);
        check_true(name, worst < 1e-5);
    }
}

int main(void)
{
    contact();
    contact_reset_in_contact();
    return testing_finish("test_contact");
}
