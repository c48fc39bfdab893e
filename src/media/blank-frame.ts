/**
 * Which frame of a video becomes its thumbnail: the first one, from a little way in, that is not
 * blank. Blank is black (a fade-in, a title's dark lead-in) or one flat grey or white (a fade to
 * white); a frame of one strong colour is content. Pure, so node tests run it on plain arrays.
 * See docs/decisions/document-previews.md.
 */

/** A pixel whose brightest channel is below this is black. */
export const BLACK_LEVEL = 28;
/** A frame this share of whose pixels are black is blank. */
export const BLACK_SHARE = 0.98;
/** A frame whose grey levels vary less than this (standard deviation)… */
export const FLAT_SPREAD = 3;
/** …and whose pixels carry less colour than this on average (max − min channel) is blank. */
export const FLAT_COLOUR = 12;
/** Frames looked at, at most: each costs a seek. */
export const MAX_FRAME_TRIES = 8;

/** `rgba`: 4 bytes per pixel, as ImageData.data (a frame scaled down to a few hundred pixels). */
export function isBlankFrame(rgba: ArrayLike<number>): boolean {
  const pixels = Math.floor(rgba.length / 4);
  if (pixels === 0) return true;
  let black = 0, sum = 0, sumSquares = 0, colour = 0;
  for (let i = 0; i < pixels * 4; i += 4) {
    const r = rgba[i]!, g = rgba[i + 1]!, b = rgba[i + 2]!;
    const max = Math.max(r, g, b);
    if (max < BLACK_LEVEL) black += 1;
    const grey = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += grey;
    sumSquares += grey * grey;
    colour += max - Math.min(r, g, b);
  }
  if (black / pixels >= BLACK_SHARE) return true;
  const mean = sum / pixels;
  const spread = Math.sqrt(Math.max(0, sumSquares / pixels - mean * mean));
  return spread < FLAT_SPREAD && colour / pixels < FLAT_COLOUR;
}

/**
 * The times (seconds) to try, in order: min(1 s, a tenth of the clip) as before, then twice as far
 * each time, while within the clip's first 95 %: a short dark lead-in is passed in a step or two,
 * and the frame chosen stays near the start of a long film. A clip of unknown length: 0 only.
 */
export function frameTimes(duration: number): number[] {
  if (!(duration > 0)) return [0];
  const times: number[] = [];
  for (let time = Math.min(1, duration / 10); time <= duration * 0.95 && times.length < MAX_FRAME_TRIES; time *= 2) times.push(time);
  return times;
}
