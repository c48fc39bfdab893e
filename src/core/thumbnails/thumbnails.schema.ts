import { z } from 'zod';
import { integer, requiredString } from '../http/input';

export const refreshThumbnailInput = z.lazy(() => z.object({ itemId: requiredString() }));

/** A path on this site (like item/add's `path`), e.g. `/assets/cover.png`. */
const sitePath = () =>
  requiredString().refine((path) => path.startsWith('/') && !path.startsWith('//'), 'must be a path on this site, starting with "/"');

const dimension = () => integer().pipe(z.number().min(1, 'must be 1 or more'));

export const setCustomThumbnailInput = z.lazy(() => z.object({
  itemId: requiredString(),
  filePath: sitePath(),
  /** Accepted as the reference does; used only by items whose file gives no dimensions. */
  width: dimension().optional(),
  height: dimension().optional(),
}));

export type SetCustomThumbnailInput = z.output<typeof setCustomThumbnailInput>;
