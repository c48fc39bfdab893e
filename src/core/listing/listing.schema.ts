/** The filters every listing takes: item/get's, which item/query, item/ids, item/position and smart folders' item lists share (ours). */
import { z } from 'zod';
import { flag, integer, stringList } from '../http/input';
import { tagNameList } from '../http/tag-names';
import { normaliseHex } from './colour-match';
import { SHAPES } from './item-row';

/** Long enough for any hand-written search query; bounds the parser's work. */
export const MAX_QUERY_LENGTH = 2000;

export const rating = () => integer().pipe(z.number().min(0, 'must be 0 to 5').max(5, 'must be 0 to 5'));

/** The filters of item/get; item/query, item/ids and item/position take them too (ours). */
export const itemFilterFields = () => ({
  id: z.string().optional(),
  ids: stringList().optional(),
  isSelected: flag().optional(),
  isUntagged: flag().optional(),
  isUnfiled: flag().optional(),
  isDeleted: flag().optional(),
  keywords: stringList().optional(),
  tags: tagNameList().optional(),
  folders: stringList().optional(),
  smartFolders: stringList().optional(),
  ext: z.string().trim().optional(),
  annotation: z.string().optional(),
  rating: rating().optional(),
  url: z.string().optional(),
  shape: z.enum(SHAPES, { error: () => `must be one of ${SHAPES.join(', ')}` }).optional(),
  /** Items whose palette holds a colour near this one (ours; as a smart folder's colour `similar` rule). */
  color: colourHex().optional(),
});

function colourHex() {
  return z.string().transform((text, ctx) => {
    const hex = normaliseHex(text);
    if (!hex) ctx.addIssue({ code: 'custom', message: 'must be a colour as #RRGGBB' });
    return hex ?? '';
  });
}

export const filtersSchema = () => z.object(itemFilterFields());
export type Filters = z.output<ReturnType<typeof filtersSchema>>;
