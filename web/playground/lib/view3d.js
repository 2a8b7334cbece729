// 3D drawn on a 2-D canvas, without WebGL or three.js: a perspective camera, a ground grid that
// fades with distance, bodies made of capsules (a capsule seen from anywhere is a stroke with
// round ends as wide as it, shaded as a tube), convex solids by their faces, and marks on the
// ground. A few dozen shapes a frame cost well under a millisecond, so a view drawn this way
// needs no 3D library: the mocap playback of the character panel, the quaternion spring's
// rotating object, and the still of a 3D panel's figure that an embed shows before the reader
// asks for the live view (three.js and the library not loaded yet). Y is up, metres.

/**
 * @typedef {object} Camera
 * @property {(x: number, y: number, z: number, out: Float64Array) => boolean} project
 *   writes the screen point (CSS px) and the depth along the view (m) of (x, y, z) into out[0..3);
 *   false when the point is behind the near plane
 * @property {number} focal   pixels per metre at a depth of 1 m
 * @property {number} width
 * @property {number} height
 * @property {number[]} eye
 * @property {number[]} forward  unit vector along the view
 * @property {number} near
 */

/**
 * A perspective camera at `eye` looking at `target` (Y up) with a vertical field of view of
 * `fov` degrees, for a view of `width` × `height` CSS px.
 * @param {{ eye: number[], target: number[], fov: number, width: number, height: number, near?: number }} spec
 * @returns {Camera}
 */
export function camera({ eye, target, fov, width, height, near = 0.05 }) {
  let fx = target[0] - eye[0];
  let fy = target[1] - eye[1];
  let fz = target[2] - eye[2];
  const fl = Math.hypot(fx, fy, fz) || 1;
  fx /= fl;
  fy /= fl;
  fz /= fl;
  // right = forward × up, up' = right × forward
  let rx = -fz;
  let rz = fx;
  const rl = Math.hypot(rx, rz) || 1;
  rx /= rl;
  rz /= rl;
  const ux = -rz * fy;
  const uy = rz * fx - rx * fz;
  const uz = rx * fy;
  const focal = height / 2 / Math.tan((fov * Math.PI) / 360);
  const [ex, ey, ez] = eye;
  return {
    project(x, y, z, out) {
      const dx = x - ex;
      const dy = y - ey;
      const dz = z - ez;
      const depth = dx * fx + dy * fy + dz * fz;
      out[0] = width / 2 + ((dx * rx + dz * rz) * focal) / depth;
      out[1] = height / 2 - ((dx * ux + dy * uy + dz * uz) * focal) / depth;
      out[2] = depth;
      return depth > near;
    },
    focal,
    width,
    height,
    eye,
    forward: [fx, fy, fz],
    near,
  };
}

/**
 * An RGB colour [r, g, b] (0–255) of a CSS hex colour (#rgb or #rrggbb).
 * @param {string} hex
 */
