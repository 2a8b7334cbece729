// The dance card, made in a module worker: ten minutes of locomotion take a second or more to
// make, which would freeze the page (the motion panel shows its note meanwhile). The clips'
// arrays are transferred back, not copied. The database is built in the page: it lives in the
// library's WASM memory there.
import { danceCard } from './dance_card.js';

const data = danceCard();
postMessage(
  data,
  data.clips.flatMap((clip) => [clip.poses.buffer, clip.tags.buffer, clip.contacts.buffer]),
);
