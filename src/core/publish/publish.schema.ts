import { z } from 'zod';
import { flag, requiredString } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

/** POST library/subscribe: the published library's folder URL (absolute, or relative to this site). */
export const subscribeInput = lazyValue(() =>
  z.object({
    url: requiredString().max(4000, 'must be at most 4000 characters'),
    /** Answer once every shard is stored (scripts, tests); by default after the first. */
    wait: flag().default(false),
  }),
);
