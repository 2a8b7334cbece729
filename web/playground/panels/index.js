// The panels, in the order of the navigation. One file per panel.
import dampers from './dampers.js';
import spring from './spring.js';

export const PANELS = [dampers, spring];
