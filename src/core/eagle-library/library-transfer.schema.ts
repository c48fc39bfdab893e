import { z } from 'zod';
import { flag, requiredString } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

/** POST library/import: the options ride in the query string, the body is the zip. */
export const importInput = lazyValue(() =>
  z.object({
    into: z.enum(['new', 'current'], { error: () => 'must be "new" (a new library named after the folder) or "current"' }).default('new'),
    name: requiredString()
      .max(200, 'must be at most 200 characters')
      .refine((name) => !/[/\\]/.test(name), 'must not contain "/" or "\\"')
      .optional(),
    fileName: z.string().max(1000).optional(),
    wait: flag().default(false),
  }),
);

/** GET library/import: one import's state by id, or every import. */
export const importStatusInput = lazyValue(() => z.object({ id: requiredString().optional() }));
