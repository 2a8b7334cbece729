// "Copy as code" of the trajectory prediction & character control panel (panels/character.js):
// the scripted run through the panel's world (simulation object, prediction, character
// adjusted or synchronised and clamped, obstacles), foot locking on the panel's walking foot, and
// the simulation object's distributions (its one-second trajectories and its histograms), as
// complete JavaScript, TypeScript and C programs. (The animation data's series are the panel's
// own reading of files, which the programs leave out: their `guide` says so.)
import {
  BOXES,
  CIRCLES,
  MODES,
  PREDICT,
  RADIUS,
  REPLAY_SECONDS,
  SCRIPT,
  clamps,
  DEADZONE,
  FOOTPRINT_EVERY,
  FOOT_SECONDS,
  FOOT_SHAPE,
  HISTOGRAMS,
  RATE,
  RECORD_SECONDS,
  STICK_SEED,
  STRAND_EVERY,
  STRAND_STEP,
} from '../character/scenario.js';
import { ann, cHead, cRow, cf, jn, jsAndTs, jsHead, jsRow, randomSource } from '../lib/program.js';

/** The degrees `deg` in radians as JS text (the very double the panel computes). */
const radJs = (deg) => (deg ? `${jn(deg)} * (Math.PI / 180)` : '0');
/** The degrees `deg` in radians as a C float, computed in double as in JS. */
const radC = (deg) => (deg ? `(float)(${jn(deg)} * (3.14159265358979323846 / 180.0))` : '0.0f');

/** The columns the scripted run prints in C: t, the simulation's and the character's x and z, their angle. */
const REPLAY_COLUMNS = [
  't',
  'simulation_position.x',
  'simulation_position.z',
  'character_position.x',
  'character_position.z',
  'angle_between(&character_rotation, &simulation_rotation)',
];

