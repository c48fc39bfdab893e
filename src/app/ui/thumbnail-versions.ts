/**
 * The page's note of thumbnails it replaced: item/thumbnail is served `no-store` at one URL per item,
 * so an <img> already showing it would not fetch it again. A changed version in the URL makes it.
 */
import { isRouteUrl } from '../../client/api-client';

const versions = new Map<string, number>();

/** Call after the item's thumbnail changed. */
export function bumpThumbnail(id: string): void {
  versions.set(id, (versions.get(id) ?? 0) + 1);
}

/** The item's thumbnail URL, with its version when this page changed it (the API ignores the extra field). */
export function versionedThumbnail(url: string, id: string): string {
  const version = versions.get(id);
  return version && isRouteUrl(url, '/item/thumbnail') ? `${url}&v=${version}` : url;
}
