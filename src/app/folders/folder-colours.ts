/**
 * The eight folder colours (docs/contract.md#colours) with the swatch each is drawn with.
 * Typed against the core's list, so a colour added there fails typecheck here; the values are the app's.
 */
import type { Colour } from '../../core/http/colour';

export const COLOUR_SWATCHES = {
  red: '#e5484d',
  orange: '#f76b15',
  yellow: '#f5c400',
  green: '#30a46c',
  aqua: '#12a594',
  blue: '#3e63dd',
  purple: '#8e4ec6',
  pink: '#d6409f',
} as const satisfies Record<Colour, string>;

export type FolderColour = Colour | '';

export const FOLDER_COLOURS = Object.keys(COLOUR_SWATCHES) as Colour[];