/** The scripted run of the panel, as a complete program. */
function controllerProgram(p) {
  const mode = MODES.find(([m]) => m === p.mode)?.[1];
  const desired = p.predict === 'desired';
  const title =
    `A character controller on the scripted stick: simulation object${p.strafe ? ' strafing' : ''}` +
    `${p.obstacles ? ' among obstacles' : ''}, prediction, character entity (${mode}${clamps(p) ? ', clamped' : ''})`;
  const fns = [
    'desiredVelocityUpdate',
    p.strafe ? 'desiredRotationUpdateStrafe' : 'desiredRotationUpdate',
    'simulationPositionUpdate',
    'simulationRotationUpdate',
    'TrajectoryPredictor',
    ...(p.obstacles ? ['Obstacles', 'simulationCollideObstacles'] : []),
    ...(p.mode === 'adjust' ? ['adjustCharacterPosition', 'adjustCharacterRotation'] : []),
    ...(p.mode === 'velocity'
      ? ['adjustCharacterPositionByVelocity', 'adjustCharacterRotationByVelocity']
      : []),
    ...(clamps(p) ? ['clampCharacterPosition', 'clampCharacterRotation'] : []),
  ];
  const syncJs = {
    none: `  // (no correction: the character drifts from the simulation)\n`,
    sync:
      `  // Synchronisation: the character is put where the simulation is.\n` +
      `  Object.assign(characterPosition, simulationPosition);\n  Object.assign(characterRotation, simulationRotation);\n`,
    simsync: '',
    adjust:
      `  // Adjustment: pull the character toward the simulation (rotation at half the rate).\n` +
      `  adjustCharacterPosition(characterPosition, simulationPosition, adjustHalflife, dt, characterPosition);\n` +
      `  adjustCharacterRotation(characterRotation, simulationRotation, adjustHalflife * 2, dt, characterRotation);\n`,
    velocity:
      `  // Adjustment limited by the character's own velocity (hides foot sliding).\n` +
      `  adjustCharacterPositionByVelocity(characterPosition, animationVelocity, ` +
      `simulationPosition, maxAdjustmentRatio, adjustHalflife, dt, characterPosition);\n` +
      `  adjustCharacterRotationByVelocity(characterRotation, characterAngularVelocity, ` +
      `simulationRotation, maxAdjustmentRatio, adjustHalflife * 2, dt, characterRotation);\n`,
  }[p.mode];
  const syncC = {
    none: `    /* (no correction: the character drifts from the simulation) */\n`,
    sync: `    character_position = simulation_position; /* synchronisation */\n    character_rotation = simulation_rotation;\n`,
    simsync: '',
    adjust:
      `    sp_adjust_character_position(&character_position, &character_position, &simulation_position, adjust_halflife, dt);\n` +
      `    sp_adjust_character_rotation(&character_rotation, &character_rotation, &simulation_rotation, adjust_halflife * 2, dt);\n`,
    velocity:
      `    sp_adjust_character_position_by_velocity(&character_position, &character_position, ` +
      `&animation_velocity, &simulation_position, max_adjustment_ratio, adjust_halflife, dt);\n` +
      `    sp_adjust_character_rotation_by_velocity(&character_rotation, &character_rotation, ` +
      `&character_angular_velocity, &simulation_rotation, max_adjustment_ratio, adjust_halflife * 2, dt);\n`,
  }[p.mode];
  const adjusting = p.mode === 'adjust' || p.mode === 'velocity';
  const boxesJs = BOXES.map(
    ([x, z, w, d, yaw]) => `  ${jn(x)}, ${jn(z)}, ${jn(w)}, ${jn(d)}, ${radJs(yaw)},\n`,
  ).join('');
  const boxesC = BOXES.map(
    ([x, z, w, d, yaw]) => `    ${cf(x)}, ${cf(z)}, ${cf(w)}, ${cf(d)}, ${radC(yaw)},\n`,
  ).join('');
  const circlesJs = CIRCLES.map((c) => `  ${c.map(jn).join(', ')},\n`).join('');
  const circlesC = CIRCLES.map((c) => `    ${c.map(cf).join(', ')},\n`).join('');
  const js = jsAndTs((ts) => {
    const V = ts ? ': Vec3' : '';
    const Q = ts ? ': Quat' : '';
    return (
      jsHead(title, ts) +
      `import { init, ${fns.join(', ')} } from 'sprung';\n` +
      (ts ? `import type { Quat, Vec3 } from 'sprung';\n` : '') +
      `\nawait init();\n\n` +
      `// Y is up, characters face +Z. Any {x, y, z} / {x, y, z, w} objects work (three.js ones too).\n` +
      `const simHalflife = ${jn(p.simHalflife)}; // s\n` +
      `const speeds = [${jn(p.forwardSpeed)}, ${jn(p.sideSpeed)}, ${jn(p.backSpeed)}]; // m/s forward, sideways, backward\n` +
      `const cameraAzimuth = ${radJs(p.camera)}; // the stick is relative to the camera\n` +
      `const deadzone = ${DEADZONE}; // stick length below which a stick counts as released\n` +
      `const horizon = ${jn(p.horizon)}; // s of predicted trajectory\nconst animHalflife = ${jn(p.animHalflife)}; // s\n` +
      (adjusting ? `const adjustHalflife = ${jn(p.adjustHalflife)}; // s\n` : '') +
      (p.mode === 'velocity' ? `const maxAdjustmentRatio = ${jn(p.ratio)};\n` : '') +
      (clamps(p)
        ? `const maxDistance = ${jn(p.maxDistance)}; // m\nconst maxAngle = ${jn(p.maxAngle)} * (Math.PI / 180);\n`
        : '') +
      (p.obstacles
        ? `\n// The world: circles (x, z, radius) and boxes (x, z, width, depth, yaw), in sprung's memory.\n` +
          `const radius = ${RADIUS}; // m, of the simulation object and of the character\n` +
          `const walls = new Obstacles(${CIRCLES.length}, ${BOXES.length});\n` +
          `walls.circles.set([\n${circlesJs}]);\nwalls.boxes.set([\n${boxesJs}]);\n`
        : '') +
      `\n// The stick script: [seconds, stick x, stick z], looping.\nconst SCRIPT = [\n${SCRIPT.map((r) => `  [${r.join(', ')}],\n`).join('')}];\n` +
      `const SCRIPT_SECONDS = SCRIPT.reduce((s, [d]) => s + d, 0);\n` +
      `function stickAt(t${ann(ts, 'number')}, stick${V}) {\n  let u = t % SCRIPT_SECONDS;\n` +
      `  for (const [d, x, z] of SCRIPT) {\n    if (u < d) {\n      stick.x = x;\n      stick.z = z;\n      return;\n    }\n    u -= d;\n  }\n}\n\n` +
      `const vec3 = () => ({ x: 0, y: 0, z: 0 });\nconst quat = () => ({ x: 0, y: 0, z: 0, w: 1 });\n` +
      `const stick = vec3(); // the left stick: x right, z forward, length ≤ 1\n` +
      (p.strafe || desired ? `const rightStick = vec3(); // the right stick (released here)\n` : '') +
      `const desiredVelocity = vec3();\nconst desiredRotation = quat();\n` +
      `// The simulation object: code-driven displacement.\n` +
      `const simulationPosition = vec3();\nconst simulationVelocity = vec3();\nconst simulationAcceleration = vec3();\n` +
      `const simulationRotation = quat();\nconst simulationAngularVelocity = vec3();\n` +
      `// The character entity: it moves as its animation does; a slower spring stands in for the animation.\n` +
      `const characterPosition = vec3();\nconst characterRotation = quat();\nconst characterAngularVelocity = vec3();\n` +
      `const animationVelocity = vec3();\nconst animationAcceleration = vec3();\nconst animationStep = vec3();\n` +
      (p.obstacles ? `const before = vec3();\n` : '') +
      `const predictor = new TrajectoryPredictor(${PREDICT});\n\n` +
      `/** One frame of the controller. */\nfunction frame(dt${ann(ts, 'number')}) {\n` +
      `  desiredVelocityUpdate(stick, cameraAzimuth, simulationRotation, speeds[0], speeds[1], speeds[2], desiredVelocity);\n` +
      (p.strafe
        ? `  // Strafing: face the right stick's direction, or the camera's while it is released.\n` +
          `  desiredRotationUpdateStrafe(rightStick, cameraAzimuth, deadzone, desiredRotation);\n`
        : `  // Face the direction of travel while the stick is pushed.\n` +
          `  if (Math.hypot(stick.x, stick.z) > deadzone) desiredRotationUpdate(desiredRotation, desiredVelocity, 0);\n`) +
      (p.obstacles ? `  Object.assign(before, simulationPosition);\n` : '') +
      `  simulationPositionUpdate(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, simHalflife, dt);\n` +
      (p.obstacles
        ? `  simulationCollideObstacles(before, simulationPosition, walls, radius, simulationPosition); // slides along walls\n`
        : '') +
      `  simulationRotationUpdate(simulationRotation, simulationAngularVelocity, desiredRotation, simHalflife, dt);\n` +
      `  // The animation's displacement this frame, applied to the character.\n` +
      (p.obstacles ? `  Object.assign(before, characterPosition);\n` : '') +
      `  animationStep.x = animationStep.y = animationStep.z = 0;\n` +
      `  simulationPositionUpdate(animationStep, animationVelocity, animationAcceleration, desiredVelocity, animHalflife, dt);\n` +
      `  characterPosition.x += animationStep.x;\n  characterPosition.z += animationStep.z;\n` +
      `  simulationRotationUpdate(characterRotation, characterAngularVelocity, desiredRotation, animHalflife, dt);\n` +
      syncJs +
      (clamps(p)
        ? `  // Clamping: never further than maxDistance and maxAngle from the simulation.\n` +
          `  clampCharacterPosition(characterPosition, simulationPosition, maxDistance, characterPosition);\n` +
          `  clampCharacterRotation(characterRotation, simulationRotation, maxAngle, characterRotation);\n`
        : '') +
      (p.obstacles
        ? `  simulationCollideObstacles(before, characterPosition, walls, radius, characterPosition); // the character too\n`
        : '') +
      (p.mode === 'simsync'
        ? `  // Synchronisation the other way: the simulation is put where the character is.\n` +
          `  Object.assign(simulationPosition, characterPosition);\n  Object.assign(simulationRotation, characterRotation);\n`
        : '') +
      (desired
        ? `  // The predicted trajectory: the controller ticked ahead with the sticks held, ${PREDICT} samples.\n` +
          `  predictor.predictDesired(stick, rightStick, cameraAzimuth, ${p.strafe}, speeds[0], speeds[1], speeds[2], ` +
          `deadzone, simulationRotation, simulationAngularVelocity, desiredRotation, simHalflife, horizon / ${PREDICT - 1});\n` +
          `  predictor.predictPositionsDesired(simulationPosition, simulationVelocity, simulationAcceleration, ` +
          `simHalflife, ${p.obstacles ? 'walls, radius' : 'undefined, 0'}, horizon / ${PREDICT - 1});\n` +
          `}\n\n`
        : `  // The predicted trajectory: ${PREDICT} future positions with the desired velocity held, exact, no stepping.\n` +
          `  predictor.predictPositions(simulationPosition, simulationVelocity, simulationAcceleration, desiredVelocity, ` +
          `simHalflife, horizon / ${PREDICT - 1});\n}\n\n`) +
      jsRow(ts) +
      `/** The angle (degrees) between the facing directions (+Z turned) of two yaw rotations: what maxAngle bounds. */\n` +
      `function angleBetween(a${Q}, b${Q})${ann(ts, 'number')} {\n` +
      `  const ax = 2 * (a.x * a.z + a.w * a.y);\n  const az = 1 - 2 * (a.x * a.x + a.y * a.y);\n` +
      `  const bx = 2 * (b.x * b.z + b.w * b.y);\n  const bz = 1 - 2 * (b.x * b.x + b.y * b.y);\n` +
      `  return Math.abs(Math.atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180 / Math.PI);\n}\n\n` +
      `// ${REPLAY_SECONDS} s at ${RATE} Hz. Each frame: t, simulation x, z, character x, z, and how far the character\n` +
      `// faces from the simulation (degrees). Each second, half a second in: the predicted trajectory (every other sample).\n` +
      `// In a game, read the stick and call frame(dt) from your loop (e.g. requestAnimationFrame).\n` +
      `const printFrame = (t${ann(ts, 'number')}) =>\n` +
      `  row(t, simulationPosition.x, simulationPosition.z, characterPosition.x, characterPosition.z, angleBetween(characterRotation, simulationRotation));\n` +
      `printFrame(0);\n` +
      `for (let k = 1; k <= ${REPLAY_SECONDS * RATE}; k++) {\n  stickAt((k - 1) / ${RATE}, stick);\n  frame(1 / ${RATE});\n` +
      `  printFrame(k / ${RATE});\n` +
      `  if (k % ${RATE} === ${RATE / 2}) {\n    const predicted = predictor.positions; // x, y, z of each sample\n` +
      `    for (let i = 1; i < ${PREDICT}; i += 2)\n      console.log('predicted', predicted[3 * i].toFixed(5), predicted[3 * i + 2].toFixed(5));\n  }\n}\n` +
      `predictor.dispose();\n` +
      (p.obstacles ? `walls.dispose();\n` : '')
    );
  });
  const collideC = (what) =>
    `        sp_simulation_collide_obstacles(&${what}, &before, &${what}, circles, ${CIRCLES.length}, boxes, ${BOXES.length}, radius);\n`;
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `/* The stick script: seconds, stick x, stick z; looping. */\n` +
    `static const double script[${SCRIPT.length}][3] = {\n${SCRIPT.map((r) => `    { ${r.join(', ')} },\n`).join('')}};\n\n` +
    (p.obstacles
      ? `/* The world: circles (x, z, radius) and boxes (x, z, width, depth, yaw). */\n` +
        `static const float circles[${3 * CIRCLES.length}] = {\n${circlesC}};\n` +
        `static const float boxes[${5 * BOXES.length}] = {\n${boxesC}};\n\n`
      : '') +
    `static void stick_at(double t, sp_vec3 *stick)\n{\n    double total = 0, u;\n    int i;\n` +
    `    for (i = 0; i < ${SCRIPT.length}; i++) total += script[i][0];\n    u = fmod(t, total);\n` +
    `    for (i = 0; i < ${SCRIPT.length}; i++) {\n        if (u < script[i][0]) {\n` +
    `            stick->x = (float)script[i][1];\n            stick->z = (float)script[i][2];\n            return;\n        }\n` +
    `        u -= script[i][0];\n    }\n}\n\n` +
    `/* The angle (degrees) between the facing directions (+Z turned) of two yaw rotations: what max_angle bounds. */\n` +
    `static double angle_between(const sp_quat *a, const sp_quat *b)\n{\n` +
    `    const double ax = 2.0 * ((double)a->x * a->z + (double)a->w * a->y), az = 1.0 - 2.0 * ((double)a->x * a->x + (double)a->y * a->y);\n` +
    `    const double bx = 2.0 * ((double)b->x * b->z + (double)b->w * b->y), bz = 1.0 - 2.0 * ((double)b->x * b->x + (double)b->y * b->y);\n` +
    `    return fabs(atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180.0 / 3.14159265358979323846);\n}\n\n` +
    `int main(void)\n{\n    const float sim_halflife = ${cf(p.simHalflife)}, anim_halflife = ${cf(p.animHalflife)};\n` +
    `    const float fwrd_speed = ${cf(p.forwardSpeed)}, side_speed = ${cf(p.sideSpeed)}, back_speed = ${cf(p.backSpeed)};\n` +
    `    const float camera_azimuth = ${radC(p.camera)}; /* the stick is relative to the camera */\n` +
    `    const float deadzone = ${cf(DEADZONE)};\n` +
    `    const float horizon = ${cf(p.horizon)};\n` +
    (p.obstacles
      ? `    const float radius = ${cf(RADIUS)}; /* of the simulation object and of the character */\n`
      : '') +
    (adjusting ? `    const float adjust_halflife = ${cf(p.adjustHalflife)};\n` : '') +
    (p.mode === 'velocity' ? `    const float max_adjustment_ratio = ${cf(p.ratio)};\n` : '') +
    (clamps(p)
      ? `    const float max_distance = ${cf(p.maxDistance)}, max_angle = ${cf(p.maxAngle)} * (SP_PI / 180.0f);\n`
      : '') +
    `    const float dt = 1.0f / ${RATE}.0f;\n` +
    `    const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };\n    const sp_quat identity = { 0.0f, 0.0f, 0.0f, 1.0f };\n` +
    `    sp_vec3 stick = zero, desired_velocity = zero;\n    sp_quat desired_rotation = identity;\n` +
    (p.strafe || desired
      ? `    const sp_vec3 right_stick = zero; /* the right stick (released here) */\n`
      : '') +
    `    sp_vec3 simulation_position = zero, simulation_velocity = zero, simulation_acceleration = zero;\n` +
    `    sp_quat simulation_rotation = identity;\n    sp_vec3 simulation_angular_velocity = zero;\n` +
    `    sp_vec3 character_position = zero, character_angular_velocity = zero;\n    sp_quat character_rotation = identity;\n` +
    `    sp_vec3 animation_velocity = zero, animation_acceleration = zero;\n` +
    `    sp_vec3 predicted[${PREDICT}];\n` +
    (desired ? `    sp_vec3 predicted_desired_velocities[${PREDICT}];\n` : '') +
    `    int k, i;\n    double t = 0.0;\n` +
    `    ${cRow(REPLAY_COLUMNS)}\n` +
    `    for (k = 1; k <= ${REPLAY_SECONDS * RATE}; k++) {\n        sp_vec3 step = zero;\n` +
    (p.obstacles ? `        sp_vec3 before = simulation_position;\n` : '') +
    `        stick_at((double)(k - 1) / ${RATE}, &stick);\n` +
    `        sp_desired_velocity_update(&desired_velocity, &stick, camera_azimuth, &simulation_rotation, fwrd_speed, side_speed, back_speed);\n` +
    (p.strafe
      ? `        sp_desired_rotation_update_strafe(&desired_rotation, &right_stick, camera_azimuth, deadzone); /* strafing */\n`
      : `        if (hypotf(stick.x, stick.z) > deadzone) sp_desired_rotation_update(&desired_rotation, &desired_velocity, 0.0f);\n`) +
    `        sp_simulation_position_update(&simulation_position, &simulation_velocity, &simulation_acceleration, &desired_velocity, sim_halflife, dt);\n` +
    (p.obstacles ? collideC('simulation_position') : '') +
    `        sp_simulation_rotation_update(&simulation_rotation, &simulation_angular_velocity, &desired_rotation, sim_halflife, dt);\n` +
    `        /* the character moves as its animation does (a slower spring stands in for it) */\n` +
    (p.obstacles ? `        before = character_position;\n` : '') +
    `        sp_simulation_position_update(&step, &animation_velocity, &animation_acceleration, &desired_velocity, anim_halflife, dt);\n` +
    `        character_position.x += step.x;\n        character_position.z += step.z;\n` +
    `        sp_simulation_rotation_update(&character_rotation, &character_angular_velocity, &desired_rotation, anim_halflife, dt);\n` +
    syncC.replace(/^ {4}/gm, '        ') +
    (clamps(p)
      ? `        sp_clamp_character_position(&character_position, &character_position, &simulation_position, max_distance);\n` +
        `        sp_clamp_character_rotation(&character_rotation, &character_rotation, &simulation_rotation, max_angle);\n`
      : '') +
    (p.obstacles ? collideC('character_position') : '') +
    (p.mode === 'simsync'
      ? `        simulation_position = character_position; /* synchronisation the other way */\n        simulation_rotation = character_rotation;\n`
      : '') +
    (desired
      ? `        /* the predicted trajectory: the controller ticked ahead with the sticks held */\n` +
        `        sp_trajectory_predict_desired(predicted_desired_velocities, NULL, ` +
        `NULL, NULL, NULL, horizon / ${PREDICT - 1}.0f, ${PREDICT}, &stick, &right_stick, ` +
        `camera_azimuth, ${p.strafe ? 1 : 0}, fwrd_speed, side_speed, back_speed, deadzone, ` +
        `&simulation_rotation, &simulation_angular_velocity, &desired_rotation, sim_halflife);\n` +
        `        sp_trajectory_predict_positions_desired(predicted, NULL, NULL, NULL, ` +
        `horizon / ${PREDICT - 1}.0f, ${PREDICT}, &simulation_position, &simulation_velocity, ` +
        `&simulation_acceleration, predicted_desired_velocities, sim_halflife, ` +
        `${p.obstacles ? `circles, ${CIRCLES.length}, boxes, ${BOXES.length}, radius` : 'NULL, 0, NULL, 0, 0.0f'});\n`
      : `        /* the predicted trajectory: exact, no stepping */\n` +
        `        sp_trajectory_predict_positions(predicted, NULL, NULL, NULL, horizon / ${PREDICT - 1}.0f, ${PREDICT}, ` +
        `&simulation_position, &simulation_velocity, &simulation_acceleration, &desired_velocity, sim_halflife);\n`) +
    `        t = (double)k / ${RATE};\n` +
    `        ${cRow(REPLAY_COLUMNS)}\n` +
    `        if (k % ${RATE} == ${RATE / 2})\n` +
    `            for (i = 1; i < ${PREDICT}; i += 2) printf("predicted %.5f %.5f\\n", predicted[i].x, predicted[i].z);\n` +
    `    }\n    return 0;\n}\n`;
  return {
    id: 'controller',
    title: 'controller and prediction',
    ...js,
    c,
    compare: [
      { plot: 0, series: 0, cols: [1, 2] },
      { plot: 0, series: 1, cols: [3, 4] },
      { plot: 2, series: 0, cols: [0, 5] },
      { plot: 0, series: 2, cols: [0, 1], rows: 'predicted' },
    ],
  };
}

