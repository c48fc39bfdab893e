/**
 * <item-viewer>: the full-size view of one item in a modal <dialog>. Images zoom (fit, 100 %, in/out)
 * and pan; video and audio seek; bookmarks open their URL. Comments show where they sit (rectangles
 * on the image, markers on the timeline) and are drawn, added, edited and removed in place.
 * Events: viewer-close, viewer-navigate {direction: -1 | 1}, item-changed {id}, api-error {message}.
 * The shell answers viewer-close with itemId = null and viewer-navigate with the neighbour's id.
 */
import { LitElement, html, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import type { Comment, Item, Page } from '../api-types';
import { describePlace, isTimeComment, type Rect } from '../comments/comment-kinds';
import '../comments/comment-list';
import { ItemComments, type CommentPlace } from '../comments/item-comments';
import { define } from '../ui/define';
import { emit, errorMessage, writeThrough } from '../ui/events';
import { icons } from '../ui/icons';
import { mediaKind } from '../ui/media-kind';
import { mediaUrl } from '../ui/media-url';
import { WriteQueue } from '../ui/write-queue';
import './comment-card';
import './image-stage';
import type { ImageStage, ZoomMode } from './image-stage';
import './media-player';
import type { MediaPlayer } from './media-player';
import { renderToolbar } from './viewer-toolbar';
import { viewerStyles } from './viewer-styles';

export class ItemViewer extends LitElement {
  static override properties = {
    api: { attribute: false },
    itemId: { attribute: false },
    library: { attribute: false },
    item: { state: true },
    comments: { state: true },
    mode: { state: true },
    drawing: { state: true },
    draft: { state: true },
    redrawing: { state: true },
    activeId: { state: true },
    sidebar: { state: true },
    missing: { state: true },
  };

  declare api: ApiClient;
  declare itemId: string | null;
  /** Set only when `api` works on a library other than the current one (media URLs must name it). */
  declare library: string | undefined;
  declare item: Item | null;
  declare comments: Comment[];
  declare mode: ZoomMode;
  declare drawing: boolean;
  declare draft: CommentPlace | null;
  /** The rectangle comment whose area the next drawn rectangle replaces. */
  declare redrawing: string | null;
  declare activeId: string | null;
  declare sidebar: boolean;
  declare missing: boolean;
  private loading = 0;
  private readonly writes = new WriteQueue();

  constructor() {
    super();
    this.itemId = null;
    this.item = null;
    this.comments = [];
    this.mode = 'fit';
    this.missing = false;
    this.drawing = false;
    this.draft = null;
    this.redrawing = null;
    this.activeId = null;
    this.sidebar = typeof matchMedia === 'function' ? matchMedia('(min-width: 900px)').matches : true;
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
    this.draft = null;
    this.activeId = null;
    this.mode = 'fit';
    if (!id) return void (this.item = null);
    try {
      const [page, comments] = await Promise.all([
        this.api.get<Page<Item>>('/item/get', { id }),
        this.api.get<Comment[]>('/item/getComments', { id }),
      ]);
      if (ticket !== this.loading) return;
      this.item = page.data[0] ?? null;
      this.missing = !this.item;
      this.comments = comments;
    } catch (error) {
      if (ticket !== this.loading) return;
      this.item = null;
      this.missing = true;
      emit(this, 'api-error', { message: errorMessage(error) });
    }
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

  toggleDrawing(): void {
    this.drawing = !this.drawing;
    this.redrawing = null;
    if (!this.drawing) this.draft = null;
  }

  /** Starts a comment at the playhead (video and audio). */
  commentNow(): void {
    const player = this.renderRoot.querySelector<MediaPlayer>('media-player');
    if (!player) return;
    player.pause();
    this.activeId = null;
    this.draft = { duration: Math.round(player.currentTime * 10) / 10 };
  }

  private async write(work: (comments: ItemComments) => Promise<Comment | true>): Promise<void> {
    const item = this.item;
    if (!item) return;
    const comments = new ItemComments(this.api, item.id);
    const [answer, list] = await this.writes.run(async () => {
      const written = await writeThrough(this, item.id, () => work(comments));
      return [written, await comments.list().catch(() => undefined)] as const;
    });
    if (this.item?.id !== item.id) return;
    if (list) this.comments = list;
    if (answer && answer !== true) this.activeId = answer.id;
  }

  private async saveCard(annotation: string): Promise<void> {
    const draft = this.draft;
    if (draft) {
      this.draft = null;
      await this.write((c) => c.add(draft, annotation));
    } else if (this.activeId) {
      const id = this.activeId;
      await this.write((c) => c.update(id, { annotation }));
    }
  }

  private async removeActive(): Promise<void> {
    const id = this.activeId;
    if (!id) return;
    this.activeId = null;
    await this.write((c) => c.remove(id));
  }

  /** Puts the active comment elsewhere: a new area drawn next, or the playhead. */
  private moveActive(): void {
    const comment = this.comments.find((c) => c.id === this.activeId);
    if (!comment) return;
    if (isTimeComment(comment)) {
      const at = Math.round((this.renderRoot.querySelector<MediaPlayer>('media-player')?.currentTime ?? 0) * 10) / 10;
      void this.write((c) => c.update(comment.id, { duration: at }));
    } else {
      this.redrawing = comment.id;
      this.drawing = true;
    }
  }

  private drawn(rect: Rect): void {
    const id = this.redrawing;
    if (!id) {
      this.activeId = null;
      this.draft = rect;
      return;
    }
    this.redrawing = null;
    this.drawing = false;
    void this.write((c) => c.update(id, rect));
  }

  private pick(commentId: string): void {
    this.draft = null;
    this.activeId = commentId;
    const comment = this.comments.find((c) => c.id === commentId);
    if (comment && isTimeComment(comment)) this.renderRoot.querySelector<MediaPlayer>('media-player')?.seek(comment.duration);
  }

  /** Where a comment added from the side list goes: the playhead of a video, else the whole image. */
  private listPlace(item: Item): CommentPlace {
    const player = this.renderRoot.querySelector<MediaPlayer>('media-player');
    if (player) return { duration: Math.round(player.currentTime * 10) / 10 };
    return { x: 0, y: 0, width: Math.max(1, item.width), height: Math.max(1, item.height) };
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
      ' ': () => this.renderRoot.querySelector<MediaPlayer>('media-player')?.toggle(),
    };
    const action = keys[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  private renderCard() {
    const active = this.comments.find((c) => c.id === this.activeId) ?? null;
    if (!this.draft && !active) return nothing;
    const place = this.draft ? describePlace({ id: '', annotation: '', lastModified: 0, ...this.draft }) : describePlace(active!);
    const moveLabel = !active || this.draft ? '' : isTimeComment(active) ? 'Move to playhead' : this.redrawing ? 'Drag a new area…' : 'Redraw area';
    return html`<comment-card slot="card" .comment=${this.draft ? null : active} .place=${place} .moveLabel=${moveLabel} @card-move=${this.moveActive}
      @card-save=${(e: CustomEvent<{ annotation: string }>) => this.saveCard(e.detail.annotation)}
      @card-remove=${this.removeActive} @card-close=${() => ((this.draft = null), (this.activeId = null))}></comment-card>`;
  }

  private renderBody(item: Item) {
    const kind = mediaKind(item);
    const src = mediaUrl(item.fileURL, this.library);
    if (kind === 'image') {
      return html`<image-stage class="stage" .src=${src} .alt=${item.name} .size=${{ width: item.width, height: item.height }}
        .comments=${this.comments} .activeId=${this.activeId} .draft=${this.draft as Rect | null} .drawing=${this.drawing} .mode=${this.mode}
        @rect-drawn=${(e: CustomEvent<Rect>) => this.drawn(e.detail)}
        @comment-pick=${(e: CustomEvent<{ commentId: string }>) => this.pick(e.detail.commentId)}
        @zoom-change=${() => ((this.mode = 'free'), this.requestUpdate())} @zoom-toggle=${() => this.setMode(this.mode === 'fit' ? 'actual' : 'fit')}>${this.renderCard()}</image-stage>`;
    }
    if (kind === 'video' || kind === 'audio') {
      const draftAt = this.draft && 'duration' in this.draft ? this.draft.duration : null;
      return html`<media-player class="stage" .src=${src} .kind=${kind} .label=${item.name} .poster=${mediaUrl(item.thumbnailURL, this.library)}
        .comments=${this.comments} .activeId=${this.activeId} .draftAt=${draftAt}
        @comment-pick=${(e: CustomEvent<{ commentId: string }>) => this.pick(e.detail.commentId)}>${this.renderCard()}</media-player>`;
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
    const item = this.item;
    return html`<dialog autofocus aria-label=${item ? `Viewer: ${item.name}` : 'Viewer'} @cancel=${(e: Event) => (e.preventDefault(), this.close())} @keydown=${this.onKey}>
      ${renderToolbar(this, item)}
      <div class="body">
        ${item && item.id === this.itemId
          ? this.renderBody(item)
          : html`<div class="stage other"><p class="loading" role="status">${this.missing ? 'This item could not be opened. It may have been removed.' : 'Loading…'}</p></div>`}
        ${item && this.sidebar
          ? html`<aside class="comments" aria-label="Comments">
              <h2>Comments <span class="count">${this.comments.length || ''}</span></h2>
              <comment-list .comments=${this.comments} .activeId=${this.activeId}
                .addHint=${mediaKind(item) === 'video' || mediaKind(item) === 'audio' ? '(at the playhead)' : '(on the whole image; or draw an area)'}
                @comment-pick=${(e: CustomEvent<{ commentId: string }>) => this.pick(e.detail.commentId)}
                @comment-add=${(e: CustomEvent<{ annotation: string }>) => this.write((c) => c.add(this.listPlace(item), e.detail.annotation))}
                @comment-save=${(e: CustomEvent<{ commentId: string; annotation: string }>) => this.write((c) => c.update(e.detail.commentId, { annotation: e.detail.annotation }))}
                @comment-remove=${(e: CustomEvent<{ commentId: string }>) => this.write((c) => c.remove(e.detail.commentId))}></comment-list>
            </aside>`
          : nothing}
      </div>
    </dialog>`;
  }

  static override styles = viewerStyles;
}

define('item-viewer', ItemViewer);
