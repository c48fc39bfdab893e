/**
 * The viewer's comment state and its writes: the comment shown in a card, a draft being written (an
 * area just drawn or a moment of the playhead), drawing mode and redrawing an area. A Lit reactive
 * controller: its host re-renders whenever this changes. Every write goes through the API, one at a time.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../api-client';
import type { Comment, Item } from '../api-types';
import { isTimeComment, type Rect } from '../comments/comment-kinds';
import { ItemComments, type CommentPlace } from '../comments/item-comments';
import { writeThrough } from '../ui/events';
import { WriteQueue } from '../ui/write-queue';
import type { MediaPlayer } from './media-player';

export interface CommentHost extends ReactiveControllerHost, HTMLElement {
  api: ApiClient;
  item: Item | null;
  /** The player of a video or audio item, or null. */
  readonly player: MediaPlayer | null;
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

export class CommentEditing implements ReactiveController {
  comments: Comment[] = [];
  /** The comment whose card is open. */
  activeId: string | null = null;
  /** A comment being written, not stored yet. */
  draft: CommentPlace | null = null;
  /** The text its box opens with: '' for a new one, the text of one the API refused. */
  draftText = '';
  /** Dragging on the image draws an area. */
  drawing = false;
  /** The area comment that the next drawn area replaces. */
  redrawing: string | null = null;
  private readonly writes = new WriteQueue();
  private last: Promise<void> = Promise.resolve();
  /** Bumped by each reset (another item, or the same one opened again) and each write started. */
  private resets = 0;
  private started = 0;

  constructor(private readonly host: CommentHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  private changed(): void {
    this.host.requestUpdate();
  }

  get active(): Comment | null {
    return this.comments.find((c) => c.id === this.activeId) ?? null;
  }

  /** A new item: its comments, nothing open. */
  reset(comments: Comment[]): void {
    this.resets += 1;
    Object.assign(this, { comments, activeId: null, draft: null, draftText: '', redrawing: null });
    this.changed();
  }

  /** The item's comments as another tab left them: the open one stays open unless it was removed. */
  refreshed(comments: Comment[]): void {
    const open = comments.some((c) => c.id === this.activeId);
    Object.assign(this, { comments, activeId: open ? this.activeId : null });
    this.changed();
  }

  close(): void {
    Object.assign(this, { activeId: null, draft: null });
    this.changed();
  }

  toggleDrawing(): void {
    this.drawing = !this.drawing;
    this.redrawing = null;
    if (!this.drawing) this.draft = null;
    this.changed();
  }

  pick(commentId: string): void {
    Object.assign(this, { draft: null, activeId: commentId });
    const comment = this.active;
    if (comment && isTimeComment(comment)) this.host.player?.seek(comment.duration);
    this.changed();
  }

  /** Starts a comment at the playhead (video and audio). */
  commentNow(): void {
    const player = this.host.player;
    if (!player) return;
    player.pause();
    Object.assign(this, { activeId: null, draft: { duration: tenths(player.currentTime) }, draftText: '' });
    this.changed();
  }

  /** An area was drawn: a new comment's draft, or the new place of the one being redrawn. */
  drawn(rect: Rect): void {
    const id = this.redrawing;
    if (!id) {
      Object.assign(this, { activeId: null, draft: rect, draftText: '' });
      return this.changed();
    }
    Object.assign(this, { redrawing: null, drawing: false });
    void this.write((c) => c.update(id, rect));
  }

  /** Puts the open comment elsewhere: an area drawn next, or the playhead. */
  moveActive(): void {
    const comment = this.active;
    if (!comment) return;
    if (isTimeComment(comment)) {
      const at = tenths(this.host.player?.currentTime ?? 0);
      void this.write((c) => c.update(comment.id, { duration: at }));
      return;
    }
    Object.assign(this, { redrawing: comment.id, drawing: true });
    this.changed();
  }

  /**
   * The card's text: adds the draft, or changes the open comment. A draft the API refuses comes
   * back with its text (the viewer says why), unless the person has moved on meanwhile.
   */
  async save(annotation: string): Promise<void> {
    const draft = this.draft;
    const id = this.activeId;
    if (draft) {
      const resets = this.resets;
      this.draft = null;
      const stored = await this.write((c) => c.add(draft, annotation));
      if (!stored && this.resets === resets && !this.draft && !this.activeId && !this.redrawing) {
        Object.assign(this, { draft, draftText: annotation });
        this.changed();
      }
    } else if (id) {
      await this.write((c) => c.update(id, { annotation }));
    }
  }

  async removeActive(): Promise<void> {
    const id = this.activeId;
    if (!id) return;
    this.activeId = null;
    await this.write((c) => c.remove(id));
  }

  /** Where a comment added from the list goes: the playhead of a video, else the whole image. */
  listPlace(item: Item): CommentPlace {
    const player = this.host.player;
    if (player) return { duration: tenths(player.currentTime) };
    return { x: 0, y: 0, width: Math.max(1, item.width), height: Math.max(1, item.height) };
  }

  /** Resolves once the latest write and the reading after it are done. */
  settled(): Promise<void> {
    return this.last;
  }

  /** How many writes have started: a reading of the comments begun before the last one is stale. */
  get writesStarted(): number {
    return this.started;
  }

  /** Runs one comment write, then reads the item's comments again; the written one becomes the open one. True once stored. */
  write(work: (comments: ItemComments) => Promise<Comment | true>): Promise<boolean> {
    this.started += 1;
    const written = this.writeNow(work);
    this.last = written.then(() => undefined);
    return written;
  }

  private async writeNow(work: (comments: ItemComments) => Promise<Comment | true>): Promise<boolean> {
    const item = this.host.item;
    if (!item) return false;
    const comments = new ItemComments(this.host.api, item.id);
    const [answer, list] = await this.writes.run(async () => {
      const written = await writeThrough(this.host, item.id, () => work(comments));
      return [written, await comments.list().catch(() => undefined)] as const;
    });
    if (this.host.item?.id === item.id) {
      if (list) this.comments = list;
      if (answer && answer !== true) this.activeId = answer.id;
      this.changed();
    }
    return answer !== undefined;
  }
}
