/** The IndexedDB namespace the service worker's API uses (createApi's default), where the CLIP model is kept. */
export const CLIP_NAMESPACE = 'lam';
