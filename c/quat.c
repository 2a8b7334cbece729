/* quat.c — the quaternion helpers the quaternion springs need, for callers of the API. */
#include "internal.h"

void sp_quat_mul(sp_quat *out, const sp_quat *a, const sp_quat *b) { *out = sp__q_mul(*a, *b); }
void sp_quat_inv(sp_quat *out, const sp_quat *q) { *out = sp__q_inv(*q); }
void sp_quat_abs(sp_quat *out, const sp_quat *q) { *out = sp__q_abs(*q); }
void sp_quat_normalize(sp_quat *out, const sp_quat *q) { *out = sp__q_normalize(*q); }
void sp_quat_to_scaled_angle_axis(sp_vec3 *out, const sp_quat *q) { *out = sp__q_to_scaled_angle_axis(*q); }
void sp_quat_from_scaled_angle_axis(sp_quat *out, const sp_vec3 *v)
{
    *out = sp__q_from_scaled_angle_axis(*v);
}
