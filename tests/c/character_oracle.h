/* character_oracle.h — what the tests of character control and of synchronisation share: yaw
 * rotations about +Y, the angle between two rotations in double, random unit rotations (each test
 * file its own sequence). */
#ifndef SPRUNG_CHARACTER_ORACLE_H
#define SPRUNG_CHARACTER_ORACLE_H

#include <math.h>
#include "sprung.h"

static inline sp_quat yaw(double a)
{
    sp_quat q = { 0, (float)sin(a / 2), 0, (float)cos(a / 2) };
    return q;
}
/* Angle between unit quaternions, in double: 2·atan2(|xyz|, |w|) of q·p⁻¹ (acos of the dot
 * product would lose half the digits near 0). */
static inline double angle_between(sp_quat q, sp_quat p)
{
    double w = (double)q.w * p.w + (double)q.x * p.x + (double)q.y * p.y + (double)q.z * p.z;
    double x = -(double)q.w * p.x + (double)q.x * p.w - (double)q.y * p.z + (double)q.z * p.y;
    double y = -(double)q.w * p.y + (double)q.x * p.z + (double)q.y * p.w - (double)q.z * p.x;
    double z = -(double)q.w * p.z - (double)q.x * p.y + (double)q.y * p.x + (double)q.z * p.w;
    return 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}
static unsigned rng = 7u;
static inline double rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return (rng >> 8) / 16777216.0 * 2.0 - 1.0;
}
static inline sp_quat rnd_quat(void)
{
    sp_quat q = { (float)rnd(), (float)rnd(), (float)rnd(), (float)rnd() };
    sp_quat_normalize(&q, &q);
    return q;
}

#endif