export function rgb(hex) {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const n = parseInt(h.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * `c` scaled by `shade`, then mixed toward `fog` by `f` (0 none, 1 all fog), as a CSS colour.
 * @param {number[]} c
 * @param {number} shade
 * @param {number[]} [fog]
 * @param {number} [f]
 */
export function tint(c, shade, fog = c, f = 0) {
  const ch = (k) => Math.round(Math.min(255, c[k] * shade) * (1 - f) + fog[k] * f);
  return `rgb(${ch(0)} ${ch(1)} ${ch(2)})`;
}

const a = new Float64Array(3);
const b = new Float64Array(3);

/**
 * The segment (x0, y0, z0)–(x1, y1, z1) projected, cut at the camera's near plane: writes the
 * screen ends into a and b; false when it is wholly behind.
 */
function segment(cam, x0, y0, z0, x1, y1, z1) {
  const [fx, fy, fz] = cam.forward;
  const [ex, ey, ez] = cam.eye;
  const d0 = (x0 - ex) * fx + (y0 - ey) * fy + (z0 - ez) * fz;
  const d1 = (x1 - ex) * fx + (y1 - ey) * fy + (z1 - ez) * fz;
  const near = cam.near + 1e-3;
  if (d0 < near && d1 < near) return false;
  if (d0 < near) {
    const u = (near - d0) / (d1 - d0);
    x0 += (x1 - x0) * u;
    y0 += (y1 - y0) * u;
    z0 += (z1 - z0) * u;
  } else if (d1 < near) {
    const u = (near - d1) / (d0 - d1);
    x1 += (x0 - x1) * u;
    y1 += (y0 - y1) * u;
    z1 += (z0 - z1) * u;
  }
  cam.project(x0, y0, z0, a);
  cam.project(x1, y1, z1, b);
  return true;
}

/**
 * @typedef {object} GroundStyle
 * @property {string} ground   the ground's colour (#rrggbb)
 * @property {string} line     the 1 m lines'
 * @property {string} major    the 5 m lines'
 * @property {string} background  what the ground fades into far away (#rrggbb)
 */

/**
 * Clears the view to the background and draws a ground of lines every metre (every fifth one
 * stronger) within `reach` metres of (cx, cz), fading into the background from `fade[0]` to
 * `fade[1]` metres from the camera.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Camera} cam
 * @param {GroundStyle} style
 * @param {{ cx: number, cz: number, reach: number, fade: [number, number] }} where
 */
export function drawGround(ctx, cam, style, { cx, cz, reach, fade }) {
  const bg = rgb(style.background);
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, cam.width, cam.height);
  // the ground plane: the horizon and everything under it in the ground's colour, faded
  const [fx, , fz] = cam.forward;
  const len = Math.hypot(fx, fz) || 1;
  const far = fade[1];
  const horizon = new Float64Array(3);
  cam.project(cam.eye[0] + (fx / len) * far, 0, cam.eye[2] + (fz / len) * far, horizon);
  const top = Math.max(0, Math.min(cam.height, horizon[1]));
  const gradient = ctx.createLinearGradient(0, top, 0, cam.height);
  gradient.addColorStop(0, style.background);
  gradient.addColorStop(Math.min(1, 0.35), style.ground);
  gradient.addColorStop(1, style.ground);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, top, cam.width, cam.height - top);
  const x0 = Math.floor(cx - reach);
  const z0 = Math.floor(cz - reach);
  const lines = [rgb(style.line), rgb(style.major)];
  // each line in pieces of 1 m, each faded by its distance: pieces of like fade in one path
  const LEVELS = 8;
  const paths = [0, 1].map(() => Array.from({ length: LEVELS }, () => /** @type {number[]} */ ([])));
  for (let k = 0; k <= 2 * reach + 1; k++) {
    for (const along of [0, 1]) {
      const g = along ? x0 + k : z0 + k;
      const major = g % 5 === 0 ? 1 : 0;
      for (let s = -reach; s < reach; s++) {
        const u0 = Math.floor(along ? cz : cx) + s;
        const [p0, q0] = along ? [g, u0] : [u0, g];
        const [p1, q1] = along ? [g, u0 + 1] : [u0 + 1, g];
        const d = Math.hypot((p0 + p1) / 2 - cam.eye[0], cam.eye[1], (q0 + q1) / 2 - cam.eye[2]);
        const f = (d - fade[0]) / (fade[1] - fade[0]);
        if (f >= 1 || !segment(cam, p0, 0, q0, p1, 0, q1)) continue;
        paths[major][Math.max(0, Math.floor(f * LEVELS))].push(a[0], a[1], b[0], b[1]);
      }
    }
  }
  ctx.lineWidth = 1;
  paths.forEach((levels, major) =>
    levels.forEach((xy, level) => {
      if (!xy.length) return;
      ctx.strokeStyle = tint(lines[major], 1, bg, (level + 0.5) / LEVELS);
      ctx.beginPath();
      for (let k = 0; k < xy.length; k += 4) {
        ctx.moveTo(xy[k], xy[k + 1]);
        ctx.lineTo(xy[k + 2], xy[k + 3]);
      }
      ctx.stroke();
    }),
  );
}

/**
 * A soft shadow on the ground: a disc of `radius` metres at (x, z), `strength` dark (0–1).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Camera} cam
 * @param {number} x
 * @param {number} z
 * @param {number} radius
 * @param {number} strength
 */
export function drawShadow(ctx, cam, x, z, radius, strength) {
  const p = new Float64Array(3);
  ctx.save();
  ctx.fillStyle = `rgb(0 0 0 / ${strength})`;
  ctx.filter = 'blur(3px)';
  ctx.beginPath();
  for (let k = 0; k <= 24; k++) {
    const t = (k / 24) * 2 * Math.PI;
    if (!cam.project(x + radius * Math.cos(t), 0, z + radius * Math.sin(t), p)) {
      ctx.restore();
      return;
    }
    if (k) ctx.lineTo(p[0], p[1]);
    else ctx.moveTo(p[0], p[1]);
  }
  ctx.fill();
  ctx.restore();
}

/**
 * Capsules: per capsule, its two ends (world, m) at 6·i (x0, y0, z0, x1, y1, z1), its radius at
 * radius[i] and its colour index at color[i] (into the colours passed to drawCapsules).
 * @typedef {{ ends: Float64Array, radius: Float64Array, color: Uint8Array, count: number }} Capsules
 */

/**
 * Room for `n` capsules.
 * @param {number} n
 * @returns {Capsules}
 */
export function capsules(n) {
  return { ends: new Float64Array(6 * n), radius: new Float64Array(n), color: new Uint8Array(n), count: 0 };
}

const order = [];
const depths = new Float64Array(256);

/**
 * Draws capsules `c` far to near, each as a tube: a stroke as wide as it, in its colour
 * (`colors[c.color[i]]`, RGB), darker at its rim, lighter toward the light (above), and fading
 * into `fog` (RGB) from `fade[0]` to `fade[1]` metres.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Camera} cam
 * @param {Capsules} c
 * @param {number[][]} colors
 * @param {number[]} fog
 * @param {[number, number]} fade
 */
