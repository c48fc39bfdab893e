import { z } from 'zod';
import { integer } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

/** POST library/backup: one run, or a slice of one (`maxItems` items written, then `partial`). */
export const backupInput = lazyValue(() =>
  z.object({
    maxItems: integer().pipe(z.number().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000')).optional(),
  }),
);
