/* inertialize.c — inertializers: the spring one of Spring-It-On (float, vec3, quaternion),
 * the cubic one of "Inertialization Transition Cost", a quintic one in the style of
 * Bollo's GDC 2018 talk, and dead blending.
 *
 * Each has a transition (record the offset between what was playing and what plays next)
 * and an update (add the decayed offset back onto the new input). The spring decays its
 * offset state step by step; the polynomial ones and dead blending keep the offset at the
 * transition plus the time since, and evaluate the decay in closed form. */
#include "internal.h"

/* ---- spring ---- */

void sp_inertialize_transition(float *off_x, float *off_v, float src_x, float src_v, float dst_x, float dst_v)
{
    *off_x = (src_x + *off_x) - dst_x;
    *off_v = (src_v + *off_v) - dst_v;
}

void sp_inertialize_update(float *out_x, float *out_v, float *off_x, float *off_v, float in_x, float in_v,
                           float halflife, float dt)
{
    sp_decay_spring_damper_exact(off_x, off_v, halflife, dt);
    *out_x = in_x + *off_x;
    *out_v = in_v + *off_v;
}

void sp_inertialize_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, const sp_vec3 *src_x, const sp_vec3 *src_v,
                                  const sp_vec3 *dst_x, const sp_vec3 *dst_v)
{
    sp_inertialize_transition(&off_x->x, &off_v->x, src_x->x, src_v->x, dst_x->x, dst_v->x);
    sp_inertialize_transition(&off_x->y, &off_v->y, src_x->y, src_v->y, dst_x->y, dst_v->y);
    sp_inertialize_transition(&off_x->z, &off_v->z, src_x->z, src_v->z, dst_x->z, dst_v->z);
}

void sp_inertialize_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, sp_vec3 *off_x, sp_vec3 *off_v,
                              const sp_vec3 *in_x, const sp_vec3 *in_v, float halflife, float dt)
{
    sp_inertialize_update(&out_x->x, &out_v->x, &off_x->x, &off_v->x, in_x->x, in_v->x, halflife, dt);
    sp_inertialize_update(&out_x->y, &out_v->y, &off_x->y, &off_v->y, in_x->y, in_v->y, halflife, dt);
    sp_inertialize_update(&out_x->z, &out_v->z, &off_x->z, &off_v->z, in_x->z, in_v->z, halflife, dt);
}

/* The output is off·in, whose angular velocity (world frame) is off_v + off·in_v·off⁻¹.
 * Keeping both continuous across the switch from src to dst gives
 *   off' = off·src·dst⁻¹,   off_v' = off_v + off·src_v − off'·dst_v   (vectors rotated). */
void sp_inertialize_transition_quat(sp_quat *off_x, sp_vec3 *off_v, const sp_quat *src_x,
                                    const sp_vec3 *src_v, const sp_quat *dst_x, const sp_vec3 *dst_v)
{
    sp__inertialize_transition_quat(off_x, off_v, *src_x, *src_v, *dst_x, *dst_v);
}

void sp_inertialize_update_quat(sp_quat *out_x, sp_vec3 *out_v, sp_quat *off_x, sp_vec3 *off_v,
                                const sp_quat *in_x, const sp_vec3 *in_v, float halflife, float dt)
{
    sp_decay_spring_damper_exact_quat(off_x, off_v, halflife, dt);
    sp__inertialize_output_quat(out_x, out_v, *off_x, *off_v, *in_x, *in_v);
}

/* ---- cubic ---- (sp__cubic_decay in internal.h, shared with the pose kernel) */

void sp_decayed_offset_cubic(float *out_x, float *out_v, float init_x, float init_v, float blendtime,
                             float dt)
{
    sp__cubic_decay(out_x, out_v, init_x, init_v, blendtime, dt);
}

float sp_decay_cubic(float x, float v, float blendtime, float dt)
{
    float out_x, out_v;
    sp_decayed_offset_cubic(&out_x, &out_v, x, v, blendtime, dt);
    return out_x;
}

void sp_inertialize_cubic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                     float dst_x, float dst_v, float blendtime)
{
    float dec_x, dec_v;
    sp_decayed_offset_cubic(&dec_x, &dec_v, *off_x, *off_v, blendtime, *off_t);
    *off_x = (dec_x + src_x) - dst_x;
    *off_v = (dec_v + src_v) - dst_v;
    *off_t = 0.0f;
}

void sp_inertialize_cubic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                 float in_x, float in_v, float blendtime, float dt)
{
    *off_t += dt;
    float dec_x, dec_v;
    sp_decayed_offset_cubic(&dec_x, &dec_v, off_x, off_v, blendtime, *off_t);
    *out_x = sp__plus_offset(in_x, dec_x);
    *out_v = sp__plus_offset(in_v, dec_v);
}

