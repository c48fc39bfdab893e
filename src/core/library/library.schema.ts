import { z } from 'zod';
import { requiredString } from '../http/input';
import { pageSchema } from '../http/pagination';

export const libraryPathInput = z.lazy(() => z.object({ libraryPath: requiredString() }));

export const createLibraryInput = z.lazy(() => z.object({
  name: requiredString()
    .max(200, 'must be at most 200 characters')
    .refine((name) => !/[/\\]/.test(name), 'must not contain "/" or "\\"'),
}));

export const historyInput = pageSchema;
