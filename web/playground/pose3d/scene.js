// The 3D views of the pose panel, on three.js: a renderer shared by both modes, the ground,
// and the side-by-side view of one switch (four characters, one per blend, each in its
// own viewport with a camera following it). Loaded on demand, with three.js.
import {
  Color,
  DirectionalLight,
  DynamicDrawUsage,
  Fog,
  HemisphereLight,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { damperExact } from 'sprung';
import { BONE_COUNT, bone, forwardKinematics } from './skeleton.js';
import { qrot } from './math.js';
import { bodyGeometry } from './body.js';
import { FOG, FOV, PALETTES, laneCamera, layout } from './lanes.js';

export { PALETTES };

const HIPS = bone('Hips');

/**
 * A WebGL renderer on `canvas`, or null when the browser has no WebGL 2 (then the panel
 * shows its plots only). Multisampling is off: it costs a software renderer (SwiftShader)
 * a third of its frame rate, and the ground's grid is antialiased by its shader.
 */
export function createRenderer(canvas) {
  const gl = canvas.getContext('webgl2', {
    antialias: false,
    alpha: false,
    powerPreference: 'high-performance',
  });
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  const software = /swiftshader|llvmpipe|software/i.test(name);
  const renderer = new WebGLRenderer({ canvas, context: gl, antialias: false });
  renderer.setPixelRatio(Math.min(devicePixelRatio || 1, 2));
  renderer.setScissorTest(true);
  return { renderer, software, name, resolution: new Resolution(renderer, software) };
}

/**
 * Dynamic resolution for software renderers, as games do: after a run of late frames
 * (over 22 ms apart) the view renders at 1/8 fewer pixels per side, down to half; after a
 * long run of punctual ones it tries one step finer again (waiting longer after each drop,
 * so it does not oscillate). A paused view renders at full resolution.
 */
export class Resolution {
  constructor(renderer, software) {
    this.renderer = renderer;
    this.enabled = software;
    this.full = renderer.getPixelRatio();
    this.scale = 1;
    this.late = 0;
    this.punctual = 0;
    this.drops = 0;
  }

  /** After a frame `ms` after the previous one; `paused`: nothing moves. */
  frame(ms, paused) {
    if (!this.enabled) return;
    if (!paused) {
      if (ms > 22) {
        this.punctual = 0;
        if (++this.late >= 6 && this.scale > 0.5) {
          this.scale -= 0.125;
          this.late = 0;
          this.drops++;
        }
      } else {
        this.late = Math.max(0, this.late - 1);
        if (ms < 18.5 && ++this.punctual >= 120 * (1 + this.drops) && this.scale < 1) {
          this.scale += 0.125;
          this.punctual = 0;
        }
      }
    }
    const ratio = this.full * (paused ? 1 : this.scale);
    if (this.renderer.getPixelRatio() !== ratio) this.renderer.setPixelRatio(ratio);
  }
}

const size = new Vector2();

/** Resizes the renderer to its canvas's CSS size; returns [width, height] in CSS pixels. */
export function fit(renderer) {
  const canvas = renderer.domElement;
  const w = Math.max(1, canvas.clientWidth);
  const h = Math.max(1, canvas.clientHeight);
  renderer.getSize(size);
  if (size.x !== w || size.y !== h) renderer.setSize(w, h, false);
  return [w, h];
}

/** The ground's shader: a 1 m grid (5 m lines darker) drawn per pixel, fading into the background with distance. */
const GROUND_VERTEX = `
varying vec3 vWorld;
void main() {
  vec4 world = modelMatrix * vec4(position, 1.0);
  vWorld = world.xyz;
  gl_Position = projectionMatrix * viewMatrix * world;
}`;
const GROUND_FRAGMENT = `
uniform vec3 ground;
uniform vec3 minor;
uniform vec3 major;
uniform vec3 background;
uniform vec2 fade;
uniform vec3 shadow; // x, z of the character's hips, and the shadow's darkness
varying vec3 vWorld;
float lines(vec2 p, vec2 w, float width) {
  vec2 d = abs(fract(p - 0.5) - 0.5) / w;
  // fade lines out where the cells shrink under 8 pixels (no moiré far away)
  float fade = clamp(1.5 - 12.0 * max(w.x, w.y), 0.0, 1.0);
  return fade * (1.0 - min(min(d.x, d.y) / width, 1.0));
}
void main() {
  vec2 p = vWorld.xz;
  vec2 w = fwidth(p);
  vec3 color = mix(ground, minor, lines(p, w, 1.0));
  color = mix(color, major, lines(p / 5.0, w / 5.0, 1.3));
  // a soft round shadow under the character (instead of a transparent decal: cheaper to fill)
  float r = distance(p, shadow.xy) / 0.45;
  color *= 1.0 - shadow.z * exp(-2.5 * r * r);
  float d = distance(cameraPosition, vWorld);
  gl_FragColor = vec4(mix(color, background, smoothstep(fade.x, fade.y, d)), 1.0);
  #include <colorspace_fragment>
}`;

/**
 * A scene with lights, fog from `near` to `far` metres and a ground of `size` metres that
 * follows the camera's target (`world.follow(x, z)`), in the colours of `world.theme(palette)`.
 */
export function createWorld(size, near, far) {
  const scene = new Scene();
  const hemi = new HemisphereLight('#ffffff', '#8a8f99', 2.2);
  const sun = new DirectionalLight('#ffffff', 1.6);
  sun.position.set(3, 6, 4);
  scene.add(hemi, sun);
  // the ground: one plane whose shader draws the grid (lines are slow in software renderers)
  const uniforms = {
    ground: { value: new Color() },
    minor: { value: new Color() },
    major: { value: new Color() },
    background: { value: new Color() },
    fade: { value: [near, far] },
    shadow: { value: new Vector3() },
  };
  const plane = new Mesh(
    new PlaneGeometry(size, size),
    new ShaderMaterial({ uniforms, vertexShader: GROUND_VERTEX, fragmentShader: GROUND_FRAGMENT }),
  );
  plane.rotation.x = -Math.PI / 2;
  scene.add(plane);
  const world = {
    scene,
    /** Puts the ground's blob shadow under (x, z) with darkness `strength` (0 for none). */
    shadow(x, z, strength) {
      uniforms.shadow.value.set(x, z, strength);
    },
    /** Keeps the ground under (x, z), moving in whole metres so the grid stays put. */
    follow(x, z) {
      plane.position.set(Math.round(x), 0, Math.round(z));
    },
    /** Applies a palette of PALETTES. */
    theme(palette) {
      scene.background = new Color(palette.background);
      scene.fog = new Fog(palette.background, near, far);
      uniforms.ground.value.set(palette.ground);
      uniforms.minor.value.set(palette.line);
      uniforms.major.value.set(palette.major);
      uniforms.background.value.set(palette.background);
      world.palette = palette;
    },
  };
  world.theme(PALETTES.light);
  return world;
}

/**
 * One drawn character: the body's capsules moved rigidly with their bones on the CPU (a
 * few thousand vertices: cheaper in JavaScript than skinning in a software renderer's
 * vertex shader), and a blob shadow under its hips.
 */
export class Character {
  constructor(world, color, layer) {
    const geometry = bodyGeometry();
    this.local = {
      position: geometry.attributes.position.array.slice(),
      normal: geometry.attributes.normal.array.slice(),
      bone: Uint8Array.from(
        { length: geometry.attributes.position.count },
        (_, i) => geometry.attributes.skinIndex.array[4 * i],
      ),
    };
    geometry.deleteAttribute('skinIndex');
    geometry.deleteAttribute('skinWeight');
    /** @type {import('three').BufferAttribute} */ (geometry.attributes.position).setUsage(DynamicDrawUsage);
    /** @type {import('three').BufferAttribute} */ (geometry.attributes.normal).setUsage(DynamicDrawUsage);
    this.geometry = geometry;
    this.material = new MeshLambertMaterial({ color, vertexColors: true });
    this.mesh = new Mesh(geometry, this.material);
    this.mesh.frustumCulled = false;
    this.mesh.layers.set(layer);
    world.scene.add(this.mesh);
    this.rot = new Float32Array(4 * BONE_COUNT);
    this.pos = new Float32Array(3 * BONE_COUNT);
  }

  /** Poses the body from bones first… of `pose` (a pose of `count` bones). */
  pose(pose, count = BONE_COUNT, first = 0) {
    forwardKinematics(pose, count, first, this.rot, this.pos);
    const { position, normal, bone: owner } = this.local;
    const P = this.geometry.attributes.position.array;
    const N = this.geometry.attributes.normal.array;
    const rot = this.rot;
    const pos = this.pos;
    for (let v = 0, n = owner.length; v < n; v++) {
      const b = owner[v];
      qrot(P, 3 * v, rot, 4 * b, position, 3 * v);
      P[3 * v] += pos[3 * b];
      P[3 * v + 1] += pos[3 * b + 1];
      P[3 * v + 2] += pos[3 * b + 2];
      qrot(N, 3 * v, rot, 4 * b, normal, 3 * v);
    }
    this.geometry.attributes.position.needsUpdate = true;
    this.geometry.attributes.normal.needsUpdate = true;
  }

  /** Darkness of the blob shadow under the hips: fainter as the body rises (a jump). */
  shadowStrength() {
    return Math.max(0.12, Math.min(0.45, 0.45 - 0.5 * (this.pos[3 * HIPS + 1] - 0.95)));
  }

  /** World position of bone b after the last pose(). */
  at(b, out) {
    return out.fromArray(this.pos, 3 * b);
  }
}

/**
 * The side-by-side view: one character per blend, each drawn on its own layer and seen by
 * its own camera in its own viewport (a row of four on wide screens, 2 × 2 on narrow ones).
 * The cameras follow their character, turning after its heading with sprung's damper.
 */
export class CompareView {
  constructor(renderer, colors) {
    this.renderer = renderer;
    this.world = createWorld(40, FOG[0], FOG[1]);
    this.characters = colors.map((c, k) => new Character(this.world, c, k + 1));
    this.cameras = colors.map((_, k) => {
      const cam = new PerspectiveCamera(FOV, 1, 0.1, 60);
      cam.layers.enable(k + 1);
      return cam;
    });
    // each camera's heading and height, following its character through sprung's damper
    this.follow = colors.map(() => null);
    this.target = new Vector3();
  }

  /**
   * Draws the output poses `poses` (one per character) after `dt` seconds, each seen from beside
   * it, or (`shoulder`) from over its shoulder: the article's last resort against foot sliding,
   * a camera that leaves the feet out of the picture.
   */
  render(poses, dt, shoulder = false) {
    const [w, h] = fit(this.renderer);
    const views = layout(w, h, this.characters.length);
    this.characters.forEach((ch, k) => ch.pose(poses[k]));
    const root = this.characters[0].at(0, this.target);
    this.world.follow(root.x, root.z);
    // the gaps between viewports show the line colour
    this.renderer.setClearColor(this.world.palette.major);
    this.renderer.setScissor(0, 0, w, h);
    this.renderer.clear();
    this.characters.forEach((ch, k) => {
      const pose = poses[k];
      // the root's heading from its rotation (a yaw about +Y), and the hips' height
      const heading = 2 * Math.atan2(pose[6 * BONE_COUNT + 1], pose[6 * BONE_COUNT + 3]);
      const height = ch.pos[3 * HIPS + 1] - 0.1;
      let f = this.follow[k];
      if (f === null) f = this.follow[k] = { yaw: heading, height };
      f.yaw = damperExact(f.yaw, unwrap(heading, f.yaw), 0.5, dt);
      f.height = damperExact(f.height, height, 0.25, dt);
      const t = ch.at(0, this.target);
      const cam = this.cameras[k];
      const [x, y, vw, vh] = views[k];
      cam.aspect = vw / vh;
      const { eye, target } = laneCamera(t.x, t.z, f.yaw, f.height, cam.aspect, shoulder);
      cam.position.set(eye[0], eye[1], eye[2]);
      cam.lookAt(target[0], target[1], target[2]);
      cam.updateProjectionMatrix();
      this.world.shadow(ch.pos[3 * HIPS], ch.pos[3 * HIPS + 2], ch.shadowStrength());
      this.renderer.setViewport(x, h - y - vh, vw, vh);
      this.renderer.setScissor(x, h - y - vh, vw, vh);
      this.renderer.render(this.world.scene, cam);
    });
    return views;
  }

  /** Applies `palette` (of PALETTES) and the characters' colours (CSS colours, in order). */
  theme(palette, colors) {
    this.world.theme(palette);
    this.characters.forEach((ch, k) => ch.material.color.set(colors[k]));
  }

  /** Snaps the cameras to their characters (after a restart). */
  recenter() {
    this.follow.fill(null);
  }
}

/** `angle` plus the multiple of 2π that brings it nearest `near`. */
function unwrap(angle, near) {
  return angle + 2 * Math.PI * Math.round((near - angle) / (2 * Math.PI));
}
