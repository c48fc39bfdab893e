/**
 * The sidebar's folder rows as drag sources and drop targets. A folder dragged onto another folder
 * becomes its child, onto the Folders heading it goes to the top level; grid items dragged onto a
 * folder are added to it. A drop into the folder's own subtree is let through (marked refused while
 * hovering) so the API's 400 message is what the person reads. Hovering a collapsed folder opens it.
 * It only says what was asked for: `folder-move` {id, parent} and `items-to-folder` {folder, ids} (ids null: the current selection).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Folder } from '../api-types';
import { draggedPayload, startFolderDrag } from '../folders/drag-payload';
import { folderDrop } from '../folders/folder-tree';

const OPEN_AFTER_MS = 700;

interface Host extends ReactiveControllerHost, HTMLElement {
  roots(): readonly Folder[];
  expand(id: string): void;
}

/** A drop target: a folder id, or null for the top level. */
type Target = string | null;

export class FolderDrop implements ReactiveController {
  /** The folder being dragged (for the top-level hint). */
  dragging: string | null = null;
  private over: { target: Target; state: 'ok' | 'refused' } | null = null;
  private openTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.openTimer);
  }

  /** `ok`, `refused` or undefined: how the row of `target` shows the drag hovering it. */
  stateOf(target: Target): 'ok' | 'refused' | undefined {
    return this.over && this.over.target === target ? this.over.state : undefined;
  }

  start(event: DragEvent, id: string): void {
    startFolderDrag(event, id);
    // Changing the page inside dragstart can cancel the drag in Chromium: show the hint just after.
    setTimeout(() => {
      this.dragging = id;
      this.host.requestUpdate();
    });
  }

  end(): void {
    this.dragging = null;
    this.mark(null);
  }

  overTarget(event: DragEvent, target: Target): void {
    const payload = draggedPayload(event);
    if (!payload) return;
    let state: 'ok' | 'refused';
    if (payload.kind === 'items') {
      if (target === null) return;
      state = 'ok';
    } else {
      const outcome = folderDrop(this.host.roots(), payload.id, target);
      if (outcome === 'none') return this.mark(null);
      state = outcome === 'move' ? 'ok' : 'refused';
    }
    event.preventDefault();
    event.dataTransfer!.dropEffect = payload.kind === 'items' ? 'copy' : 'move';
    if (this.over?.target !== target) {
      clearTimeout(this.openTimer);
      if (target) this.openTimer = setTimeout(() => this.host.expand(target), OPEN_AFTER_MS);
    }
    if (this.over?.target !== target || this.over.state !== state) this.mark({ target, state });
  }

  leave(event: DragEvent, target: Target): void {
    const into = event.relatedTarget as Node | null;
    if (into && (event.currentTarget as Node).contains(into)) return;
    if (this.over?.target === target) this.mark(null);
  }

  drop(event: DragEvent, target: Target): void {
    const payload = draggedPayload(event);
    this.end();
    if (!payload) return;
    event.preventDefault();
    if (payload.kind === 'items') {
      if (target) this.say('items-to-folder', { folder: target, ids: payload.ids });
    } else if (folderDrop(this.host.roots(), payload.id, target) !== 'none') {
      if (target) this.host.expand(target);
      this.say('folder-move', { id: payload.id, parent: target });
    }
  }

  private mark(over: FolderDrop['over']): void {
    if (!over) clearTimeout(this.openTimer);
    this.over = over;
    this.host.requestUpdate();
  }

  private say(type: string, detail: unknown): void {
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }
}
