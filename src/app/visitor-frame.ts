/**
 * The frame name `<asset-library src>` gives the app it shows visitors: just the published library,
 * with no library menu. A frame's name outlives its reloads, and the address bar stays the view's.
 * Once subscribed, the element names the library too (`asset-library-visitor:<path>`): the app
 * then works on that library alone, whatever library another frame or tab opens, so two elements
 * on one page show their own libraries.
 */
export const VISITOR_FRAME = 'asset-library-visitor';

const PINNED = `${VISITOR_FRAME}:`;

/** The frame name that shows visitors the library at `path`. */
export const visitorFrameFor = (path: string): string => `${PINNED}${path}`;

const frameName = (): string => (typeof window === 'undefined' ? '' : window.name);

/** Whether this page is a visitor's frame. */
export const isVisitorFrame = (name = frameName()): boolean => name === VISITOR_FRAME || name.startsWith(PINNED);

/** The library this visitor's frame shows, named by the frame; undefined elsewhere. */
export function visitorLibrary(name = frameName()): string | undefined {
  return name.startsWith(PINNED) && name.length > PINNED.length ? name.slice(PINNED.length) : undefined;
}
