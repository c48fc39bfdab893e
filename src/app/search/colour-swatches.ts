/**
 * The filter bar's colour choices: common colour families as `#rrggbb` (what item/get's `color`
 * filter takes; it keeps items with a palette colour near it, CIEDE2000 distance ≤ 20). A colour
 * picked elsewhere (the inspector's palette, a pasted link) is shown by its hex value.
 */
export interface Swatch {
  name: string;
  hex: string;
}

export const SWATCHES: readonly Swatch[] = [
  { name: 'Red', hex: '#e53935' },
  { name: 'Orange', hex: '#fb8c00' },
  { name: 'Yellow', hex: '#fdd835' },
  { name: 'Green', hex: '#43a047' },
  { name: 'Aqua', hex: '#00acc1' },
  { name: 'Blue', hex: '#1e88e5' },
  { name: 'Purple', hex: '#8e24aa' },
  { name: 'Pink', hex: '#d81b60' },
  { name: 'Brown', hex: '#795548' },
  { name: 'Black', hex: '#212121' },
  { name: 'Grey', hex: '#9e9e9e' },
  { name: 'White', hex: '#fafafa' },
];

/** "Red" for a swatch's value, else the hex value itself. */
export function colourName(hex: string): string {
  return SWATCHES.find((swatch) => swatch.hex === hex)?.name ?? hex;
}
