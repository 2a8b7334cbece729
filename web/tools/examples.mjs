// examples.mjs — the @example of the generated wrappers that have one, by wrapper name: the code a
// reader copies first (web/tools/api.mjs puts it in the wrapper’s TSDoc).
export const EXAMPLES = {
  adjustCharacterPosition: `adjustCharacterPosition(character.position, simulationPosition, 0.1, dt, character.position);`,
  adjustCharacterPositionV2: `adjustCharacterPositionV2(hero.position, simulationPosition, 0.1, dt, hero.position); // a Pixi Point`,
  springCharacterUpdate: `const player = { x: 0, v: 0, a: 0 };
springCharacterUpdate(player, input * maxSpeed, 0.2, dt);`,
  desiredRotationUpdateStrafe: `if (strafing) desiredRotationUpdateStrafe(rightStick, cameraAzimuth, 0.2, desiredRotation);
else desiredRotationUpdate(desiredRotation, desiredVelocity, 0.2);`,
  simulationPositionUpdateV2: `const desired = { x: stickX * 200, y: stickY * 200 }; // px/s
simulationPositionUpdateV2(hero.position, velocity, acceleration, desired, 0.2, dt);`,
  damperExact: `// every frame: the camera covers half its distance to the target every 0.1 s
camera.position.x = damperExact(camera.position.x, target.x, 0.1, dt);`,
  cubicEasingUpdate: `const panel = { x: 0, v: 0, t: 0 };
// on click: panel.t = 0 (and a new goal); every frame:
cubicEasingUpdate(panel, 300, 0.4, dt); // there in 0.4 s, at rest`,
  inertialEasingUpdate: `const knob = { x: 0, v: 0 };
inertialEasingUpdate(knob, pointerX, 4000, dt); // follows, never faster than 4000 px/s²`,
  extrapolate: `const ball = { x: 0, v: 5 };
extrapolate(ball, 0.3, dt); // coasts to a stop 5·0.3/ln2 ≈ 2.16 further on`,
  extrapolateV3: `extrapolateV3(ball.position, ballVelocity, 0.5, dt); // the ball coasts on, slowing down`,
  inertializeUpdate: `const offset = { x: 0, v: 0 }, out = { x: 0, v: 0 };
inertializeTransition(offset, oldX, oldV, newX, newV); // when the animation switches
inertializeUpdate(out, offset, newX, newV, 0.1, dt); // every frame: out is continuous`,
  inertializeUpdateV3: `inertializeTransitionV3(offX, offV, oldPos, oldVel, newPos, newVel); // when the animation switches
inertializeUpdateV3(bone.position, boneVelocity, offX, offV, newPos, newVel, 0.1, dt); // every frame`,
  inertializeUpdateV2: `inertializeTransitionV2(offX, offV, oldPos, oldVel, newPos, newVel); // when the path switches
inertializeUpdateV2(sprite.position, spriteVelocity, offX, offV, newPos, newVel, 0.1, dt); // every frame`,
  quatMul: `quatMul(parentRotation, localRotation, mesh.quaternion); // a THREE.Quaternion comes back`,
  quatMulVec3: `const forward = quatMulVec3(character.quaternion, { x: 0, y: 0, z: 1 }, new THREE.Vector3());`,
  simpleSpringDamperExactQuat: `simpleSpringDamperExactQuat(head.quaternion, headAngularVelocity, lookAt, 0.1, dt);`,
  settlingTimeOvershootToSpring: `const { frequency, halflife } = settlingTimeOvershootToSpring(0.3, 0.05, 0.02);
springDamperExact(state, goal, 0, frequency, halflife, dt); // within 2 % after 0.3 s, 5 % overshoot`,
  riseTimeOvershootToSpring: `const snappy = riseTimeOvershootToSpring(0.08, 0.1); // up in 80 ms, 10 % overshoot`,
  springToDurationBounce: `const { duration, bounce } = springToDurationBounce(2, 0.3); // for a SwiftUI-style UI`,
  quatSlerpShortest: `quatSlerpShortest(from, to, 0.25, mesh.quaternion); // a quarter of the way, the short way round`,
  quatFromAngleAxis: `quatFromAngleAxis(Math.PI / 2, { x: 0, y: 1, z: 0 }, mesh.quaternion); // a quarter turn about +Y`,
  damperExactQuat: `damperExactQuat(turret.quaternion, aim, 0.1, dt); // a THREE.Quaternion comes back`,
  durationBounceToSpring: `const { frequency, halflife } = durationBounceToSpring(0.5, 0.3);
springDamperExact(state, goal, 0, frequency, halflife, dt);`,
  springDamperExact: `const s = { x: 0, v: 0 };
springDamperExact(s, 1, 0, 2, 0.3, dt); // bouncy: 2 Hz, damping halflife 0.3 s`,
  criticalSpringDamperExact: `const s = { x: 0, v: 0 };
criticalSpringDamperExact(s, target.x, targetVelocity.x, 0.2, dt); // follows a moving target`,
  simpleSpringDamperExact: `const camera = { x: 0, v: 0 };
simpleSpringDamperExact(camera, targetX, 0.15, dt); // halflife 0.15 s, any frame rate`,
  damperExactV2: `damperExactV2(sprite.position, pointer, 0.1, dt); // a Pixi Point follows the pointer`,
  damperExactV3: `damperExactV3(camera.position, target, 0.15, dt); // a THREE.Vector3 comes back`,
  criticalSpringDamperExactV2: `criticalSpringDamperExactV2(ship.position, shipVelocity, target, targetVelocity, 0.2, dt);`,
  criticalSpringDamperExactV3: `criticalSpringDamperExactV3(camera.position, cameraVelocity, player.position, playerVelocity, 0.2, dt);`,
  simpleSpringDamperExactV2: `const velocity = { x: 0, y: 0 };
simpleSpringDamperExactV2(sprite.position, velocity, pointer, 0.15, dt); // every frame`,
  simpleSpringDamperExactV3: `const velocity = new THREE.Vector3();
simpleSpringDamperExactV3(mesh.position, velocity, target, 0.15, dt); // every frame`,
  springDamperExactV2: `springDamperExactV2(button.scale, scaleVelocity, { x: 1, y: 1 }, { x: 0, y: 0 }, 3, 0.3, dt); // wobbles`,
  springDamperExactV3: `springDamperExactV3(mesh.scale, scaleVelocity, one, zero, 3, 0.3, dt); // wobbles`,
};
