// The playground's panels, in the order of the navigation. One file per panel, each loaded on
// demand (a dynamic import), so that an embedded panel fetches only its own code.
//
// THE PANEL CONTRACT
// ==================
// Registering a panel: add `{ name, title, uses?, still?, load, code? }` to PANELS below.
//   name    the URL key (`?panel=NAME`) and the prefix of its element ids (`#panel-NAME`,
//           `#NAME-<param>` for controls, `#NAME-code` for the code box)
//   title   the heading and the navigation label
//   uses?   the figure makers the panel calls beyond ui.plot and ui.canvas: 'stage' (ui.stage),
//           'heatmap' (ui.heatmap), 'handles' (plot.handle); loaded beside the panel, so an embed of
//           another panel never fetches them
//   load    `() => import('./file.js')`: the module's default export is the panel
//   still?  `() => import('../DIR/still.js')`: for a panel heavy to load (a 3D view), a still of its
//           first figure, which an embed (`&embed=1`, without `&figure=` or with `&figure=0`) shows
//           until the reader asks for the live panel: the figure comes into view in the reader's
//           window (an iframe below the fold stays a still until the article is scrolled to it) or
//           is clicked (lib/still.js). The module's default export is `{ caption, cls?, layout?,
//           draw(canvas, search) }`: the live figure's caption and classes, the panel's layout
//           class (so that the still has the live figure's size: import the panel's CSS in the
//           module), and `draw`, which draws a real picture of the figure into `canvas` (sized by
//           CSS: lib/canvas.js fitCanvas) for the URL's parameters `search` (lib/url-state.js
//           readParams) in the theme of lib/theme.js — its first frame, on a 2-D canvas
//           (lib/view3d.js draws grounds, capsules and solids). It must import neither 'sprung',
//           Chart.js nor three.js: the embed's bytes before the reader asks are held to 150 KB
//           (tests/e2e/embeds.test.mjs). pose3d/still.js is an example.
//   code?   `() => import('../code/file.js')`: its "Copy as code" programs, in a module of their own
//           (loaded only beside the full view, never by an embed). The module's default export is
//           `programs(p, shown) → Program[]`: a list of complete programs, one per topic of the
//           panel, `{ id, title, js, ts, c, compare, facts? }` built with lib/program.js (the
//           Program type is in lib/copy-code.js), for parameters `p` and `shown` = `live.shown()`
//           (below). Each must run as copied (JS in Node, TS under `tsc --strict`, C under
//           `-std=c99 -Wall -Wextra -pedantic`) and print every series the panel plots: `compare`
//           maps printed columns to plotted series, `facts` names values printed as `# name value`
//           (tests/e2e/copy_code.mjs runs them all, and requires `code` of every registered panel).
//           A code module may import the scenario's constants from its panel's module, never the reverse.
// tests/e2e/harness.mjs imports this list: a panel registered here is tested by every e2e file.

// The panel (default export of its module):
//   blurb    HTML paragraph under the title (the panel's own text, not user input)
//   params   `{ key: spec }`, the controls in order (schema at the top of lib/controls.js). Each
//            key lives in the URL as `?key=value` and is validated against its spec when read.
//   layout?  a class added to the figure grid, for panel-specific CSS
//   mount(ui) → live   builds the figures once and returns the live panel (below)
// A panel imports what it uses from 'sprung' (the public API, as users get it); the shell has
// awaited `init()` before calling mount. `tsc -p web/playground` type-checks every panel against
// the package's declarations, so a call the package no longer supports fails the build.
//
// ui (made for each panel by main.js):
//   ui.plot(caption, options) → plot   a Chart.js line chart in a new figure (lib/chart.js: both axes
//                                      titled; reset/add/commit; plot.handle(spec) adds a handle
//                                      dragged on it with a mouse, a finger or the keyboard). A series
//                                      "Copy as code" does not print says why in `guide`.
//   ui.heatmap(caption, options) → map a Chart.js heatmap in a new figure (lib/heatmap.js: axes and
//                                      a colour scale; map.draw(values, ...), map.mark(point))
//   ui.canvas(caption, options) → { fig, box, canvas, summary(text) }   a bare canvas figure, for a
//                                      live view that is no plot (a top-down or a 3D view)
//   ui.stage(spec) → stage              the animated view beside the first figure (lib/stage.js)
//   ui.actions(label, buttons)          a row of buttons under the controls (presets)
//   ui.readout(label) → set(text)       a labelled read-out below the controls
//   ui.near(figures, load) → promise    runs `load()` (a dynamic import of the code of figures below
//                                      the first ones) at once, or in an embed once one of `figures`
//                                      comes into view: an embed's first bytes stay its first figures'
//   ui.set({ key: value })              changes parameters from inside the panel, as a control would
//   ui.snap(key, value) → value         a slider's value as its control would hold it (range, step)
//   ui.request()                        asks for a full redraw
//   ui.embed                            true when the panel is shown alone (`&embed=1`)
// The first figure a panel creates is its hero: first in an embed, pinned beside the stage.
// Every figure takes a short text summary (`plot.summary(text)`): what it shows, the key numbers.
//
// live (returned by mount):
//   draw(p, changed)     redraws for parameters `p`; `changed` is the Set of keys changed since the
//                        last draw, or null when everything must be drawn. At most once a frame.
//   shown?() → object    what the code module needs beyond the parameters: read-outs the programs
//                        print as facts (unrounded), the poses of a switch...
//   loaded?              a promise of data the panel loads at once (not in an embed): the page
//                        reports ready when it settles (the character panel's lower figures,
//                        the motion panel's first database)
//   show?(), hide?()     the panel became visible / hidden (start or stop its own animations)
//   inspect?() → object  state for the end-to-end tests (`window.playground.inspect()`)

export const PANELS = [
  {
    name: 'dampers',
    title: '1 · Dampers',
    uses: ['stage'],
    load: () => import('./dampers.js'),
    code: () => import('../code/dampers.js'),
  },
  {
    name: 'spring',
    title: '2 · Spring damper',
    uses: ['stage', 'handles'],
    load: () => import('./spring.js'),
    code: () => import('../code/spring.js'),
  },
  {
    name: 'applications',
    title: '3 · Applications',
    uses: ['stage'],
    load: () => import('./applications.js'),
    code: () => import('../code/applications.js'),
  },
  {
    name: 'others',
    title: '4 · Other springs',
    uses: ['stage'],
    load: () => import('./others.js'),
    code: () => import('../code/others.js'),
  },
  {
    name: 'inertialization',
    title: '5 · Inertialization',
    uses: ['stage'],
    load: () => import('./inertialization.js'),
    code: () => import('../code/inertialization.js'),
  },
  {
    name: 'landscapes',
    title: '6 · Cost landscapes',
    uses: ['heatmap'],
    load: () => import('./landscapes.js'),
    code: () => import('../code/landscapes.js'),
  },
  {
    name: 'tracking',
    title: '7 · Tracking',
    uses: ['stage'],
    load: () => import('./tracking.js'),
    code: () => import('../code/tracking.js'),
  },
  {
    name: 'character',
    title: '8 · Trajectory prediction & character control',
    load: () => import('./character.js'),
    code: () => import('../code/character.js'),
  },
  {
    name: 'pose3d',
    title: '9 · Pose in 3D',
    still: () => import('../pose3d/still.js'),
    load: () => import('./pose3d.js'),
    code: () => import('../code/pose3d.js'),
  },
  {
    name: 'motion',
    title: '10 · Motion matching',
    still: () => import('../motion/still.js'),
    load: () => import('./motion.js'),
    code: () => import('../code/motion.js'),
  },
];
