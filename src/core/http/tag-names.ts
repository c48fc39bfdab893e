/** Input fields naming tags, shared by tags, tag groups and folders. */
import { z } from 'zod';
import { stringList } from './input';

/** One tag name as given by a caller: trimmed, not empty. */
export const tagName = () => z.string().trim().min(1, 'must not be empty');

const cleanNames = () =>
  z.array(z.string().trim().min(1, 'must not contain an empty tag name')).transform((names) => [...new Set(names)]);

/** A list of tag names (JSON array or comma-separated), trimmed, without empty names or repeats. */
export const tagNameList = () => stringList().pipe(cleanNames());

/**
 * A list of tag names in a POST-only body: a JSON array and nothing else. The comma-separated string
 * is the GET form of a list; a route that has no GET form has no reason to guess at one, and the
 * contract says string[] (issue 24, point 7).
 */
export const tagNameArray = () => cleanNames();