static void decayed_offset_cubic_v3(sp_vec3 *out_x, sp_vec3 *out_v, const sp_vec3 *init_x,
                                    const sp_vec3 *init_v, float blendtime, float dt)
{
    sp_decayed_offset_cubic(&out_x->x, &out_v->x, init_x->x, init_v->x, blendtime, dt);
    sp_decayed_offset_cubic(&out_x->y, &out_v->y, init_x->y, init_v->y, blendtime, dt);
    sp_decayed_offset_cubic(&out_x->z, &out_v->z, init_x->z, init_v->z, blendtime, dt);
}

void sp_inertialize_cubic_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, float *off_t, const sp_vec3 *src_x,
                                        const sp_vec3 *src_v, const sp_vec3 *dst_x, const sp_vec3 *dst_v,
                                        float blendtime)
{
    sp_vec3 dec_x, dec_v;
    decayed_offset_cubic_v3(&dec_x, &dec_v, off_x, off_v, blendtime, *off_t);
    *off_x = sp__v3_sub(sp__v3_add(dec_x, *src_x), *dst_x);
    *off_v = sp__v3_sub(sp__v3_add(dec_v, *src_v), *dst_v);
    *off_t = 0.0f;
}

void sp_inertialize_cubic_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, float *off_t, const sp_vec3 *off_x,
                                    const sp_vec3 *off_v, const sp_vec3 *in_x, const sp_vec3 *in_v,
                                    float blendtime, float dt)
{
    *off_t += dt;
    sp_vec3 dec_x, dec_v;
    decayed_offset_cubic_v3(&dec_x, &dec_v, off_x, off_v, blendtime, *off_t);
    *out_x = sp__v3(sp__plus_offset(in_x->x, dec_x.x), sp__plus_offset(in_x->y, dec_x.y),
                    sp__plus_offset(in_x->z, dec_x.z));
    *out_v = sp__v3(sp__plus_offset(in_v->x, dec_v.x), sp__plus_offset(in_v->y, dec_v.y),
                    sp__plus_offset(in_v->z, dec_v.z));
}

/* ---- quintic (Bollo) ---- the shape is derived in internal.h (sp__quintic_shape). */

float sp_quintic_blendtime(float x, float v, float blendtime)
{
    return sp__quintic_shape(x, v, blendtime).t1;
}

void sp_decayed_offset_quintic(float *out_x, float *out_v, float *out_a, float init_x, float init_v,
                               float blendtime, float dt)
{
    sp__quintic q = sp__quintic_shape(init_x, init_v, blendtime);
    if (!(dt < q.t1)) {
        *out_x = 0.0f;
        *out_v = 0.0f;
        *out_a = 0.0f;
        return;
    }
    float tau = dt > 0.0f ? dt / q.t1 : 0.0f, p, dp, ddp;
    sp__quintic_eval(q, tau, &p, &dp, &ddp);
    *out_x = p;
    *out_v = dt > 0.0f ? dp / q.t1 : init_v; /* exact at τ = 0 */
    *out_a = ddp / q.t1 / q.t1;
}

float sp_decay_quintic(float x, float v, float blendtime, float dt)
{
    float out_x, out_v, out_a;
    sp_decayed_offset_quintic(&out_x, &out_v, &out_a, x, v, blendtime, dt);
    return out_x;
}

void sp_inertialize_quintic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                       float dst_x, float dst_v, float blendtime)
{
    float dec_x, dec_v, dec_a;
    sp_decayed_offset_quintic(&dec_x, &dec_v, &dec_a, *off_x, *off_v, blendtime, *off_t);
    *off_x = (dec_x + src_x) - dst_x;
    *off_v = (dec_v + src_v) - dst_v;
    *off_t = 0.0f;
}

void sp_inertialize_quintic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                   float in_x, float in_v, float blendtime, float dt)
{
    *off_t += dt;
    float dec_x, dec_v, dec_a;
    sp_decayed_offset_quintic(&dec_x, &dec_v, &dec_a, off_x, off_v, blendtime, *off_t);
    *out_x = in_x + dec_x;
    *out_v = in_v + dec_v;
}

/* ---- dead blending ----
 * The source is extrapolated from the state (ext_x, ext_v) it had at the transition, its
 * velocity decaying by half every halflife: v(t) = ext_v·e^(−λt), λ = ln2/halflife, and
 * x(t) = ext_x + ext_v·(1 − e^(−λt))/λ exactly. The output cross-fades from it to the input
 * with α = smoothstep(t/blendtime), whose derivative enters the output velocity. */

