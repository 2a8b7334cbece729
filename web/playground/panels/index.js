// The panels, in the order of the navigation. One file per panel.
import dampers from './dampers.js';
import spring from './spring.js';
import applications from './applications.js';
import others from './others.js';
import inertialization from './inertialization.js';
import landscapes from './landscapes.js';
import tracking from './tracking.js';
import character from './character.js';
import pose3d from './pose3d.js';

export const PANELS = [
  dampers,
  spring,
  applications,
  others,
  inertialization,
  landscapes,
  tracking,
  character,
  pose3d,
];
