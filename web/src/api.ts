/**
 * Everything sprung exports except `init` and `initSync`, which each entry (`sprung`,
 * `sprung/no-embed`) defines with its own default module.
 * @packageDocumentation
 */
export { isReady, onMemoryGrowth, wasmModule } from './wasm.js';
export type { Vec2, Vec3, Quat, InitOptions, WasmSource, ResponseLike } from './wasm.js';
export * from './gen/scalar.js';
export * from './gen/scalar_full.js';
export * from './dampers.js';
export * from './springs.js';
export * from './springs_compared.js';
export * from './vectors.js';
export * from './extrapolate.js';
export * from './easing.js';
export * from './response.js';
export * from './applications.js';
export * from './other_springs.js';
export * from './settle.js';
export { smoothTimeToHalflife, halflifeToSmoothTime } from './smooth_time.js';
export * from './quat.js';
export * from './rotations.js';
export * from './tracking.js';
export * from './character.js';
export { Obstacles, simulationCollideObstacles, simulationCollideObstaclesV2 } from './obstacles.js';
export type { ObstacleSet } from './obstacles.js'; // (obstacleArgs is the package's own)
export * from './adjustment.js';
export * from './contact.js';
export * from './batch.js';
export * from './batch_pose.js';
export * from './inertialize.js';
export * from './transition_cost.js';
export * from './batch_trajectory.js';
export { poseVelocities } from './motion_clip.js';
export type { ImportedMotion, SimulationBoneOptions } from './motion_clip.js';
export { parseBvh } from './bvh.js';
export type { BvhOptions } from './bvh.js';
export { clipFromThree } from './three_clip.js';
export type { AnimationClipLike, BoneLike, ThreeClipOptions, TrackLike } from './three_clip.js';
export { MotionDatabase, MotionSearchBatch, motionDatabaseFloats } from './motion_database.js';
export type {
  BoneRef,
  MotionBatchSearchOptions,
  MotionClip,
  MotionData,
  MotionDatabaseOptions,
  MotionFeature,
  MotionRange,
  MotionSearchOptions,
  MotionSearchResult,
  MotionSkeleton,
} from './motion_database.js';
export { Skeleton } from './skeleton.js';
export { MotionController, MotionCrowd } from './motion_controller.js';
export type {
  MotionControllerOptions,
  MotionControllerSettings,
  MotionInput,
  MotionSearchReport,
} from './motion_controller.js';