void sp_dead_blending_evaluate(float *out_x, float *out_v, float ext_x, float ext_v, float ext_t, float in_x,
                               float in_v, float halflife, float blendtime)
{
    if (!(ext_t < blendtime)) {
        *out_x = in_x;
        *out_v = in_v;
        return;
    }
    float sx = ext_x, sv = ext_v;
    sp_extrapolate(&sx, &sv, halflife, ext_t);
    float tau = ext_t > 0.0f ? ext_t / blendtime : 0.0f;
    float alpha = sp__smoothstep(tau);
    *out_x = (1.0f - alpha) * sx + alpha * in_x;
    /* the blend's own velocity dα/dt·(in_x − sx), dα/dt = 6τ(1 − τ)/blendtime */
    *out_v = (1.0f - alpha) * sv + alpha * in_v
        + 6.0f * sp__per_blendtime(in_x - sx, tau * (1.0f - tau), blendtime);
}

void sp_dead_blending_transition(float *ext_x, float *ext_v, float *ext_t, float src_x, float src_v,
                                 float halflife, float blendtime)
{
    float x, v;
    sp_dead_blending_evaluate(&x, &v, *ext_x, *ext_v, *ext_t, src_x, src_v, halflife, blendtime);
    *ext_x = x;
    *ext_v = v;
    *ext_t = 0.0f;
}

void sp_dead_blending_update(float *out_x, float *out_v, float *ext_t, float ext_x, float ext_v, float in_x,
                             float in_v, float halflife, float blendtime, float dt)
{
    *ext_t += dt;
    sp_dead_blending_evaluate(out_x, out_v, ext_x, ext_v, *ext_t, in_x, in_v, halflife, blendtime);
}

/* ---- 2D: the vector forms on (x, y, 0) ---- */

void sp_inertialize_transition_v2(sp_vec2 *off_x, sp_vec2 *off_v, const sp_vec2 *src_x, const sp_vec2 *src_v,
                                  const sp_vec2 *dst_x, const sp_vec2 *dst_v)
{
    sp_vec3 ox = sp__v2_lift(*off_x), ov = sp__v2_lift(*off_v), sx = sp__v2_lift(*src_x),
            sv = sp__v2_lift(*src_v), dx = sp__v2_lift(*dst_x), dv = sp__v2_lift(*dst_v);
    sp_inertialize_transition_v3(&ox, &ov, &sx, &sv, &dx, &dv);
    *off_x = sp__v3_drop(ox);
    *off_v = sp__v3_drop(ov);
}

void sp_inertialize_update_v2(sp_vec2 *out_x, sp_vec2 *out_v, sp_vec2 *off_x, sp_vec2 *off_v,
                              const sp_vec2 *in_x, const sp_vec2 *in_v, float halflife, float dt)
{
    sp_vec3 ox = sp__v2_lift(*off_x), ov = sp__v2_lift(*off_v), ix = sp__v2_lift(*in_x),
            iv = sp__v2_lift(*in_v), rx, rv;
    sp_inertialize_update_v3(&rx, &rv, &ox, &ov, &ix, &iv, halflife, dt);
    *off_x = sp__v3_drop(ox);
    *off_v = sp__v3_drop(ov);
    *out_x = sp__v3_drop(rx);
    *out_v = sp__v3_drop(rv);
}

void sp_inertialize_cubic_transition_v2(sp_vec2 *off_x, sp_vec2 *off_v, float *off_t, const sp_vec2 *src_x,
                                        const sp_vec2 *src_v, const sp_vec2 *dst_x, const sp_vec2 *dst_v,
                                        float blendtime)
{
    sp_vec3 ox = sp__v2_lift(*off_x), ov = sp__v2_lift(*off_v), sx = sp__v2_lift(*src_x),
            sv = sp__v2_lift(*src_v), dx = sp__v2_lift(*dst_x), dv = sp__v2_lift(*dst_v);
    sp_inertialize_cubic_transition_v3(&ox, &ov, off_t, &sx, &sv, &dx, &dv, blendtime);
    *off_x = sp__v3_drop(ox);
    *off_v = sp__v3_drop(ov);
}

void sp_inertialize_cubic_update_v2(sp_vec2 *out_x, sp_vec2 *out_v, float *off_t, const sp_vec2 *off_x,
                                    const sp_vec2 *off_v, const sp_vec2 *in_x, const sp_vec2 *in_v,
                                    float blendtime, float dt)
{
    sp_vec3 ox = sp__v2_lift(*off_x), ov = sp__v2_lift(*off_v), ix = sp__v2_lift(*in_x),
            iv = sp__v2_lift(*in_v), rx, rv;
    sp_inertialize_cubic_update_v3(&rx, &rv, off_t, &ox, &ov, &ix, &iv, blendtime, dt);
    *out_x = sp__v3_drop(rx);
    *out_v = sp__v3_drop(rv);
}
