/**
 * The `text:` field of the query language: content text (OCR, a text file's text) is indexed twice,
 * plain (a bare word finds it, as any field's) and with this mark (`text:word` finds only it). No
 * word holds `#`, so no plain term or prefix reaches the marked ones.
 */
export const TEXT_FIELD_MARK = '#text:';

/** A query term that names the field: `text:` (any case) with something after it. */
export const TEXT_FIELD = /^text:(?=.)/i;
