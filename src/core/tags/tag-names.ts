/** Input fields naming tags, shared by tags, tag groups and folders. */
import { z } from 'zod';
import { stringList } from '../http/input';

/** One tag name as given by a caller: trimmed, not empty. */
export const tagName = () => z.string().trim().min(1, 'must not be empty');

/** A list of tag names (JSON array or comma-separated), trimmed, without empty names or repeats. */
export const tagNameList = () =>
  stringList()
    .pipe(z.array(z.string().trim().min(1, 'must not contain an empty tag name')))
    .transform((names) => [...new Set(names)]);
