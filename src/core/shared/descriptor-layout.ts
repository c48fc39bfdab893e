/**
 * The visual descriptor of an image (no model): where each part sits in its 160 bytes. On the floor:
 * AI search and the duplicate finder both read it. Computed by
 * src/media/descriptor.ts beside the thumbnail, compared by ./visual-similarity.ts. Changing the
 * layout means a new DESCRIPTOR_VERSION and a rebuild of every library's descriptors.
 */
export const DESCRIPTOR_VERSION = 1;

/** The square the picture is scaled to before anything is measured. */
export const WORK_SIDE = 64;

/** HSV histogram: 8 hues × 3 saturations × 3 values + 4 greys, √p × 255 (Hellinger). */
export const HUES = 8;
export const SATURATIONS = 3;
export const VALUES = 3;
export const GREYS = 4;
export const HISTOGRAM_BINS = HUES * SATURATIONS * VALUES + GREYS;
/** 4×4 mean colours, zero mean, unit length, as int8 (stored in two's complement). */
export const LAYOUT_SIDE = 4;
export const LAYOUT_VALUES = LAYOUT_SIDE * LAYOUT_SIDE * 3;
/** 64-bit difference hashes. */
export const HASH_BYTES = 8;

export const HISTOGRAM_AT = 0;
export const LAYOUT_AT = HISTOGRAM_AT + HISTOGRAM_BINS;
/** dHash of the whole picture. */
export const HASH_AT = LAYOUT_AT + LAYOUT_VALUES;
/** dHash of its mirror image (left ↔ right). */
export const MIRROR_HASH_AT = HASH_AT + HASH_BYTES;
/** dHash of its centre (CENTRE_SHARE of each side): a cropped copy matches this one. */
export const CENTRE_HASH_AT = MIRROR_HASH_AT + HASH_BYTES;
export const CENTRE_SHARE = 0.8;

/** Share of the picture each named colour (./colour-names.ts) covers, × 255. */
export const COLOURS_AT = CENTRE_HASH_AT + HASH_BYTES;
export const COLOUR_COUNT = 12;

export const DESCRIPTOR_BYTES = COLOURS_AT + COLOUR_COUNT;
