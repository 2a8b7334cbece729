/* contact.c — foot locking: an inertializer switches the foot between the animation's
 * contact position and a locked point on the ground, blending both ways. */
#include "internal.h"

static const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };

/* Inertializer on a vector: the offset decays as an exact critical spring (one per axis),
 * and the output is the input plus the offset. */
static void inertialize_update(sp_contact *c, sp_vec3 in_x, sp_vec3 in_v, float halflife, float dt)
{
    sp_decay_spring_damper_exact(&c->offset_position.x, &c->offset_velocity.x, halflife, dt);
    sp_decay_spring_damper_exact(&c->offset_position.y, &c->offset_velocity.y, halflife, dt);
    sp_decay_spring_damper_exact(&c->offset_position.z, &c->offset_velocity.z, halflife, dt);
    c->position = sp__v3_add(in_x, c->offset_position);
    c->velocity = sp__v3_add(in_v, c->offset_velocity);
}

/* Switch the input from src to dst keeping the output where it is: off = (src + off) − dst. */
static void inertialize_transition(sp_contact *c, sp_vec3 src_x, sp_vec3 src_v, sp_vec3 dst_x, sp_vec3 dst_v)
{
    c->offset_position = sp__v3_sub(sp__v3_add(src_x, c->offset_position), dst_x);
    c->offset_velocity = sp__v3_sub(sp__v3_add(src_v, c->offset_velocity), dst_v);
}

void sp_contact_reset(sp_contact *contact, const sp_vec3 *input_contact_position,
                      const sp_vec3 *input_contact_velocity, int input_contact_state)
{
    contact->state = input_contact_state != 0;
    contact->lock = 0;
    contact->position = *input_contact_position;
    contact->velocity = *input_contact_velocity;
    contact->point = *input_contact_position;
    contact->target = *input_contact_position;
    contact->offset_position = zero;
    contact->offset_velocity = zero;
}

/* The input velocity is the backward difference (input − last input)/dt; dt = 0 changes
 * nothing (the article divides by dt + eps instead, and would see a huge velocity). */
void sp_contact_update(sp_contact *contact, const sp_vec3 *input_contact_position, int input_contact_state,
                       float unlock_radius, float foot_height, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp_contact *c = contact;
    sp_vec3 input = *input_contact_position;
    int input_state = input_contact_state != 0;
    sp_vec3 input_velocity = sp__v3_scale(sp__v3_sub(input, c->target), 1.0f / dt);
    c->target = input;

    inertialize_update(c, c->lock ? c->point : input, c->lock ? zero : input_velocity, halflife, dt);

    int unlock = c->lock && sp__v3_length(sp__v3_sub(c->point, input)) > unlock_radius;

    if (!c->state && input_state) {
        /* lock at the foot's current output position, on the ground at foot height */
        c->lock = 1;
        c->point = c->position;
        c->point.y = foot_height;
        inertialize_transition(c, input, input_velocity, c->point, zero);
    } else if ((c->lock && c->state && !input_state) || unlock) {
        c->lock = 0;
        inertialize_transition(c, c->point, zero, input, input_velocity);
    }
    c->state = input_state;
}
