/** Input schemas of the smart-folder endpoints; types come from here. */
import { z } from 'zod';
import { colourOrEmpty } from '../http/colour';
import { requiredString, stringList } from '../http/input';
import { pageFields } from '../http/pagination';
import { orderBySchema } from '../listing/order';
import { itemFieldsSchema } from '../listing/item-view';
import { conditionsSchema } from './conditions.schema';
import { lazyValue } from '../shared/lazy-value';

const NAME_MAX = 256;
const TEXT_MAX = 10_000;

const name = () => requiredString().max(NAME_MAX, `must be at most ${NAME_MAX} characters`);
const description = () => z.string().max(TEXT_MAX, `must be at most ${TEXT_MAX} characters`);
const icon = () => z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

export const getInput = lazyValue(() => z.object({
  id: requiredString().optional(),
  ids: stringList().optional(),
  ...pageFields(),
}));

export const createInput = lazyValue(() => z.object({
  name: name(),
  conditions: conditionsSchema(),
  description: description().default(''),
  icon: icon().default(''),
  iconColor: colourOrEmpty().default(''),
  parent: requiredString().nullish(),
}));
export type CreateInput = z.output<ReturnType<typeof createInput>>;

/** Only the fields sent change; `parent` (ours) moves the folder, null to the root. */
export const updateInput = lazyValue(() => z.object({
  id: requiredString(),
  name: name().optional(),
  conditions: conditionsSchema().optional(),
  description: description().optional(),
  icon: icon().optional(),
  iconColor: colourOrEmpty().optional(),
  parent: requiredString().nullable().optional(),
}));
export type UpdateInput = z.output<ReturnType<typeof updateInput>>;

export const removeInput = lazyValue(() => z.object({ id: requiredString() }));


export const getItemsInput = lazyValue(() => z.object({
  smartFolderId: requiredString(),
  orderBy: orderBySchema().optional(),
  fields: itemFieldsSchema().optional(),
  ...pageFields(),
}));
export type GetItemsInput = z.output<ReturnType<typeof getItemsInput>>;
