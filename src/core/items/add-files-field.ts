/** The form field each file of item/addFiles comes in. Pure: the share target (src/sw) names it without loading the core. */
export const FILES_FIELD = 'files';
