/**
 * The frame name `<asset-library src>` gives the app it shows visitors: just the published library,
 * with no library menu. A frame's name outlives its reloads, and the address bar stays the view's.
 */
export const VISITOR_FRAME = 'asset-library-visitor';
