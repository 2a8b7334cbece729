// The character panel's foot-locking figures: a walking foot whose animation slides while
// planted, and where contact_update locks it, over time and seen from the side. A module of its
// own, which the panel imports when the figures come near the view (see whenNear there): with
// the library's contact functions it is a share of the bytes an embed showing the first figures
// never needs.
import { ContactState, contactReset, contactUpdate } from 'sprung';
import { COLORS } from '../lib/theme.js';
import { FOOT_SECONDS, FOOT_SHAPE, FOOTPRINT_EVERY, RATE } from './scenario.js';

/** A walking foot at time t: planted half of each 0.8 s step (sliding by `slide`), swinging otherwise. */
function footAt(t, p, out) {
  const period = 0.8;
  const stride = 1.2;
  const n = Math.floor(t / period);
  const u = t / period - n;
  const stance = u < 0.5;
  out.x = stance
    ? n * stride + p.slide * (u / 0.5 - 0.5)
    : n * stride + p.slide / 2 + (stride - p.slide) * ((u - 0.5) / 0.5);
  out.y = stance ? 0 : 0.15 * Math.sin((Math.PI * (u - 0.5)) / 0.5);
  out.z = 0;
  return stance;
}

/**
 * Draws foot locking into the panel's plots `foot` (x over time) and `side` (the side view) by
 * `draw(p)`, for the panel's parameters `p`.
 * @param {any} foot
 * @param {any} side
 */
export function footLocking(foot, side) {
  const contact = new ContactState();
  const footInput = { x: 0, y: 0, z: 0 };
  const zero = { x: 0, y: 0, z: 0 };
  /** A foot drawn at its toe (x, y) into series `i` of the side view: toe, heel, ankle, toe, a gap. */
  function footprint(i, x, y) {
    for (const [dx, dy] of FOOT_SHAPE) side.add(i, x + dx, y + dy);
    side.add(i, NaN, NaN);
  }
  function draw(p) {
    for (let i = 0; i < 2; i++) foot.reset(i);
    for (let i = 0; i < 4; i++) side.reset(i);
    contactReset(contact, footInput, zero, footAt(0, p, footInput));
    const points = [];
    /** @type {import('../lib/chart.js').Span[]} */
    const planted = [];
    for (let k = 0; k <= FOOT_SECONDS * RATE; k++) {
      const t = k / RATE;
      const stance = footAt(t, p, footInput);
      if (k > 0) contactUpdate(contact, footInput, stance, p.unlockRadius, 0, p.footHalflife, 1 / RATE);
      foot.add(0, t, footInput.x);
      foot.add(1, t, contact.position.x);
      side.add(0, footInput.x, footInput.y);
      side.add(1, contact.position.x, contact.position.y);
      if (stance && k % FOOTPRINT_EVERY === 0) {
        footprint(2, footInput.x, footInput.y);
        footprint(3, contact.position.x, contact.position.y);
      }
      if (stance) {
        const last = planted[planted.length - 1];
        if (last && last.to >= t - 1.5 / RATE) last.to = t;
        else planted.push({ from: t, to: t, color: COLORS.other });
      }
      if (contact.lock && !points.includes(contact.point.x)) points.push(contact.point.x);
    }
    foot.spans(planted);
    foot.commit();
    side.commit();
    side.summary(
      `Every 0.1 s of a contact the animation’s foot (grey) has slid on, ${p.slide.toFixed(2)} m over each step; the ` +
        `locked foot (blue) stays where it landed, then blends back to the animation (halflife ${p.footHalflife.toFixed(2)} s) when the contact ends.`,
    );
    foot.summary(
      `While planted, the animation’s foot slides ${p.slide.toFixed(2)} m each step; the foot locks at ` +
        `${points.length ? `x = ${points.map((x) => x.toFixed(2)).join(', ')} m` : 'no point (it unlocks at once)'}.`,
    );
  }
  return { draw };
}