/** Foot locking on the panel's walking foot, as a complete program. */
function footProgram(p) {
  const title = `Foot locking with contactUpdate: a walking foot that slides ${jn(p.slide)} m per step in the animation`;
  const js = jsAndTs((ts) => {
    const N = ann(ts, 'number');
    return (
      jsHead(title, ts) +
      `import { init, ContactState, contactReset, contactUpdate } from 'sprung';\n\nawait init();\n\n` +
      `const slide = ${jn(p.slide)}; // m the animation's foot slides while planted\n` +
      `const unlockRadius = ${jn(p.unlockRadius)}; // m\nconst halflife = ${jn(p.footHalflife)}; // s\nconst rate = ${RATE};\n\n` +
      `/** The animation's foot at time t: planted half of each 0.8 s step, swinging otherwise. Returns whether it is in contact. */\n` +
      `function footAt(t${N}, out${ts ? ': { x: number; y: number; z: number }' : ''})${ann(ts, 'boolean')} {\n` +
      `  const n = Math.floor(t / 0.8);\n  const u = t / 0.8 - n;\n  const stance = u < 0.5;\n` +
      `  out.x = stance ? n * 1.2 + slide * (u / 0.5 - 0.5) : n * 1.2 + slide / 2 + (1.2 - slide) * ((u - 0.5) / 0.5);\n` +
      `  out.y = stance ? 0 : 0.15 * Math.sin((Math.PI * (u - 0.5)) / 0.5);\n  out.z = 0;\n  return stance;\n}\n\n` +
      `const input = { x: 0, y: 0, z: 0 };\nconst contact = new ContactState();\n` +
      `contactReset(contact, input, { x: 0, y: 0, z: 0 }, footAt(0, input));\n\n` +
      jsRow(ts, true) +
      `/** The foot's outline from its toe (x forward, height): toe, heel, ankle, back to the toe. */\n` +
      `const FOOT = [\n${FOOT_SHAPE.map(([x, y]) => `  [${x}, ${y}],\n`).join('')}];\n` +
      `/** The foot drawn at its toe (x, y), then a gap. */\n` +
      `function footprint(label${ann(ts, 'string')}, x${N}, y${N}) {\n` +
      `  for (const [dx, dy] of FOOT) row(label, x + dx, y + dy);\n  console.log(label, 'NaN NaN');\n}\n\n` +
      `for (let k = 0; k <= ${FOOT_SECONDS} * rate; k++) {\n  const t = k / rate;\n  const inContact = footAt(t, input);\n` +
      `  // every frame: contact.position is where to pin the foot (e.g. with IK)\n` +
      `  if (k > 0) contactUpdate(contact, input, inContact, unlockRadius, 0, halflife, 1 / rate);\n` +
      `  row('time', t, input.x, contact.position.x, inContact ? 1 : 0);\n` +
      `  // seen from the side: the toes, and the feet every 0.1 s while planted\n` +
      `  row('animtoe', input.x, input.y);\n  row('locktoe', contact.position.x, contact.position.y);\n` +
      `  if (inContact && k % ${FOOTPRINT_EVERY} === 0) {\n` +
      `    footprint('animfoot', input.x, input.y);\n    footprint('lockfoot', contact.position.x, contact.position.y);\n  }\n}\n`
    );
  });
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `static const double slide = ${jn(p.slide)}; /* m the animation's foot slides while planted */\n\n` +
    `/* The animation's foot at time t: planted half of each 0.8 s step, swinging otherwise. Returns whether it is in contact. */\n` +
    `static int foot_at(double t, sp_vec3 *out)\n{\n    const double n = floor(t / 0.8), u = t / 0.8 - n;\n    const int stance = u < 0.5;\n` +
    `    out->x = (float)(stance ? n * 1.2 + slide * (u / 0.5 - 0.5) : n * 1.2 + slide / 2 + (1.2 - slide) * ((u - 0.5) / 0.5));\n` +
    `    out->y = (float)(stance ? 0 : 0.15 * sin((3.14159265358979323846 * (u - 0.5)) / 0.5));\n    out->z = 0.0f;\n    return stance;\n}\n\n` +
    `/* The foot drawn at its toe (x, y): toe, heel, ankle, back to the toe, then a gap. */\n` +
    `static void footprint(const char *label, double x, double y)\n{\n` +
    `    static const double shape[4][2] = { ${FOOT_SHAPE.map(([x, y]) => `{ ${x}, ${y} }`).join(', ')} };\n    int i;\n` +
    `    for (i = 0; i < 4; i++) printf("%s %.5f %.5f\\n", label, x + shape[i][0], y + shape[i][1]);\n` +
    `    printf("%s nan nan\\n", label);\n}\n\n` +
    `int main(void)\n{\n    const float unlock_radius = ${cf(p.unlockRadius)}, halflife = ${cf(p.footHalflife)};\n` +
    `    const int rate = ${RATE};\n    const sp_vec3 zero = { 0.0f, 0.0f, 0.0f };\n    sp_vec3 input = zero;\n    sp_contact contact;\n    int k;\n` +
    `    sp_contact_reset(&contact, &input, &zero, foot_at(0, &input));\n` +
    `    for (k = 0; k <= ${FOOT_SECONDS} * rate; k++) {\n        const double t = (double)k / rate;\n        const int in_contact = foot_at(t, &input);\n` +
    `        if (k > 0) sp_contact_update(&contact, &input, in_contact, unlock_radius, 0.0f, halflife, 1.0f / (float)rate);\n` +
    `        ${cRow(['t', 'input.x', 'contact.position.x', '(double)in_contact'], 'time')}\n` +
    `        /* seen from the side: the toes, and the feet every 0.1 s while planted */\n` +
    `        ${cRow(['input.x', 'input.y'], 'animtoe')}\n` +
    `        ${cRow(['contact.position.x', 'contact.position.y'], 'locktoe')}\n` +
    `        if (in_contact && k % ${FOOTPRINT_EVERY} == 0) {\n` +
    `            footprint("animfoot", input.x, input.y);\n            footprint("lockfoot", contact.position.x, contact.position.y);\n        }\n` +
    `    }\n    return 0;\n}\n`;
  return {
    id: 'foot',
    title: 'foot locking',
    ...js,
    c,
    compare: [
      { plot: 1, series: 0, cols: [0, 1], rows: 'time' },
      { plot: 1, series: 1, cols: [0, 2], rows: 'time' },
      { plot: 3, series: 0, cols: [0, 1], rows: 'animtoe' },
      { plot: 3, series: 1, cols: [0, 1], rows: 'locktoe' },
      { plot: 3, series: 2, cols: [0, 1], rows: 'animfoot' },
      { plot: 3, series: 3, cols: [0, 1], rows: 'lockfoot' },
    ],
  };
}

