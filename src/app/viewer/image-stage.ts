/**
 * <image-stage>: one image at fit, 100 % or any zoom, panned by dragging, with its rectangle comments
 * drawn over it. In drawing mode a drag draws a new rectangle (sent as `rect-drawn` in image pixels).
 * A click on a rectangle sends `comment-pick`. The card of the active comment or draft goes in slot "card".
 */
import { LitElement, css, html, nothing } from 'lit';
import type { Comment } from '../api-types';
import { isRectComment, type Rect } from '../comments/comment-kinds';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';
import { centeredView, clampView, fitScale, rectBetween, toImagePoint, toScreenRect, zoomAround, type Point, type Size, type View } from './view-transform';

export type ZoomMode = 'fit' | 'actual' | 'free';
const MIN_DRAWN = 2; // image pixels: a smaller drag is a click, not a rectangle

export class ImageStage extends LitElement {
  static override properties = {
    src: { attribute: false },
    alt: { attribute: false },
    size: { attribute: false },
    comments: { attribute: false },
    activeId: { attribute: false },
    draft: { attribute: false },
    drawing: { attribute: false },
    mode: { attribute: false },
    view: { state: true },
    dragRect: { state: true },
    failed: { state: true },
  };

  declare src: string;
  declare alt: string;
  /** The image's size in pixels (from the item; corrected once the image has loaded). */
  declare size: Size;
  declare comments: Comment[];
  declare activeId: string | null;
  declare draft: Rect | null;
  declare drawing: boolean;
  declare mode: ZoomMode;
  declare view: View;
  declare dragRect: Rect | null;
  /** The browser could not decode the image. */
  declare failed: boolean;
  private box: Size = { width: 0, height: 0 };
  private gesture: { kind: 'pan' | 'draw'; start: Point; view: View; id: number } | null = null;
  private readonly resize = new ResizeObserver(([entry]) => {
    if (!entry) return;
    this.box = { width: entry.contentRect.width, height: entry.contentRect.height };
    this.applyMode();
  });

