/**
 * The shared image code: one implementation used by the page's media worker, by the page (SVG,
 * video) and by the service worker's fallback, so every path gives the same thumbnail and palette.
 */
export { fitWithin, THUMBNAIL_LONG_SIDE } from './fit';
export { extractPalette } from './palette';
export * from './messages';
export { toOutcome, undecodable, type PageEndpoint, type ProcessedMedia, type WorkerEndpoint } from './processed';
export { processRaster } from './raster';
export { renderThumbnail, THUMBNAIL_TYPE } from './render';