/** The plots of the distributions in window.playground.data(): the trajectories, then the histograms. */
const STRANDS_PLOT = 6;
/** The simulation object's series in each. */
const SIMULATION_SERIES = 2;

/**
 * The distributions: the simulation object driven by the panel's stick script, as one-second
 * trajectories from where each starts, and the histograms of its speed, acceleration and angular
 * speed (from its springs' state).
 * @param {any} p
 */
function distributionsProgram(p) {
  const title = `One-second trajectories and histograms of the simulation object (halflife ${jn(p.simHalflife)} s)`;
  const frames = RECORD_SECONDS * RATE;
  const [speed, accel, angular] = HISTOGRAMS;
  const js = jsAndTs((ts) => {
    return (
      jsHead(title, ts) +
      `import {\n  init,\n  desiredRotationUpdate,\n  desiredVelocityUpdate,\n  simulationPositionUpdate,\n` +
      `  simulationRotationUpdate,\n} from 'sprung';\n\nawait init();\n\n` +
      `const halflife = ${jn(p.simHalflife)}; // s, of the simulation object's velocity and rotation\n` +
      `const speeds = [${jn(p.forwardSpeed)}, ${jn(p.sideSpeed)}, ${jn(p.backSpeed)}]; // m/s forward, sideways, backward\n` +
      `const rate = ${RATE};\nconst seconds = ${RECORD_SECONDS}; // of recording\nconst deadzone = ${DEADZONE};\n` +
      `const every = ${STRAND_EVERY}; // frames between the starts of the one-second trajectories\n` +
      `const step = ${STRAND_STEP}; // frames between their points\n\n` +
      randomSource(ts ? 'ts' : 'js', STICK_SEED) +
      `\n// The stick, pushed every way: a direction, and a push of none, half or full, for 0.5 to 2 s each.\n` +
      `const script${ann(ts, '[number, number, number][]')} = [];\n` +
      `for (let t = 0; t < seconds; ) {\n  const duration = 0.5 + 1.5 * random01();\n  const angle = 2 * Math.PI * random01();\n` +
      `  const u = random01();\n  const push = u < 0.15 ? 0 : u < 0.4 ? 0.5 : 1;\n` +
      `  script.push([duration, push * Math.sin(angle), push * Math.cos(angle)]);\n  t += duration;\n}\n\n` +
      jsRow(ts, true) +
      `/** The share of \`values\` in each bin of a histogram (the last bin takes all beyond): rows label, bin start, share (and the last bin again at its end). */\n` +
      `function histogram(label${ann(ts, 'string')}, values${ann(ts, 'number[]')}, bin${ann(ts, 'number')}, bins${ann(ts, 'number')}) {\n` +
      `  const counts = new Array(bins).fill(0);\n  for (const v of values) counts[Math.min(bins - 1, Math.floor(v / bin))]++;\n` +
      `  counts.forEach((c, k) => row(label, k * bin, c / values.length));\n  row(label, bins * bin, counts[bins - 1] / values.length);\n}\n` +
      `\n// The simulation object, driven by the stick for ${RECORD_SECONDS} s: its path (x, z, heading) and, from its\n` +
      `// springs' state, its speed (m/s), acceleration (m/s²) and angular speed (°/s) at every frame.\n` +
      `const stick = { x: 0, y: 0, z: 0 };\nconst desiredVelocity = { x: 0, y: 0, z: 0 };\nconst desiredRotation = { x: 0, y: 0, z: 0, w: 1 };\n` +
      `const position = { x: 0, y: 0, z: 0 };\nconst velocity = { x: 0, y: 0, z: 0 };\nconst acceleration = { x: 0, y: 0, z: 0 };\n` +
      `const rotation = { x: 0, y: 0, z: 0, w: 1 };\nconst angularVelocity = { x: 0, y: 0, z: 0 };\n` +
      `const path${ann(ts, 'number[][]')} = [];\n` +
      `const speedValues${ann(ts, 'number[]')} = [];\nconst accelerationValues${ann(ts, 'number[]')} = [];\nconst angularValues${ann(ts, 'number[]')} = [];\n` +
      `let segment = 0;\nlet until = script[0][0];\n` +
      `for (let k = 0; k <= seconds * rate; k++) {\n  path.push([position.x, position.z, 2 * Math.atan2(rotation.y, rotation.w)]);\n` +
      `  speedValues.push(Math.hypot(velocity.x, velocity.z));\n  accelerationValues.push(Math.hypot(acceleration.x, acceleration.z));\n` +
      `  angularValues.push((Math.abs(angularVelocity.y) * 180) / Math.PI);\n  if (k === seconds * rate) break;\n` +
      `  while (k / rate >= until - 1e-9) until += script[++segment][0];\n  stick.x = script[segment][1];\n  stick.z = script[segment][2];\n` +
      `  desiredVelocityUpdate(stick, 0, rotation, speeds[0], speeds[1], speeds[2], desiredVelocity);\n` +
      `  if (Math.hypot(stick.x, stick.z) > deadzone) desiredRotationUpdate(desiredRotation, desiredVelocity, 0);\n` +
      `  simulationPositionUpdate(position, velocity, acceleration, desiredVelocity, halflife, 1 / rate);\n` +
      `  simulationRotationUpdate(rotation, angularVelocity, desiredRotation, halflife, 1 / rate);\n}\n` +
      `// Its one-second trajectories, each from where it starts, facing forward (x sideways, z forward).\n` +
      `for (let s = 0; s + rate < path.length; s += every) {\n  const [x0, z0, yaw] = path[s];\n` +
      `  for (let j = 0; j <= rate; j += step) {\n    const dx = path[s + j][0] - x0;\n    const dz = path[s + j][1] - z0;\n` +
      `    row('simstrand', Math.cos(yaw) * dx - Math.sin(yaw) * dz, Math.sin(yaw) * dx + Math.cos(yaw) * dz);\n  }\n` +
      `  console.log('simstrand NaN NaN');\n}\n` +
      `histogram('simspeed', speedValues, ${speed.bin}, ${speed.bins});\n` +
      `histogram('simacceleration', accelerationValues, ${accel.bin}, ${accel.bins});\n` +
      `histogram('simangular', angularValues, ${angular.bin}, ${angular.bins});\n`
    );
  });
  const c =
    cHead(title) +
    `#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include "sprung.h"\n\n` +
    `#define RATE ${RATE}\n#define FRAMES ${frames} /* ${RECORD_SECONDS} s of recording */\n` +
    `#define EVERY ${STRAND_EVERY} /* frames between the starts of the trajectories */\n` +
    `#define STEP ${STRAND_STEP} /* frames between their points */\n\n` +
    randomSource('c', STICK_SEED) +
    `\nstatic double script[256][3]; /* the stick: duration, x, z */\nstatic double path[FRAMES + 1][3]; /* x, z, heading */\n` +
    `static double speeds[FRAMES + 1], accelerations[FRAMES + 1], angulars[FRAMES + 1];\n\n` +
    `/* the share of values in each bin of a histogram (the last takes all beyond): rows label, bin start, share (and the last bin again at its end) */\n` +
    `static void histogram(const char *label, const double *values, int n, double bin, int bins)\n{\n    int counts[64] = { 0 }, i;\n` +
    `    for (i = 0; i < n; i++) {\n        const int k = (int)floor(values[i] / bin);\n        counts[k < bins - 1 ? k : bins - 1]++;\n    }\n` +
    `    for (i = 0; i < bins; i++) printf("%s %.5f %.5f\\n", label, i * bin, (double)counts[i] / n);\n` +
    `    printf("%s %.5f %.5f\\n", label, bins * bin, (double)counts[bins - 1] / n);\n}\n\n` +
    `int main(void)\n{\n    const float halflife = ${cf(p.simHalflife)}; /* s */\n` +
    `    const float fwrd_speed = ${cf(p.forwardSpeed)}, side_speed = ${cf(p.sideSpeed)}, back_speed = ${cf(p.backSpeed)}; /* m/s */\n` +
    `    sp_vec3 stick = { 0.0f, 0.0f, 0.0f }, desired_velocity = { 0.0f, 0.0f, 0.0f }, position = { 0.0f, 0.0f, 0.0f };\n` +
    `    sp_vec3 velocity = { 0.0f, 0.0f, 0.0f }, acceleration = { 0.0f, 0.0f, 0.0f }, angular_velocity = { 0.0f, 0.0f, 0.0f };\n` +
    `    sp_quat desired_rotation = { 0.0f, 0.0f, 0.0f, 1.0f }, rotation = { 0.0f, 0.0f, 0.0f, 1.0f };\n` +
    `    double t = 0.0, until;\n    int n = 0, segment = 0, k, s, j;\n` +
    `    /* the stick, pushed every way: a direction, and a push of none, half or full, for 0.5 to 2 s each */\n` +
    `    while (t < ${RECORD_SECONDS}) {\n` +
    `        const double duration = 0.5 + 1.5 * random01(), angle = 2 * 3.14159265358979323846 * random01(), u = random01();\n` +
    `        const double push = u < 0.15 ? 0 : u < 0.4 ? 0.5 : 1;\n` +
    `        script[n][0] = duration;\n        script[n][1] = push * sin(angle);\n` +
    `        script[n][2] = push * cos(angle);\n        n++;\n        t += duration;\n    }\n` +
    `    /* the simulation object, driven by the stick: its path, and from its springs' state its speed,\n` +
    `       acceleration and angular speed (degrees per second) */\n    until = script[0][0];\n` +
    `    for (k = 0; k <= FRAMES; k++) {\n        path[k][0] = position.x;\n        path[k][1] = position.z;\n` +
    `        path[k][2] = 2 * atan2(rotation.y, rotation.w);\n        speeds[k] = hypot(velocity.x, velocity.z);\n` +
    `        accelerations[k] = hypot(acceleration.x, acceleration.z);\n` +
    `        angulars[k] = fabs(angular_velocity.y) * 180 / 3.14159265358979323846;\n        if (k == FRAMES) break;\n` +
    `        while ((double)k / RATE >= until - 1e-9) until += script[++segment][0];\n` +
    `        stick.x = (float)script[segment][1];\n        stick.z = (float)script[segment][2];\n` +
    `        sp_desired_velocity_update(&desired_velocity, &stick, 0.0f, &rotation, fwrd_speed, side_speed, back_speed);\n` +
    `        if (hypot(stick.x, stick.z) > ${DEADZONE}) sp_desired_rotation_update(&desired_rotation, &desired_velocity, 0.0f);\n` +
    `        sp_simulation_position_update(&position, &velocity, &acceleration, &desired_velocity, halflife, 1.0f / RATE);\n` +
    `        sp_simulation_rotation_update(&rotation, &angular_velocity, &desired_rotation, halflife, 1.0f / RATE);\n    }\n` +
    `    /* its one-second trajectories, each from where it starts, facing forward (x sideways, z forward) */\n` +
    `    for (s = 0; s + RATE <= FRAMES; s += EVERY) {\n        const double c = cos(path[s][2]), sn = sin(path[s][2]);\n` +
    `        for (j = 0; j <= RATE; j += STEP) {\n            const double dx = path[s + j][0] - path[s][0], dz = path[s + j][1] - path[s][1];\n` +
    `            printf("simstrand %.5f %.5f\\n", c * dx - sn * dz, sn * dx + c * dz);\n        }\n` +
    `        printf("simstrand nan nan\\n");\n    }\n` +
    `    histogram("simspeed", speeds, FRAMES + 1, ${speed.bin}, ${speed.bins});\n` +
    `    histogram("simacceleration", accelerations, FRAMES + 1, ${accel.bin}, ${accel.bins});\n` +
    `    histogram("simangular", angulars, FRAMES + 1, ${angular.bin}, ${angular.bins});\n    return 0;\n}\n`;
  return {
    id: 'distributions',
    title: 'trajectory, speed, acceleration and angular speed distributions',
    ...js,
    c,
    compare: [
      { plot: STRANDS_PLOT, series: SIMULATION_SERIES, cols: [0, 1], rows: 'simstrand' },
      ...['simspeed', 'simacceleration', 'simangular'].map((rows, k) => ({
        plot: STRANDS_PLOT + 1 + k,
        series: SIMULATION_SERIES,
        cols: [0, 1],
        rows,
      })),
    ],
  };
}

/** The panel's programs for parameters `p`. */
export default function programs(p) {
  return [controllerProgram(p), footProgram(p), distributionsProgram(p)];
}
