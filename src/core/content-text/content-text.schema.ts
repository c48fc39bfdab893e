/** Input of item/contentText: the item's id. */
import { z } from 'zod';
import { requiredString } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

export const contentTextInput = lazyValue(() => z.object({ id: requiredString() }));
