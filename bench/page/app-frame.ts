/**
 * The real web app, opened on the bench library in an iframe over the whole bench page (so it is
 * painted, not throttled as an off-screen frame), for the grid rows. The app shows the current
 * library, so this switches to the bench library first; grid rows run last for that reason.
 */
import { visitorFrameFor } from '../../src/app/visitor-frame';
import type { BenchContext } from './context';

export interface AppFrame {
  frame: HTMLIFrameElement;
  win: Window & typeof globalThis;
  doc: Document;
  /** Milliseconds on the frame's clock when the app said "API ready". */
  apiReadyAt: number;
  close(): void;
}

export const nextFrame = (win: Window = window) => new Promise<number>((resolve) => win.requestAnimationFrame(resolve));

/**
 * Opens the app on `library` (the bench library unless given), at the URL query `search`;
 * `visitor`: in a frame named as `<asset-library src>` names it (the app a visitor of a published library gets);
 * `libraryIsCurrent`: sends no library/switch first (so a stopped worker is first started by the frame's own requests);
 * `onFrame`: called with the frame's document at each frame while it waits for "API ready".
 */
export async function openAppFrame(ctx: BenchContext, search = '?sort=-IMPORT', library = ctx.library, options: { visitor?: boolean; libraryIsCurrent?: boolean; onFrame?: (win: Window & typeof globalThis) => void } = {}): Promise<AppFrame> {
  // A visitor's frame names its library, as <asset-library src> does, and works on it without a switch.
  if (!options.libraryIsCurrent && !options.visitor) await ctx.api.post('/library/switch', { libraryPath: library });
  const frame = document.createElement('iframe');
  if (options.visitor) frame.name = visitorFrameFor(library);
  frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;background:#fff;z-index:10';
  frame.src = `/${search}`;
  let loaded = false;
  frame.addEventListener('load', () => (loaded = true), { once: true });
  document.body.append(frame);
  // The watcher sees the app's document from its first frame: the app may paint before `load`.
  while (!loaded) {
    const shown = frame.contentWindow as (Window & typeof globalThis) | null;
    if (options.onFrame && shown && shown.location.href !== 'about:blank') options.onFrame(shown);
    await nextFrame(window);
  }
  const win = frame.contentWindow as Window & typeof globalThis;
  const doc = frame.contentDocument!;
  let apiReadyAt = 0;
  for (let waited = 0; !apiReadyAt; waited++) {
    options.onFrame?.(win);
    if (doc.querySelector('#api-status[data-state="ready"]')) apiReadyAt = win.performance.now();
    else if (waited > 2000) throw new Error('the app in the frame never said "API ready"');
    else await nextFrame(win);
  }
  return { frame, win, doc, apiReadyAt, close: () => frame.remove() };
}

export function grid(app: AppFrame): HTMLElement {
  const element = app.doc.querySelector<HTMLElement>('[role=grid]');
  if (!element) throw new Error('the app shows no grid');
  return element;
}

/** The first screen's cells all show their item: a loaded thumbnail, or the placeholder of one being made. */
export function firstScreenPainted(app: AppFrame): boolean {
  const cells = cellsOnScreen(app.doc);
  if (cells.length === 0) return false;
  return cells.every((cell) => {
    if (cell.querySelector('.thumb-pending')) return true;
    const img = cell.querySelector('img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
}

/** The grid's cells whose top is above the grid's bottom edge (those a person sees), none before the grid. */
export function cellsOnScreen(doc: Document): HTMLElement[] {
  const scroller = doc.querySelector<HTMLElement>('[role=grid]');
  if (!scroller) return [];
  const bottom = scroller.getBoundingClientRect().bottom;
  return [...scroller.querySelectorAll<HTMLElement>('[role=gridcell]')].filter((cell) => cell.getBoundingClientRect().top < bottom);
}
