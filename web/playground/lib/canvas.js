// Canvases at device resolution: one pixel per device pixel (sharp at 2× and 3×), drawn in CSS
// pixels.

/**
 * Sizes `canvas` to its CSS box at device resolution (when that changed) and returns its 2-D
 * context scaled so that one unit is one CSS pixel, with the CSS size; null when the canvas has
 * no size (hidden). `size`, if given, is the CSS box as last observed (a ResizeObserver's): a
 * canvas painted every frame need not make the browser lay the page out to read it.
 * @param {HTMLCanvasElement} canvas
 * @param {{ width: number, height: number }} [size]
 */
export function fitCanvas(canvas, size) {
  const width = size ? size.width : canvas.clientWidth;
  const height = size ? size.height : canvas.clientHeight;
  if (width < 2 || height < 2) return null;
  const dpr = window.devicePixelRatio || 1;
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.setTransform(w / width, 0, 0, h / height, 0, 0);
  return { ctx, width, height };
}
