/* contact.c — foot locking: the spring inertializer (inertialize.c) switches the foot
 * between the animation's contact position and a locked point on the ground, blending
 * both ways. */
#include "internal.h"

static const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };

void sp_contact_reset(sp_contact *out_contact, const sp_vec3 *input_contact_position,
                      const sp_vec3 *input_contact_velocity, int input_contact_state)
{
    out_contact->state = input_contact_state != 0;
    out_contact->lock = 0;
    out_contact->position = *input_contact_position;
    out_contact->velocity = *input_contact_velocity;
    out_contact->point = *input_contact_position;
    out_contact->target = *input_contact_position;
    out_contact->offset_position = zero;
    out_contact->offset_velocity = zero;
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

    sp_vec3 in_x = c->lock ? c->point : input, in_v = c->lock ? zero : input_velocity;
    sp_inertialize_update_v3(&c->position, &c->velocity, &c->offset_position, &c->offset_velocity, &in_x,
                             &in_v, halflife, dt);

    int unlock = c->lock && sp__v3_length(sp__v3_sub(c->point, input)) > unlock_radius;

    if (!c->state && input_state) {
        /* lock at the foot's current output position, on the ground at foot height */
        c->lock = 1;
        c->point = c->position;
        c->point.y = foot_height;
        sp_inertialize_transition_v3(&c->offset_position, &c->offset_velocity, &input, &input_velocity,
                                     &c->point, &zero);
    } else if ((c->lock && c->state && !input_state) || unlock) {
        c->lock = 0;
        sp_inertialize_transition_v3(&c->offset_position, &c->offset_velocity, &c->point, &zero, &input,
                                     &input_velocity);
    }
    c->state = input_state;
}
