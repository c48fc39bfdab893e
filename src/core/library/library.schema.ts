import { z } from 'zod';
import { requiredString } from '../http/input';
import { pageSchema } from '../http/pagination';
import { lazyValue } from '../shared/lazy-value';

export const libraryPathInput = lazyValue(() => z.object({ libraryPath: requiredString() }));

/** A library's name: it becomes a path (`/libraries/<name>.library`) and a zip folder's name. */
const libraryName = () =>
  requiredString()
    .max(200, 'must be at most 200 characters')
    .refine((name) => !/[/\\]/.test(name), 'must not contain "/" or "\\"');

export const createLibraryInput = lazyValue(() => z.object({ name: libraryName() }));

export const renameLibraryInput = lazyValue(() => z.object({ libraryPath: requiredString(), name: libraryName() }));

export const historyInput = pageSchema;
