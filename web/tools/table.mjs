// table.mjs — how each C function of c/sprung.h reaches TypeScript: one line per function,
// owned by the generator (web/tools/api.mjs), which fails the build for a function of the
// header missing here or a line naming no function of the header.
//
// Each line is the tier, then optional tokens:
//
//   everyday   the wrapper is in sprung/springs and calls the small everyday module;
//   full       the wrapper imports the full module (batches, poses, landscapes, obstacles,
//              solvers, the article's comparison variants, the larger per-call functions);
//   hand       (after the tier) the wrapper is written by hand, with an `@c` tag naming this
//              function (classes that own WASM memory, functions of Float32Arrays);
//   internal: why   (after the tier, the rest of the line) no wrapper, for the reason given:
//              hand-written code calls the C function itself;
//   js=f(a,…)  stepped in JS, in double on the caller's state (web/src/steps.ts,
//              other_springs.ts, tracking.ts, inertialize.ts, gen/vectors.ts and
//              gen/inertializers.ts export f): after the argument checks the wrapper calls
//              tryF(a, …) (which checks the state objects, reading each field once) and, where
//              that fails but the full check passes, f(a, …); the arguments are the wrapper's
//              parameters, numbers, true, false, null or the steps' constants;
//   ts=c, ts=pre_{a,b}, ts=?{a,b}, ts=pre_{…}:Type
//              map wrapper parameter `ts` to C parameter `c`, or to the C parameters
//              pre_a, pre_b as the fields of one object (the grammar of bind.mjs), with its
//              TypeScript type;
//   order=a,b  the wrapper's parameters in this order (default: the C order, with an `out`
//              moved last);
//   name=n     the wrapper's name (default: the camelCase of the C name without sp_).
//
// Defaults, so that most lines are the tier alone: float pointers `x`, `v`, `xi`, `vi`, `a`,
// `t` are the fields of one `state` object, and so are the `ext_*` ones; `off_*` ones make
// `offset`, `out_*` ones `out`; `g` is `goal` and `q` `goalVelocity`; a vector `x` is
// `position` (`rotation` for a quaternion), a vector `v` `velocity` (`angularVelocity` beside
// a quaternion); a single `out` pointer becomes an optional last parameter the wrapper
// returns (a new object when it is not given); an int of domain [0, 1] is a boolean.
export const TABLE = {
  // Helpers
  sp_lerp: 'everyday',
  sp_fast_negexp: 'full',
  sp_fast_atan: 'full',
  sp_halflife_to_damping: 'everyday',
  sp_damping_to_halflife: 'everyday',
  sp_frequency_to_stiffness: 'everyday',
  sp_stiffness_to_frequency: 'everyday',
  sp_critical_halflife: 'everyday',
  sp_critical_frequency: 'everyday',
  sp_damping_ratio_to_stiffness: 'everyday',
  sp_damping_ratio_to_damping: 'everyday',
  sp_resonant_frequency: 'everyday',
  sp_spring_energy: 'everyday',
  // Dampers
  sp_damper: 'full',
  sp_damper_bad: 'full',
  sp_damper_exponential: 'full',
  sp_damper_exact: 'everyday js=damperStep(x,g,halflife,dt)',
  sp_damper_implicit: 'full',
  sp_damper_decay_exact: 'everyday js=damperStep(x,0,halflife,dt)',
  sp_halflife_to_lag: 'full',
  sp_lag_to_halflife: 'full',
  sp_damper_exact_v2: 'everyday js=damper2(position,goal,halflife,dt)',
  sp_damper_exact_v3: 'everyday js=damper3(position,goal,halflife,dt)',
  // Spring dampers
  sp_spring_damper_bad: 'full',
  sp_spring_damper_exact_stiffness:
    'everyday js=springStep(state,goal,goalVelocity,STIFFNESS_DAMPING,stiffness,damping,dt)',
  sp_spring_damper_exact_coefs:
    'everyday internal: the state-object API reads its coefficients to step the exact spring in JS (steps.ts); its result is springDamperExact and its stiffness and ratio forms',
  sp_spring_damper_exact:
    'everyday js=springStep(state,goal,goalVelocity,FREQUENCY_HALFLIFE,frequency,halflife,dt)',
  sp_spring_damper_exact_ratio:
    'everyday js=springStep(state,goal,goalVelocity,RATIO_HALFLIFE,dampingRatio,halflife,dt)',
  sp_spring_damper_implicit: 'full',
  sp_critical_spring_damper_exact: 'everyday js=criticalStep(state,goal,goalVelocity,halflife,dt)',
  sp_simple_spring_damper_exact: 'everyday js=criticalStep(state,goal,0,halflife,dt)',
  sp_decay_spring_damper_exact: 'everyday js=criticalStep(state,0,0,halflife,dt)',
  sp_critical_spring_damper_coefs:
    'everyday internal: the state-object API reads its coefficients to step critical springs in JS (steps.ts); its result is criticalSpringDamperExact',
  sp_simple_spring_damper_implicit: 'full',
  sp_spring_damper_exact_v2: 'everyday js=spring2(position,velocity,goal,goalVelocity,frequency,halflife,dt)',
  sp_spring_damper_exact_v3: 'everyday js=spring3(position,velocity,goal,goalVelocity,frequency,halflife,dt)',
  sp_critical_spring_damper_exact_v2:
    'everyday js=critical2(position,velocity,goal,goalVelocity,halflife,dt)',
  sp_critical_spring_damper_exact_v3:
    'everyday js=critical3(position,velocity,goal,goalVelocity,halflife,dt)',
  sp_simple_spring_damper_exact_v2: 'everyday js=critical2(position,velocity,goal,null,halflife,dt)',
  sp_simple_spring_damper_exact_v3: 'everyday js=critical3(position,velocity,goal,null,halflife,dt)',
  sp_decay_spring_damper_exact_v2: 'everyday js=critical2(position,velocity,null,null,halflife,dt)',
  sp_decay_spring_damper_exact_v3: 'everyday js=critical3(position,velocity,null,null,halflife,dt)',
  // The article's fast approximations of the critical family
  sp_critical_spring_damper_implicit: 'full',
  sp_decay_spring_damper_implicit: 'full',
  sp_double_spring_damper_implicit: 'full',
  sp_timed_spring_damper_implicit: 'full',
  sp_simple_spring_damper_implicit_quat: 'full',
  // Settling, UI-style parameters, rest
  sp_critical_settle_time: 'everyday',
  sp_critical_settle_halflife: 'everyday',
  sp_duration_bounce_to_spring: 'everyday out=out_{frequency,halflife}:SpringParameters',
  sp_spring_is_at_rest: 'everyday state={x,v} goal=g',
  // Springs designed by their response
  sp_spring_damping_ratio: 'full',
  sp_spring_overshoot: 'full',
  sp_spring_peak_time: 'full',
  sp_spring_rise_time: 'full',
  sp_spring_settling_time: 'full',
  sp_spring_settling_time_envelope: 'full',
  sp_spring_lag: 'full',
  sp_spring_to_duration_bounce: 'full',
  sp_settling_time_overshoot_to_spring: 'full',
  sp_rise_time_overshoot_to_spring: 'full',
  sp_settling_time_ratio_to_spring: 'full',
  sp_rise_time_ratio_to_spring: 'full',
  // Applications
  sp_spring_character_update: 'full',
  sp_spring_character_predict: 'full hand',
  sp_piecewise_interpolation: 'full hand',
  // Inertialization
  sp_inertialize_transition: 'everyday',
  sp_inertialize_update: 'everyday js=inertializeStep(out,offset,inX,inV,halflife,dt)',
  sp_inertialize_transition_v3: 'full',
  sp_inertialize_update_v3: 'full js=inertialize3(outX,outV,offX,offV,inX,inV,halflife,dt)',
  sp_inertialize_transition_quat: 'full',
  sp_inertialize_update_quat: 'full js=inertializeQuatStep(outX,outV,offX,offV,inX,inV,halflife,dt)',
  sp_decay_cubic: 'full',
  sp_decayed_offset_cubic: 'full',
  sp_inertialize_cubic_transition: 'full',
  sp_inertialize_cubic_update: 'full js=polynomialStep(false,out,offset,inX,inV,blendtime,dt)',
  sp_inertialize_cubic_transition_v3: 'full clock=off_{t}',
  sp_inertialize_cubic_update_v3:
    'full clock=off_{t} js=cubic3(outX,outV,clock,offX,offV,inX,inV,blendtime,dt)',
  sp_quintic_blendtime: 'full',
  sp_decay_quintic: 'full',
  sp_decayed_offset_quintic: 'full',
  sp_inertialize_quintic_transition: 'full',
  sp_inertialize_quintic_update: 'full js=polynomialStep(true,out,offset,inX,inV,blendtime,dt)',
  sp_dead_blending_evaluate: 'full state=ext_{x,v,t}:DeadBlendState',
  sp_dead_blending_transition: 'full state=ext_{x,v,t}:DeadBlendState',
  sp_dead_blending_update:
    'full state=ext_{x,v,t}:DeadBlendState js=deadStep(out,state,inX,inV,halflife,blendtime,dt)',
  sp_inertialize_transition_v2: 'full',
  sp_inertialize_update_v2: 'full js=inertialize2(outX,outV,offX,offV,inX,inV,halflife,dt)',
  sp_inertialize_cubic_transition_v2: 'full clock=off_{t}',
  sp_inertialize_cubic_update_v2:
    'full clock=off_{t} js=cubic2(outX,outV,clock,offX,offV,inX,inV,blendtime,dt)',
  // Extrapolation and easing
  sp_extrapolate: 'full',
  sp_extrapolate_v2: 'full',
  sp_extrapolate_v3: 'full',
  sp_extrapolate_quat: 'full',
  sp_cubic_easing_update: 'full',
  sp_inertial_easing_update: 'full',
  sp_inertial_easing_duration: 'full',
  // Other springs
  sp_double_spring_damper_exact: 'full js=doubleStep(state,goal,halflife,dt)',
  sp_timed_spring_damper_exact: 'full js=timedStep(state,goal,tGoal,halflife,dt,apprehension)',
  sp_velocity_spring_damper_exact: 'full js=velocityStep(state,goal,maxSpeed,halflife,dt,apprehension)',
  // Quaternions
  sp_quat_mul: 'everyday',
  sp_quat_inv: 'everyday',
  sp_quat_abs: 'everyday',
  sp_quat_normalize: 'everyday',
  sp_quat_to_scaled_angle_axis: 'everyday',
  sp_quat_from_scaled_angle_axis: 'everyday',
  sp_quat_mul_vec3: 'everyday',
  sp_quat_inv_mul_vec3: 'everyday',
  sp_quat_mul_inv: 'everyday',
  sp_quat_inv_mul: 'everyday',
  sp_quat_nlerp_shortest: 'full',
  sp_quat_slerp_shortest: 'full',
  sp_quat_from_angle_axis: 'full',
  sp_quat_to_angle_axis: 'full out=out_{angle,axis}:AngleAxis order=q,out',
  sp_quat_differentiate_angular_velocity: 'full',
  sp_quat_integrate_angular_velocity: 'full',
  sp_quat_exp: 'full v=v',
  sp_quat_log: 'full q=q',
  sp_quat_between: 'full q=q',
  sp_damper_exact_quat: 'everyday js=damperQuatStep(rotation,goal,halflife,dt)',
  // Quaternion springs
  sp_simple_spring_damper_exact_quat: 'everyday js=quatStep(rotation,angularVelocity,goal,halflife,dt)',
  sp_decay_spring_damper_exact_quat: 'everyday js=quatStep(rotation,angularVelocity,null,halflife,dt)',
  // Batches
  sp_damper_exact_batch: 'full hand',
  sp_critical_spring_damper_exact_batch: 'full hand',
  sp_simple_spring_damper_exact_batch: 'full hand',
  sp_decay_spring_damper_exact_batch: 'full hand',
  sp_spring_damper_exact_batch: 'full hand',
  sp_simple_spring_damper_exact_quat_batch: 'full hand',
  sp_decay_spring_damper_exact_quat_batch: 'full hand',
  sp_damper_exact_quat_batch: 'full hand',
  // Pose inertializer
  sp_inertialize_pose_transition: 'full hand',
  sp_inertialize_pose_update: 'full hand',
  sp_inertialize_pose_cubic_transition: 'full hand',
  sp_inertialize_pose_cubic_update: 'full hand',
  // Transition cost
  sp_decay_spring_damper_intersection: 'full',
  sp_decay_spring_damper_displacement: 'full',
  sp_decay_spring_damper_displacement_approx: 'full',
  sp_decay_spring_damper_feature: 'full',
  sp_decay_cubic_intersection: 'full',
  sp_decay_cubic_displacement: 'full',
  sp_decay_cubic_displacement_approx: 'full',
  sp_decay_cubic_feature: 'full',
  sp_decay_quintic_displacement: 'full',
  sp_decay_quintic_displacement_approx: 'full',
  sp_decay_quintic_feature: 'full',
  sp_dead_blending_intersection: 'full',
  sp_dead_blending_displacement: 'full',
  sp_dead_blending_displacement_approx: 'full',
  sp_dead_blending_feature: 'full',
  sp_transition_cost_basic: 'full',
  sp_inertialization_feature_coefficients:
    'full out=out_{0:pos,1:vel}:number[] order=inertializer,halflife,blendtime,out',
  sp_transition_cost: 'full hand',
  sp_transition_cost_landscape: 'full hand',
  sp_inertialization_features: 'full hand',
  sp_inertialization_search: 'full hand',
  // Tracking springs
  sp_tracking_spring_update: 'full',
  sp_tracking_spring_update_no_acceleration: 'full',
  sp_tracking_spring_update_no_velocity_acceleration: 'full',
  sp_tracking_spring_update_improved: 'full',
  sp_tracking_spring_update_no_acceleration_improved: 'full',
  sp_tracking_spring_update_no_velocity_acceleration_improved: 'full',
  sp_tracking_spring_update_exact: 'full js=trackingStep(state,xGoal,vGoal,aGoal,frequency,halflife,dt)',
  sp_tracking_spring_update_exact_no_acceleration:
    'full js=trackingStep(state,xGoal,vGoal,0,frequency,halflife,dt)',
  sp_tracking_spring_update_exact_no_velocity_acceleration:
    'full js=trackingStep(state,xGoal,null,0,frequency,halflife,dt)',
  sp_tracking_spring_update_exact_gains:
    'full js=gainsStep(state,xGoal,vGoal,aGoal,xGain,vGain,aGain,dt,gainDt)',
  sp_tracking_gains_to_spring: 'full out=out_{frequency,halflife}:TrackingSpring',
  sp_tracking_target_velocity: 'full',
  sp_tracking_target_acceleration: 'full',
  sp_tracking_target_acceleration_varying: 'full',
  sp_tracking_clip: 'full',
  // Character control
  sp_desired_velocity_update: 'full',
  sp_desired_rotation_update: 'full',
  sp_simulation_position_update: 'full',
  sp_simulation_rotation_update: 'full',
  sp_trajectory_predict_positions: 'full hand',
  sp_trajectory_predict_rotations: 'full hand',
  sp_trajectory_predict_batch: 'full hand',
  sp_simulation_position_update_v2: 'full',
  sp_trajectory_predict_positions_v2: 'full hand',
  sp_desired_rotation_update_strafe: 'full',
  sp_trajectory_predict_desired: 'full hand',
  sp_trajectory_predict_positions_desired: 'full hand',
  sp_simulation_collide_obstacles: 'full hand',
  sp_simulation_collide_obstacles_v2: 'full hand',
  // Synchronising character and simulation
  sp_quat_slerp_shortest_approx: 'full',
  sp_quat_angle_between: 'full',
  sp_damp_adjustment_exact_v3: 'full',
  sp_damp_adjustment_exact_quat: 'full',
  sp_damp_adjustment_exact: 'full',
  sp_adjust_character_position: 'full',
  sp_adjust_character_rotation: 'full',
  sp_adjust_character_position_by_velocity: 'full',
  sp_adjust_character_rotation_by_velocity: 'full',
  sp_clamp_character_position: 'full',
  sp_clamp_character_rotation: 'full',
  sp_damp_adjustment_exact_v2: 'full',
  sp_adjust_character_position_v2: 'full',
  sp_adjust_character_position_by_velocity_v2: 'full',
  sp_clamp_character_position_v2: 'full',
  // Foot locking
  sp_contact_reset: 'full contact=out_contact inputContactState:boolean',
  sp_contact_update: 'full',
  // Motion matching
  sp_motion_features:
    "full internal: MotionDatabase's constructor calls it on every clip (its features are then features(frame)): its arguments are the constructor's clips and options, which no C parameter describes",
  sp_motion_database_floats: 'full hand',
  sp_motion_database_build:
    "full internal: MotionDatabase's constructor calls it on the features of every clip: its arguments are the constructor's clips and options, which no C parameter describes",
  sp_motion_rules_floats:
    "full internal: MotionDatabase's constructor sizes the block of its cost rules (options.rules) with it; the database's rules getter gives them",
  sp_motion_rules_build:
    "full internal: MotionDatabase's constructor calls it on the factors of every frame that its cost rules (options.rules) make, which no C parameter describes",
  sp_motion_search: 'full hand',
  sp_motion_search_batch: 'full hand',
  sp_forward_kinematics: 'full hand',
  sp_ik_two_bone: 'full hand',
  sp_ik_hinge_axis: 'full hand',
  // Motion controller
  sp_motion_controller_place:
    "full internal: MotionController and MotionCrowd call it where a character starts and at every switch, on their own arrays: a character's state is theirs, not the caller's",
  sp_motion_controller_update:
    "full internal: MotionController.update and MotionCrowd.update call it on their own arrays, after their searches: its arguments are the characters' state, which the classes own",
};
