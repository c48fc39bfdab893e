import { route } from '../http/router';
import { refreshThumbnailInput, setCustomThumbnailInput } from './thumbnails.schema';
import { refreshThumbnail, setCustomThumbnail } from './thumbnails.service';

export const thumbnailRoutes = [
  route('POST', '/item/refreshThumbnail', refreshThumbnailInput, (ctx, input) => refreshThumbnail(ctx, input.itemId)),
  route('POST', '/item/setCustomThumbnail', setCustomThumbnailInput, (ctx, input) => setCustomThumbnail(ctx, input)),
];
