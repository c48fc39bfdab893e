import { z } from 'zod';
import { integer, requiredString } from '../http/input';
import { FAMILIES } from '../images/generic-icon';
import { lazyValue } from '../shared/lazy-value';

export const refreshThumbnailInput = lazyValue(() => z.object({ itemId: requiredString() }));

/** A path on this site (like item/add's `path`), e.g. `/assets/cover.png`. */
const sitePath = () =>
  requiredString().refine((path) => path.startsWith('/') && !path.startsWith('//'), 'must be a path on this site, starting with "/"');

const dimension = () => integer().pipe(z.number().min(1, 'must be 1 or more'));

/** `filePath` as the reference has it, or (an extension) `base64`: a frame the page drew needs no site path. */
export const setCustomThumbnailInput = lazyValue(() => z.object({
  itemId: requiredString(),
  filePath: sitePath().optional(),
  base64: requiredString().optional(),
  /** Accepted as the reference does; used only by items whose file gives no dimensions. */
  width: dimension().optional(),
  height: dimension().optional(),
}).superRefine((input, check) => {
  if ((input.filePath === undefined) === (input.base64 === undefined)) {
    check.addIssue({ code: 'custom', path: ['filePath'], message: 'send exactly one of filePath or base64' });
  }
}));

export type SetCustomThumbnailInput = z.output<ReturnType<typeof setCustomThumbnailInput>>;

/** item/icon: a generic icon by family and label (what an item's thumbnailURL names). */
export const iconInput = lazyValue(() => z.object({
  family: z.enum(FAMILIES, { error: () => `must be one of ${FAMILIES.join(', ')}` }),
  label: z.string().max(5, 'must be at most 5 characters').default(''),
}));