  constructor() {
    super();
    this.src = '';
    this.alt = '';
    this.size = { width: 0, height: 0 };
    this.comments = [];
    this.activeId = null;
    this.draft = null;
    this.drawing = false;
    this.mode = 'fit';
    this.view = { scale: 1, x: 0, y: 0 };
    this.dragRect = null;
    this.failed = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('src')) this.failed = false;
    if (changed.has('mode') || changed.has('size') || changed.has('src')) this.applyMode();
  }

  /** The current scale, for the toolbar's zoom read-out. */
  get scale(): number {
    return this.view.scale;
  }

  private applyMode(): void {
    if (this.mode === 'fit') this.view = centeredView(this.size, this.box, fitScale(this.size, this.box));
    else if (this.mode === 'actual') this.view = centeredView(this.size, this.box, 1);
    else this.view = clampView(this.view, this.size, this.box);
  }

  /** Zooms around the centre of the stage (toolbar buttons, + and - keys). */
  zoomBy(factor: number): void {
    this.view = zoomAround(this.view, factor, { x: this.box.width / 2, y: this.box.height / 2 }, this.size, this.box);
    this.mode = 'free';
    this.dispatchEvent(new CustomEvent('zoom-change', { detail: { scale: this.view.scale } }));
  }

  /** The wheel zooms around the pointer, as image viewers do. */
  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const bounds = this.getBoundingClientRect();
    const anchor = { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
    this.view = zoomAround(this.view, Math.exp(-event.deltaY * 0.002), anchor, this.size, this.box);
    this.mode = 'free';
    this.dispatchEvent(new CustomEvent('zoom-change', { detail: { scale: this.view.scale } }));
  }

  private local(event: PointerEvent | MouseEvent): Point {
    const bounds = this.getBoundingClientRect();
    return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
  }

  private onDown(event: PointerEvent): void {
    if (event.button !== 0 || (event.target as Element).closest('.mark, .card')) return;
    const kind = this.drawing ? 'draw' : 'pan';
    this.gesture = { kind, start: this.local(event), view: this.view, id: event.pointerId };
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  private onMove(event: PointerEvent): void {
    const gesture = this.gesture;
    if (!gesture || gesture.id !== event.pointerId) return;
    const point = this.local(event);
    if (gesture.kind === 'pan') {
      const moved = { ...gesture.view, x: gesture.view.x + point.x - gesture.start.x, y: gesture.view.y + point.y - gesture.start.y };
      this.view = clampView(moved, this.size, this.box);
      if (this.mode === 'fit' && this.view.x !== gesture.view.x) this.mode = 'free';
    } else {
      this.dragRect = rectBetween(toImagePoint(this.view, gesture.start, this.size), toImagePoint(this.view, point, this.size));
    }
  }

  private onUp(event: PointerEvent): void {
    const gesture = this.gesture;
    if (!gesture || gesture.id !== event.pointerId) return;
    this.gesture = null;
    const rect = this.dragRect;
    this.dragRect = null;
    if (gesture.kind === 'draw' && rect && rect.width >= MIN_DRAWN && rect.height >= MIN_DRAWN) {
      this.dispatchEvent(new CustomEvent('rect-drawn', { detail: rect }));
    }
  }

  private onLoad(event: Event): void {
    const img = event.target as HTMLImageElement;
    if (img.naturalWidth && (img.naturalWidth !== this.size.width || img.naturalHeight !== this.size.height)) {
      this.size = { width: img.naturalWidth, height: img.naturalHeight };
    }
  }

  private box_(rect: Rect) {
    const r = toScreenRect(this.view, rect);
    return `left:${r.x}px;top:${r.y}px;width:${r.width}px;height:${r.height}px`;
  }

  override render() {
    const { x, y, scale } = this.view;
    const rects = this.comments.filter(isRectComment);
    const anchorRect = this.draft ?? rects.find((c) => c.id === this.activeId) ?? null;
    const anchor = anchorRect ? toScreenRect(this.view, anchorRect) : null;
    return html`
      <div class="surface ${this.drawing ? 'drawing' : ''}" @pointerdown=${this.onDown} @pointermove=${this.onMove}
        @pointerup=${this.onUp} @pointercancel=${this.onUp} @wheel=${this.onWheel}
        @dblclick=${() => !this.drawing && this.dispatchEvent(new CustomEvent('zoom-toggle'))}>
        <img src=${this.src} alt=${this.alt} draggable="false" @load=${this.onLoad} @error=${() => (this.failed = true)}
          style="width:${this.size.width}px;height:${this.size.height}px;transform:translate(${x}px,${y}px) scale(${scale})" />
        ${rects.map(
          (c) => html`<button type="button" class="mark ${c.id === this.activeId ? 'active' : ''}" style=${this.box_(c)}
            aria-label="Comment: ${c.annotation || 'no text'}" title=${c.annotation}
            @click=${() => this.dispatchEvent(new CustomEvent('comment-pick', { detail: { commentId: c.id } }))}></button>`,
        )}
        ${this.draft ? html`<div class="mark draft" style=${this.box_(this.draft)}></div>` : nothing}
        ${this.dragRect ? html`<div class="mark drag" style=${this.box_(this.dragRect)}></div>` : nothing}
      </div>
      ${this.failed
        ? html`<p class="failed" role="alert">This browser cannot show this image.
            <a href=${this.src} download>Download it</a> to open it in another program.</p>`
        : nothing}
      ${anchor
        ? html`<div class="card" style="left:${Math.max(8, Math.min(anchor.x, this.box.width - 328))}px;top:${Math.min(anchor.y + anchor.height + 8, Math.max(8, this.box.height - 200))}px">
            <slot name="card"></slot></div>`
        : nothing}
    `;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: block; position: relative; overflow: hidden; touch-action: none; }
      .surface { position: absolute; inset: 0; cursor: grab; }
      .surface:active { cursor: grabbing; }
      .surface.drawing { cursor: crosshair; }
      img { position: absolute; left: 0; top: 0; transform-origin: 0 0; max-width: none; user-select: none; image-rendering: auto; }
      .mark {
        position: absolute; min-height: 0; padding: 0; border: 2px solid #ffd02f; border-radius: 3px;
        background: rgb(255 208 47 / 0.12); box-shadow: 0 0 0 1px rgb(0 0 0 / 0.45);
      }
      .mark:hover { background: rgb(255 208 47 / 0.25); }
      .mark.active { border-color: #4d9bff; background: rgb(77 155 255 / 0.18); }
      .mark.draft, .mark.drag { border-style: dashed; border-color: #fff; pointer-events: none; }
      .failed {
        position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); width: min(24rem, calc(100% - 2rem));
        margin: 0; padding: 1rem; border-radius: 10px; background: #2a2c31; color: #f1f3f4; text-align: center;
      }
      .failed a { color: #8ab4ff; }
      .card { position: absolute; z-index: 2; width: min(320px, calc(100% - 16px)); }
    `,
  ];
}

define('image-stage', ImageStage);
