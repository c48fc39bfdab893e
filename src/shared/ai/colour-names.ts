/**
 * The named colours AI search understands, how a pixel is named (used when the descriptor is
 * made), and the words of queries that mean each of them. Pure; runs in every worker.
 */
export const COLOUR_NAMES = ['red', 'orange', 'yellow', 'green', 'cyan', 'blue', 'purple', 'pink', 'brown', 'black', 'white', 'grey'] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/** Query words → colour (plain names, spellings and common shades). */
export const COLOUR_WORDS: Readonly<Record<string, ColourName>> = {
  red: 'red', reds: 'red', crimson: 'red', scarlet: 'red', maroon: 'red', ruby: 'red', cherry: 'red',
  orange: 'orange', amber: 'orange', tangerine: 'orange',
  yellow: 'yellow', gold: 'yellow', golden: 'yellow', lemon: 'yellow', mustard: 'yellow',
  green: 'green', greens: 'green', lime: 'green', olive: 'green', emerald: 'green', mint: 'green',
  cyan: 'cyan', teal: 'cyan', turquoise: 'cyan', aqua: 'cyan',
  blue: 'blue', blues: 'blue', navy: 'blue', azure: 'blue', cobalt: 'blue', indigo: 'blue',
  purple: 'purple', violet: 'purple', lilac: 'purple', lavender: 'purple', magenta: 'purple',
  pink: 'pink', rose: 'pink', salmon: 'pink',
  brown: 'brown', beige: 'brown', tan: 'brown', chocolate: 'brown', bronze: 'brown',
  black: 'black', dark: 'black',
  white: 'white', cream: 'white', ivory: 'white',
  grey: 'grey', gray: 'grey', silver: 'grey',
};

/** The colour a person would call this pixel. */
export function nameOfPixel(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (v < 0.2) return 'black';
  if (s < 0.18) return v > 0.85 ? 'white' : 'grey';
  const d = max - min;
  let h: number;
  if (max === r) h = (((g - b) / d + 6) % 6) * 60;
  else if (max === g) h = ((b - r) / d + 2) * 60;
  else h = ((r - g) / d + 4) * 60;
  if (h < 15 || h >= 345) return s < 0.45 && v > 0.75 ? 'pink' : v < 0.45 ? 'brown' : 'red';
  if (h < 42) return v < 0.65 ? 'brown' : 'orange';
  if (h < 70) return v < 0.5 ? 'brown' : 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'cyan';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}
