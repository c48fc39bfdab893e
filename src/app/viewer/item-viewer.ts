/**
 * <item-viewer>: the full-size view of one item in a modal <dialog>. Images zoom (fit, 100 %, in/out)
 * and pan; video and audio seek; bookmarks open their URL. Comments show where they sit (rectangles
 * on the image, markers on the timeline) and are drawn, added, edited and removed in place.
 * Events: viewer-close, viewer-navigate {direction: -1 | 1}, item-changed {id}, restore-items {ids}.
 * Its results and errors (api-error, its own and its parts') show in a notice inside the dialog: the
 * modal dialog makes the page's toasts unreachable, and hides them from screen readers. The shell
 * tells the outcome of restore-items there too (`notices`). It answers viewer-close with
 * itemId = null and viewer-navigate with the neighbour's id.
 * Read-only (a published library), it shows items and offers no writes.
 */
import { LitElement, html, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import type { Comment, Item } from '../api-types';
import { describePlace, isTimeComment, type Rect } from '../comments/comment-kinds';
import '../comments/comment-list';
import { define } from '../ui/define';
import { readItem } from '../ui/read-item';
import { emit, errorMessage } from '../ui/events';
import { forPeople } from '../ui/people-text';
import type { Notices } from '../toasts/notices';
import type { CommentAdd } from '../comments/comment-list';
import { bumpThumbnail, versionedThumbnail } from '../ui/thumbnail-versions';
import { icons } from '../ui/panel-icons';
import { mediaKind } from '../ui/media-kind';
import { mediaUrl } from '../ui/media-url';
import './comment-card';
import { CommentEditing } from './comment-editing';
import './image-stage';
import type { ImageStage, ZoomMode } from './image-stage';
import './media-player';
import type { MediaPlayer } from './media-player';
import { useFrameAsThumbnail } from './frame-thumbnail';
import { renderToolbar } from './viewer-toolbar';
import { viewerStyles } from './viewer-styles';

export class ItemViewer extends LitElement {
  static override properties = {
    api: { attribute: false },
    itemId: { attribute: false },
    library: { attribute: false },
    readOnly: { attribute: false },
    item: { state: true },
    mode: { state: true },
    sidebar: { state: true },
    missing: { state: true },
    settingThumbnail: { state: true },
    notice: { state: true },
    hasPrevious: { attribute: false },
    hasNext: { attribute: false },
  };

  declare api: ApiClient;
  declare itemId: string | null;
  /** Set only when `api` works on a library other than the current one (media URLs must name it). */
  declare library: string | undefined;
  /** An item of a published library: shown, not changed. */
  declare readOnly: boolean;
  declare item: Item | null;
  declare mode: ZoomMode;
  declare sidebar: boolean;
  declare missing: boolean;
  /** A frame is being set as the thumbnail (the button waits). */
  declare settingThumbnail: boolean;
  /** The viewer's toast: a result, with Undo when it can be taken back, or an error. */
  declare notice: { message: string; kind: 'info' | 'error'; undo?: () => void } | null;
  private noticeTimer = 0;
  /** Whether the listing has an item before / after this one (the shell knows the listing). */
  declare hasPrevious: boolean;
  declare hasNext: boolean;
  readonly notes = new CommentEditing(this);
  private loading = 0;
  /** The item whose removal elsewhere the viewer has told (once). */
  private goneNoticed: string | null = null;

  constructor() {
    super();
    this.itemId = null;
    this.readOnly = false;
    this.item = null;
    this.mode = 'fit';
    this.missing = false;
    this.settingThumbnail = false;
    this.notice = null;
    this.hasPrevious = true;
    this.hasNext = true;
    this.sidebar = typeof matchMedia === 'function' ? matchMedia('(min-width: 900px)').matches : true;
    // While open, its errors are its own: bubbling on, they would reach only the toasts behind the dialog.
    this.addEventListener('api-error', (event) => {
      if (!this.dialog?.open) return;
      event.stopPropagation();
      this.say((event as CustomEvent<{ message: string }>).detail.message, { kind: 'error' });
    });
  }

  /** Where the shell tells the outcome of what the viewer asked it for (Restore), as it would in a toast. */
  readonly notices: Notices = {
    show: (message, options) => this.say(message, { kind: options?.kind }),
    error: (error) => this.say(errorMessage(error), { kind: 'error' }),
  };

  get player(): MediaPlayer | null {
    return this.renderRoot.querySelector<MediaPlayer>('media-player');
  }

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if ((changed.has('itemId') || changed.has('api')) && this.api) void this.load();
  }

  protected override updated(): void {
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.itemId && !dialog.open) dialog.showModal();
    if (!this.itemId && dialog.open) dialog.close();
  }

  async load(): Promise<void> {
    const ticket = ++this.loading;
    const id = this.itemId;
    this.notes.reset(this.item?.id === id ? this.notes.comments : []);
    this.mode = 'fit';
    if (!id) return void (this.item = null);
    try {
      const shown = await this.readShown(id);
      if (ticket !== this.loading) return;
      this.item = shown?.item ?? null;
      this.missing = !shown;
      this.notes.reset(shown?.comments ?? []);
    } catch (error) {
      if (ticket !== this.loading) return;
      this.item = null;
      this.missing = true;
      emit(this, 'api-error', { message: errorMessage(error) });
    }
  }

  /**
   * Another tab, a sync or a drop changed the item shown: it and its comments are read again. Unlike
   * load(), the zoom, the open comment and a draft being written stay.
   */
  async refresh(): Promise<void> {
    const id = this.itemId;
    const ticket = this.loading;
    if (!id || this.item?.id !== id) return;
    // This tab's own comment writes come back as changes too: read after them, and drop a reading
    // that a write started during (its own reading is newer), or it would close the comment just added.
    await this.notes.settled();
    const writes = this.notes.writesStarted;
    const now = await this.readShown(id).catch(() => undefined);
    if (now === undefined || ticket !== this.loading || this.itemId !== id || writes !== this.notes.writesStarted) return;
    // Removed for good elsewhere: it stays in view (with any text being written) and the viewer says once why writes will fail.
    if (!now) {
      if (this.goneNoticed !== id) this.notices.show('This item was removed elsewhere: changes to it can no longer be saved.', { kind: 'error' });
      this.goneNoticed = id;
      return;
    }
    this.item = now.item;
    this.notes.refreshed(now.comments);
  }

  /** The item and its comments; null when it is neither live nor in the trash (removed for good). */
  private async readShown(id: string): Promise<{ item: Item; comments: Comment[] } | null> {
    const item = await readItem(this.api, id);
    return item && { item, comments: (await this.api.get('/item/getComments', { id })) as Comment[] };
  }

  close(): void {
    emit(this, 'viewer-close', {});
  }

  navigate(direction: -1 | 1): void {
    emit(this, 'viewer-navigate', { direction });
  }

  setMode(mode: ZoomMode): void {
    this.mode = mode;
  }

  zoom(factor: number): void {
    this.renderRoot.querySelector<ImageStage>('image-stage')?.zoomBy(factor);
    this.mode = 'free';
  }

  /** Makes the video's current frame the item's thumbnail; the toast offers to put the old one back. */
  async useFrame(): Promise<void> {
    const item = this.item;
    const video = this.player?.media;
    if (!item || !(video instanceof HTMLVideoElement) || this.settingThumbnail) return;
    this.player!.pause();
    this.settingThumbnail = true;
    try {
      const undo = await useFrameAsThumbnail(this.api, item.id, item.thumbnailURL, video, this.library);
      this.thumbnailChanged(item.id);
      this.say('This frame is now the thumbnail.', { undo: undo ? () => void this.undoFrame(item.id, undo) : undefined });
    } catch (error) {
      emit(this, 'api-error', { message: errorMessage(error) });
    } finally {
      this.settingThumbnail = false;
    }
  }

  private async undoFrame(id: string, undo: () => Promise<unknown>): Promise<void> {
    this.say('Putting the previous thumbnail back…');
    try {
      await undo();
      this.thumbnailChanged(id);
      this.say('The previous thumbnail is back.');
    } catch (error) {
      emit(this, 'api-error', { message: errorMessage(error) });
    }
  }

  private say(message: string, { kind = 'info', undo }: { kind?: 'info' | 'error'; undo?: () => void } = {}): void {
    clearTimeout(this.noticeTimer);
    this.notice = { message: forPeople(message), kind, undo };
    this.noticeTimer = window.setTimeout(() => (this.notice = null), 8000);
  }

  /** Results in a polite live region, there from the start so that a new one is announced; an error is an alert, announced as it appears. */
  private renderNotice() {
    const notice = this.notice;
    const shown = notice
      ? html`<div class="notice" data-kind=${notice.kind}><span>${notice.message}</span>
          ${notice.undo ? html`<button type="button" class="notice-undo" @click=${notice.undo}>Undo</button>` : nothing}
          <button type="button" class="quiet notice-close" aria-label="Dismiss" @click=${() => (this.notice = null)}>${icons.close}</button></div>`
      : nothing;
    return html`<div class="notice-area">
      <div role="status">${notice?.kind === 'info' ? shown : nothing}</div>
      ${notice?.kind === 'error' ? html`<div role="alert">${shown}</div>` : nothing}
    </div>`;
  }

  private thumbnailChanged(id: string): void {
    bumpThumbnail(id);
    emit(this, 'item-changed', { id });
    this.requestUpdate();
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.composedPath()[0] as HTMLElement;
    if (target.closest?.('input, textarea, select, [role="radiogroup"]')) return;
    if (event.key === ' ' && target.closest?.('button, a')) return; // Space presses the focused button
    const keys: Record<string, () => void> = {
      ArrowLeft: () => this.navigate(-1),
      ArrowRight: () => this.navigate(1),
      '+': () => this.zoom(1.25),
      '=': () => this.zoom(1.25),
      '-': () => this.zoom(0.8),
      '0': () => this.setMode('fit'),
      '1': () => this.setMode('actual'),
      ' ': () => this.player?.toggle(),
    };
    const action = keys[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  private renderCard() {
    const { draft, active, redrawing } = this.notes;
    if (!draft && !active) return nothing;
    const whole = this.item ? { width: this.item.width, height: this.item.height } : undefined;
    const place = draft ? describePlace({ id: '', annotation: '', lastModified: 0, ...draft }, whole) : describePlace(active!, whole);
    const moveLabel = !active || draft ? '' : isTimeComment(active) ? 'Move to playhead' : redrawing ? 'Drag a new area…' : 'Redraw area';
    return html`<comment-card slot="card" .comment=${draft ? null : active} .draftText=${this.notes.draftText} .place=${place} .moveLabel=${moveLabel} ?readOnly=${this.readOnly}
      @card-move=${() => this.notes.moveActive()} @card-save=${(e: CustomEvent<{ annotation: string }>) => this.notes.save(e.detail.annotation)}
      @card-remove=${() => this.notes.removeActive()} @card-close=${() => this.notes.close()}></comment-card>`;
  }

  private renderBody(item: Item) {
    const notes = this.notes;
    const kind = mediaKind(item);
    const src = mediaUrl(item.fileURL, this.library);
    if (kind === 'image') {
      return html`<image-stage class="stage" .src=${src} .alt=${item.name} .size=${{ width: item.width, height: item.height }}
        .comments=${notes.comments} .activeId=${notes.activeId} .draft=${notes.draft as Rect | null} .drawing=${notes.drawing} .mode=${this.mode}
        @rect-drawn=${(e: CustomEvent<Rect>) => notes.drawn(e.detail)}
        @comment-pick=${(e: CustomEvent<{ commentId: string }>) => notes.pick(e.detail.commentId)}
        @zoom-change=${() => ((this.mode = 'free'), this.requestUpdate())} @zoom-toggle=${() => this.setMode(this.mode === 'fit' ? 'actual' : 'fit')}>${this.renderCard()}</image-stage>`;
    }
    if (kind === 'video' || kind === 'audio') {
      const draftAt = notes.draft && 'duration' in notes.draft ? notes.draft.duration : null;
      return html`<media-player class="stage" .src=${src} .kind=${kind} .label=${item.name} .poster=${mediaUrl(versionedThumbnail(item.thumbnailURL, item.id), this.library)}
        .comments=${notes.comments} .activeId=${notes.activeId} .draftAt=${draftAt}
        @comment-pick=${(e: CustomEvent<{ commentId: string }>) => notes.pick(e.detail.commentId)}>${this.renderCard()}</media-player>`;
    }
    const link = kind === 'bookmark' ? item.url : src;
    return html`<div class="stage other">
      <div class="placard">
        <img src=${mediaUrl(item.thumbnailURL, this.library)} alt=${item.name} />
        <h3>${item.name}</h3>
        ${kind === 'bookmark' ? html`<p class="link-text">${item.url}</p>` : html`<p class="link-text">${item.ext.toUpperCase()} file</p>`}
        ${link ? html`<a class="open" href=${link} target="_blank" rel="noopener noreferrer">${kind === 'bookmark' ? 'Open link' : 'Open file'} ${icons.external}</a>` : nothing}
      </div>
    </div>`;
  }

  override render() {
    const { item, notes } = this;
    return html`<dialog autofocus aria-label=${item ? `Viewer: ${item.name}` : 'Viewer'} @cancel=${(e: Event) => (e.preventDefault(), this.close())} @keydown=${this.onKey}>
      ${renderToolbar(this, item)}
      <div class="body">
        ${item && item.id === this.itemId
          ? this.renderBody(item)
          : html`<div class="stage other"><p class="loading" role="status">${this.missing ? 'This item could not be opened. It may have been removed.' : 'Loading…'}</p></div>`}
        ${item && this.sidebar
          ? html`<aside class="comments" aria-label="Comments">
              <h2>Comments <span class="count">${notes.comments.length || ''}</span></h2>
              <comment-list ?readOnly=${this.readOnly} .comments=${notes.comments} .activeId=${notes.activeId} .imageSize=${mediaKind(item) === 'image' ? { width: item.width, height: item.height } : undefined}
                .addHint=${mediaKind(item) === 'video' || mediaKind(item) === 'audio' ? '(at the playhead)' : '(on the whole image; or draw an area)'}
                @comment-pick=${(e: CustomEvent<{ commentId: string }>) => notes.pick(e.detail.commentId)}
                @comment-add=${(e: CustomEvent<CommentAdd>) => (e.detail.written = notes.write((c) => c.add(notes.listPlace(item), e.detail.annotation)))}
                @comment-save=${(e: CustomEvent<{ commentId: string; annotation: string }>) => notes.write((c) => c.update(e.detail.commentId, { annotation: e.detail.annotation }))}
                @comment-remove=${(e: CustomEvent<{ commentId: string }>) => notes.write((c) => c.remove(e.detail.commentId))}></comment-list>
            </aside>`
          : nothing}
      </div>
      ${this.renderNotice()}
    </dialog>`;
  }

  static override styles = viewerStyles;
}

define('item-viewer', ItemViewer);
