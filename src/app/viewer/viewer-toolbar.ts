/**
 * The viewer's top bar: previous/next (first, so they never move: disabled at the ends of the
 * listing), name, zoom, comment tools, use this frame as the thumbnail (videos), find similar, comments panel and close (last). One row at
 * every width; on a phone the zoom steps hide (Fit and 100% stay, and the stage pinches and wheels).
 * Read-only (a published library), it offers nothing that writes: no comment tools, frame or Restore.
 */
import { html, nothing } from 'lit';
import type { Item } from '../api-types';
import { hasPicture } from '../ai/has-picture';
import { emit } from '../ui/events';
import { icons } from '../ui/panel-icons';
import { mediaKind } from '../ui/media-kind';
import type { CommentEditing } from './comment-editing';
import type { ImageStage, ZoomMode } from './image-stage';

/** What the toolbar reads and drives, and where its events start; the viewer (./item-viewer.ts) is one. */
export interface ViewerControls extends HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly mode: ZoomMode;
  readonly settingThumbnail: boolean;
  readonly readOnly: boolean;
  sidebar: boolean;
  readonly notes: Pick<CommentEditing, 'drawing' | 'toggleDrawing' | 'commentNow'>;
  navigate(direction: -1 | 1): void;
  zoom(factor: number): void;
  setMode(mode: ZoomMode): void;
  useFrame(): Promise<void>;
  close(): void;
}

export function renderToolbar(viewer: ViewerControls, item: Item | null) {
  const kind = item ? mediaKind(item) : null;
  const writes = !viewer.readOnly;
  const scale = viewer.renderRoot.querySelector<ImageStage>('image-stage')?.scale;
  return html`<header class="toolbar">
    <div class="group" role="group" aria-label="Browse">
      <button type="button" class="quiet" aria-label="Previous item" title="Previous (←)" ?disabled=${!viewer.hasPrevious} @click=${() => viewer.navigate(-1)}>${icons.previous}</button>
      <button type="button" class="quiet" aria-label="Next item" title="Next (→)" ?disabled=${!viewer.hasNext} @click=${() => viewer.navigate(1)}>${icons.next}</button>
    </div>
    <h2 class="title" title=${item?.name ?? ''}>${item?.name ?? ''}</h2>
    ${kind === 'image'
      ? html`<div class="group" role="group" aria-label="Zoom">
          <button type="button" class="quiet wide-only" aria-label="Zoom out" title="Zoom out (−)" @click=${() => viewer.zoom(0.8)}>${icons.zoomOut}</button>
          <button type="button" class="quiet" aria-pressed=${viewer.mode === 'fit'} title="Fit (0)" @click=${() => viewer.setMode('fit')}>Fit</button>
          <button type="button" class="quiet" aria-pressed=${viewer.mode === 'actual'} title="Actual size (1)" @click=${() => viewer.setMode('actual')}>100%</button>
          <button type="button" class="quiet wide-only" aria-label="Zoom in" title="Zoom in (+)" @click=${() => viewer.zoom(1.25)}>${icons.zoomIn}</button>
          <span class="zoom-level" aria-live="polite">${scale ? `${Math.round(scale * 100)}%` : ''}</span>
        </div>`
      : nothing}
    ${kind === 'image' && writes
      ? html`<button type="button" class="quiet tool" aria-pressed=${viewer.notes.drawing} @click=${() => viewer.notes.toggleDrawing()}
          aria-label="Draw comment" title="Drag on the image to comment on an area">${icons.pencil} <span class="wide-only">Draw comment</span></button>`
      : nothing}
    ${(kind === 'video' || kind === 'audio') && writes
      ? html`<button type="button" class="quiet tool" @click=${() => viewer.notes.commentNow()}>${icons.plus} <span>Comment here</span></button>`
      : nothing}
    ${kind === 'video' && writes
      ? html`<button type="button" class="quiet tool" aria-label="Use this frame as the thumbnail" title="Use this frame as the thumbnail"
          aria-disabled=${viewer.settingThumbnail} @click=${() => void viewer.useFrame()}>${icons.frame} <span class="wide-only">Use this frame as the thumbnail</span></button>`
      : nothing}
    <span class="spacer"></span>
    ${item?.isDeleted && writes
      ? html`<button type="button" class="quiet tool" title="Take it out of the trash" @click=${() => emit(viewer, 'restore-items', { ids: [item.id] })}>Restore</button>`
      : nothing}
    ${item && hasPicture(item)
      ? html`<button type="button" class="quiet tool" aria-label="Find similar" title="Show the items that look most like this one (AI search)"
          @click=${() => emit(viewer, 'find-similar', { id: item.id })}>${icons.similar} <span class="wide-only">Find similar</span></button>`
      : nothing}
    <button type="button" class="quiet" aria-pressed=${viewer.sidebar} aria-label="Comments panel" title="Comments"
      @click=${() => (viewer.sidebar = !viewer.sidebar)}>${icons.comments}</button>
    <button type="button" class="quiet close" aria-label="Close viewer" title="Close (Esc)" @click=${() => viewer.close()}>${icons.close}</button>
  </header>`;
}
