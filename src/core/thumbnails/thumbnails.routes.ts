import { route } from '../http/router';
import { iconSvg } from '../images/generic-icon';
import { iconInput, refreshThumbnailInput, setCustomThumbnailInput } from './thumbnails.schema';
import { refreshThumbnail, setCustomThumbnail } from './thumbnails.service';

export const thumbnailRoutes = [
  route('POST', '/item/refreshThumbnail', refreshThumbnailInput, (ctx, input) => refreshThumbnail(ctx, input.itemId), { writes: true }),
  route('POST', '/item/setCustomThumbnail', setCustomThumbnailInput, (ctx, input) => setCustomThumbnail(ctx, input), { writes: true }),
  // Its content follows from the URL alone, so it may be cached for good.
  route('GET', '/item/icon', iconInput, async (_ctx, input) => new Response(iconSvg(input), { headers: ICON_HEADERS })),
];

const ICON_HEADERS = {
  'Content-Type': 'image/svg+xml',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
};
