/**
 * The handle between two panels: drag it, or focus it and press ←/→, to resize the panel; it tells
 * the shell the new width. A `role=separator` with its value, so assistive tech can use it too.
 */
import { html } from 'lit';
import { PANEL_MAX, PANEL_MIN } from '../prefs/prefs-store';
import { LightElement } from '../ui/light-element';

export class PanelSplitter extends LightElement {
  declare width: number;
  /** Which side the panel is on: dragging right widens a left panel and narrows a right one. */
  declare side: 'left' | 'right';
  declare label: string;
  static override properties = { width: { type: Number }, side: { type: String }, label: { type: String } };

  constructor() {
    super();
    this.width = 240;
    this.side = 'left';
    this.label = 'Resize panel';
  }

  private resize(width: number): void {
    const clamped = Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(width)));
    this.dispatchEvent(new CustomEvent<number>('panel-resize', { detail: clamped, bubbles: true }));
  }

  private onPointerDown(event: PointerEvent): void {
    const handle = event.currentTarget as HTMLElement;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = this.width;
    const sign = this.side === 'left' ? 1 : -1;
    const move = (e: PointerEvent) => this.resize(startWidth + sign * (e.clientX - startX));
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  }

  private onKeyDown(event: KeyboardEvent): void {
    const step = event.shiftKey ? 40 : 10;
    const sign = this.side === 'left' ? 1 : -1;
    if (event.key === 'ArrowRight') this.resize(this.width + sign * step);
    else if (event.key === 'ArrowLeft') this.resize(this.width - sign * step);
    else return;
    event.preventDefault();
  }

  override render() {
    return html`<div
      class="splitter-handle"
      role="separator"
      tabindex="0"
      aria-orientation="vertical"
      aria-label=${this.label}
      aria-valuemin=${PANEL_MIN}
      aria-valuemax=${PANEL_MAX}
      aria-valuenow=${this.width}
      @pointerdown=${this.onPointerDown}
      @keydown=${this.onKeyDown}
    ></div>`;
  }
}
customElements.define('panel-splitter', PanelSplitter);
