/**
 * Makes an element (the shell's main area, or the whole document) accept drops and pastes for an
 * ImportController: files and folders, images from the clipboard, URLs and text holding URLs.
 * While a drag hovers, the element carries `data-drop-active` so it can show where to drop.
 */
import type { ImportController } from './import-controller';
import { imageNameAndNote } from './image-fields';
import { carriesImportable, transferContents, type TransferContents } from './transfer-contents';
import { looksLikeFileUrl } from './url-text';

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Queues what a drop or paste carried. */
export function importContents(controller: ImportController, contents: TransferContents): void {
  if (contents.roots.length) void controller.addRoots(contents.roots);
  for (const link of contents.urls) {
    // An <img> is an image whatever its address looks like; a link's text names it.
    if (link.kind === 'image') controller.addUrl(link.url, false, imageNameAndNote(link.url, link.alt ?? ''));
    else controller.addUrl(link.url, !looksLikeFileUrl(link.url), link.name ? { name: link.name } : {});
  }
}

/**
 * `allowed` is asked when something is dropped or pasted: false takes the drop (so the browser
 * does not open the file instead) and imports nothing; the caller tells the person why.
 */
export function attachImportTarget(dropZone: HTMLElement, controller: ImportController, pasteScope: EventTarget = dropZone, allowed: () => boolean = () => true): () => void {
  let depth = 0;
  const setActive = (active: boolean) => dropZone.toggleAttribute('data-drop-active', active);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesImportable(event.dataTransfer)) return;
    event.preventDefault();
    depth += 1;
    setActive(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesImportable(event.dataTransfer)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) setActive(false);
  };
  const onDrop = (event: DragEvent) => {
    depth = 0;
    setActive(false);
    const contents = transferContents(event.dataTransfer);
    if (!contents.roots.length && !contents.urls.length) return;
    event.preventDefault();
    if (allowed()) importContents(controller, contents);
  };
  const onPaste = (event: Event) => {
    const clipboard = (event as ClipboardEvent).clipboardData;
    if (isEditable(event.composedPath()[0] ?? event.target)) return;
    const contents = transferContents(clipboard);
    if (!contents.roots.length && !contents.urls.length) return;
    event.preventDefault();
    if (allowed()) importContents(controller, contents);
  };

  const listeners: [EventTarget, string, (event: any) => void][] = [
    [dropZone, 'dragenter', onDragEnter],
    [dropZone, 'dragover', onDragOver],
    [dropZone, 'dragleave', onDragLeave],
    [dropZone, 'drop', onDrop],
    [pasteScope, 'paste', onPaste],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    setActive(false);
  };
}
