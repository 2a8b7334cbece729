/* quat_oracle.h — what the tests of the quaternion helpers and of the quaternion damper share:
 * random unit rotations (each test file its own sequence) and the Hamilton product in double. */
#ifndef SPRUNG_QUAT_ORACLE_H
#define SPRUNG_QUAT_ORACLE_H

#include <math.h>
#include "sprung.h"

static unsigned rng = 99u;
static inline double rnd(double lo, double hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((rng >> 8) / 16777216.0);
}
static inline sp_quat rquat(void)
{
    sp_quat q = { (float)rnd(-1, 1), (float)rnd(-1, 1), (float)rnd(-1, 1), (float)rnd(-1, 1) };
    sp_quat_normalize(&q, &q);
    return q;
}

/* Hamilton product in double, x, y, z, w order. */
static inline void qmul(const double a[4], const double b[4], double r[4])
{
    r[0] = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    r[1] = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    r[2] = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    r[3] = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
}

#endif