export function drawCapsules(ctx, cam, c, colors, fog, fade) {
  const [fx, fy, fz] = cam.forward;
  const [ex, ey, ez] = cam.eye;
  order.length = 0;
  for (let i = 0; i < c.count && i < depths.length; i++) {
    const e = c.ends;
    const mx = (e[6 * i] + e[6 * i + 3]) / 2 - ex;
    const my = (e[6 * i + 1] + e[6 * i + 4]) / 2 - ey;
    const mz = (e[6 * i + 2] + e[6 * i + 5]) / 2 - ez;
    depths[i] = mx * fx + my * fy + mz * fz;
    order.push(i);
  }
  order.sort((i, j) => depths[j] - depths[i]);
  ctx.lineCap = 'round';
  for (const i of order) {
    const e = c.ends;
    if (!segment(cam, e[6 * i], e[6 * i + 1], e[6 * i + 2], e[6 * i + 3], e[6 * i + 4], e[6 * i + 5]))
      continue;
    const width = (2 * c.radius[i] * cam.focal) / Math.max(cam.near, (a[2] + b[2]) / 2);
    const f = Math.min(1, Math.max(0, (depths[i] - fade[0]) / (fade[1] - fade[0])));
    const col = colors[c.color[i]];
    ctx.lineWidth = width;
    ctx.strokeStyle = tint(col, 0.72, fog, f);
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
    // the lit side: a narrower stroke moved toward the light
    const lift = width * 0.12;
    ctx.lineWidth = width * 0.62;
    ctx.strokeStyle = tint(col, 1.08, fog, f);
    ctx.beginPath();
    ctx.moveTo(a[0] - lift * 0.5, a[1] - lift);
    ctx.lineTo(b[0] - lift * 0.5, b[1] - lift);
    ctx.stroke();
  }
}

/**
 * Draws a convex solid: its faces (lists of vertex indices, counter-clockwise seen from
 * outside) of vertices `vertices` (x, y, z per vertex, world), the faces turned away from the
 * camera left out, each filled with `fill(face index, light)` (light: 0–1, how squarely the
 * face meets a light from above and behind the camera) and outlined in `edge`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Camera} cam
 * @param {ArrayLike<number>} vertices
 * @param {number[][]} faces
 * @param {(face: number, light: number) => string} fill
 * @param {string} edge
 */
export function drawSolid(ctx, cam, vertices, faces, fill, edge) {
  const screen = new Float64Array((vertices.length / 3) * 3);
  const p = new Float64Array(3);
  for (let v = 0; v < vertices.length / 3; v++) {
    cam.project(vertices[3 * v], vertices[3 * v + 1], vertices[3 * v + 2], p);
    screen.set(p, 3 * v);
  }
  const [ex, ey, ez] = cam.eye;
  // the light: from above, a little from the camera's side
  const lx = 0.3 - 0.2 * cam.forward[0];
  const ly = 0.85;
  const lz = 0.3 - 0.2 * cam.forward[2];
  const ll = Math.hypot(lx, ly, lz);
  ctx.lineJoin = 'round';
  faces.forEach((face, k) => {
    const [i, j, l] = face;
    const ux = vertices[3 * j] - vertices[3 * i];
    const uy = vertices[3 * j + 1] - vertices[3 * i + 1];
    const uz = vertices[3 * j + 2] - vertices[3 * i + 2];
    const vx = vertices[3 * l] - vertices[3 * i];
    const vy = vertices[3 * l + 1] - vertices[3 * i + 1];
    const vz = vertices[3 * l + 2] - vertices[3 * i + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const toEye =
      (ex - vertices[3 * i]) * nx + (ey - vertices[3 * i + 1]) * ny + (ez - vertices[3 * i + 2]) * nz;
    if (toEye <= 0) return;
    const nl = Math.hypot(nx, ny, nz) || 1;
    const light = Math.max(0, (nx * lx + ny * ly + nz * lz) / (nl * ll));
    ctx.beginPath();
    face.forEach((v, n) =>
      n ? ctx.lineTo(screen[3 * v], screen[3 * v + 1]) : ctx.moveTo(screen[3 * v], screen[3 * v + 1]),
    );
    ctx.closePath();
    ctx.fillStyle = fill(k, light);
    ctx.fill();
    ctx.strokeStyle = edge;
    ctx.lineWidth = 1;
    ctx.stroke();
  });
}

/**
 * Strokes the polyline through world points `points` (x, y, z each), cut at the near plane.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Camera} cam
 * @param {ArrayLike<number>} points
 */
export function strokePath(ctx, cam, points) {
  ctx.beginPath();
  for (let k = 3; k < points.length; k += 3) {
    const p = points;
    if (!segment(cam, p[k - 3], p[k - 2], p[k - 1], p[k], p[k + 1], p[k + 2])) continue;
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
  }
  ctx.stroke();
}
