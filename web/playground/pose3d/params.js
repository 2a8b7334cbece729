// The 3D pose panel's parameters (its controls, kept in the URL) and the switch's time window, in a
// module of their own: the panel (panels/pose3d.js), its scenario (scenario.js) and its still
// (still.js, which an embed draws before the live panel loads) read the same ones.
import { CLIP_NAMES } from './clips.js';

/** The switch is played from t = −LEAD to HOLD seconds (t = 0 at the switch), at RATE frames a second. */
export const LEAD = 0.4;
export const HOLD = 1.6;
export const RATE = 60;

/** The joints whose flexion the angle plot can show: [bone, name]. */
export const JOINTS = [
  ['LeftUpLeg', 'left hip'],
  ['LeftLeg', 'left knee'],
  ['LeftFoot', 'left ankle'],
  ['Spine', 'spine'],
  ['LeftArm', 'left shoulder'],
  ['LeftForeArm', 'left elbow'],
  ['Head', 'head'],
];
const CLIP_OPTIONS = CLIP_NAMES.map((name) => [name, name]);

/** The panel's parameters (schema: lib/controls.js). */
export const PARAMS = {
  view: {
    label: 'view',
    options: [
      ['compare', 'one switch, four ways'],
      ['crowd', 'crowd'],
    ],
    value: 'compare',
  },
  from: { group: 'The switch', label: 'from clip', options: CLIP_OPTIONS, value: 'walk' },
  to: { label: 'to clip', options: CLIP_OPTIONS, value: 'run' },
  at: { label: 'switch at phase of the from clip', min: 0, max: 0.99, step: 0.01, value: 0.3 },
  sync: { label: 'start the new clip at the same phase', check: true, value: true },
  halflife: {
    group: 'Blends',
    label: 'spring halflife',
    min: 0.02,
    max: 0.5,
    step: 0.01,
    value: 0.1,
    unit: 's',
  },
  blendtime: {
    label: 'blend time (cubic, dead blending)',
    min: 0.05,
    max: 1,
    step: 0.05,
    value: 0.3,
    unit: 's',
  },
  extrapolation: {
    label: 'dead blending velocity halflife',
    min: 0.02,
    max: 1,
    step: 0.01,
    value: 0.2,
    unit: 's',
  },
  joint: { group: 'View', label: 'joint plotted', options: JOINTS, value: 'LeftForeArm' },
  camera: {
    label: 'camera',
    options: [
      ['side', 'beside each character'],
      ['shoulder', 'over the shoulder: no feet, no foot sliding'],
    ],
    value: 'side',
    show: (p) => p.view === 'compare',
  },
  speed: { label: 'playback speed', min: 0.1, max: 1, step: 0.05, value: 1, unit: '×' },
  loop: { label: 'replay the switch', check: true, value: true, show: (p) => p.view === 'compare' },
  crowd: {
    label: 'characters',
    min: 50,
    max: 1000,
    step: 50,
    value: 200,
    show: (p) => p.view === 'crowd',
  },
};
