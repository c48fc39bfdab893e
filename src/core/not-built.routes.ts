/**
 * Endpoints of the contract whose area is not built yet. They answer 501 NOT_IMPLEMENTED with a
 * sentence saying so, never a made-up success. Each area's issue removes its rows from here.
 */
import { z } from 'zod';
import { ApiError } from './http/errors';
import { route, type Method } from './http/router';

const PENDING: ReadonlyArray<[Method, string, string]> = [
  ['POST', '/item/setCustomThumbnail', 'thumbnails'],
  ['POST', '/item/refreshThumbnail', 'thumbnails'],
  ['GET', '/smartFolder/get', 'smart folders'],
  ['POST', '/smartFolder/get', 'smart folders'],
  ['POST', '/smartFolder/create', 'smart folders'],
  ['POST', '/smartFolder/update', 'smart folders'],
  ['POST', '/smartFolder/remove', 'smart folders'],
  ['GET', '/smartFolder/getItems', 'smart folders'],
  ['POST', '/smartFolder/getItems', 'smart folders'],
  ['GET', '/smartFolder/getRules', 'smart folders'],
];

export const notBuiltRoutes = PENDING.map(([method, path, area]) =>
  route(method, path, z.unknown(), async () => {
    throw new ApiError('NOT_IMPLEMENTED', `${method} /api/v2${path} is not built yet in this version (${area} are pending).`);
  }),
);
