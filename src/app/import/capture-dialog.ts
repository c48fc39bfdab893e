/**
 * <capture-dialog>: "Capture screen". The person picks a window, a tab or the screen (the
 * browser's own picker, getDisplayMedia, which needs the click on "Choose…"); one frame is kept and
 * the capture stops at once. They drag over the frame to keep a part of it, or press Enter (or
 * "Add whole frame") for all of it. It dispatches bubbling `capture-taken` {file} with a PNG.
 */
import { css, html, LitElement, nothing } from 'lit';
import { regionOf, screenshotName, shownBox, type Point, type Region } from './capture-region';
import { sharedStyles } from '../ui/shared-styles';

export interface CaptureTaken {
  file: File;
}

type Step = 'choose' | 'waiting' | 'frame' | 'saving';

export const canCaptureScreen = () => typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** One frame of the stream, drawn into a canvas of its full size. */
async function grabFrame(stream: MediaStream): Promise<HTMLCanvasElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  // A captured surface may send its first frame a moment after play() resolves.
  if (!video.videoWidth) await new Promise((resolve) => video.addEventListener('resize', resolve, { once: true }));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  video.srcObject = null;
  return canvas;
}

const messageOf = (error: unknown) =>
  error instanceof DOMException && error.name === 'NotAllowedError'
    ? 'Nothing was captured: the choice was cancelled or screen capture is not allowed here.'
    : `Nothing was captured: ${error instanceof Error ? error.message : String(error)}`;

export class CaptureDialog extends LitElement {
  static override properties = { step: { state: true }, error: { state: true }, region: { state: true } };
  declare private step: Step;
  declare private error: string;
  declare private region: Region | null;
  private frame: HTMLCanvasElement | null = null;
  private dragFrom: Point | null = null;

  constructor() {
    super();
    this.step = 'choose';
    this.error = '';
    this.region = null;
  }

  private get dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')!;
  }

  open(): void {
    this.reset();
    this.dialog.showModal();
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('#choose')?.focus());
  }

  close(): void {
    this.dialog.close();
  }

  private reset(): void {
    this.step = 'choose';
    this.error = '';
    this.region = null;
    this.frame = null;
  }

  private async choose(): Promise<void> {
    this.error = '';
    this.step = 'waiting';
    let stream: MediaStream | undefined;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      this.frame = await grabFrame(stream);
      this.region = null;
      this.step = 'frame';
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.stage')?.focus();
    } catch (error) {
      this.error = messageOf(error);
      this.step = 'choose';
    } finally {
      // One frame is all we keep: the browser's "sharing your screen" ends here.
      stream?.getTracks().forEach((track) => track.stop());
    }
  }

  private get shown(): Region | null {
    const box = this.frame?.getBoundingClientRect();
    return box ? { x: box.left, y: box.top, width: box.width, height: box.height } : null;
  }

  private pointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    this.dragFrom = { x: event.clientX, y: event.clientY };
    this.region = null;
  }

  private pointerMove(event: PointerEvent): void {
    if (!this.dragFrom || !this.frame || !this.shown) return;
    this.region = regionOf(this.dragFrom, { x: event.clientX, y: event.clientY }, this.shown, this.frame);
  }

  private pointerUp(event: PointerEvent): void {
    this.pointerMove(event);
    this.dragFrom = null;
  }

  private keyDown(event: KeyboardEvent): void {
    if (this.step !== 'frame' || event.key !== 'Enter' || (event.target as HTMLElement).localName === 'button') return;
    event.preventDefault();
    void this.add(this.region);
  }

  /** Adds the region (or the whole frame) as a PNG. */
  private async add(region: Region | null): Promise<void> {
    const frame = this.frame;
    if (!frame || this.step === 'saving') return;
    this.step = 'saving';
    const part = region ?? { x: 0, y: 0, width: frame.width, height: frame.height };
    const canvas = document.createElement('canvas');
    canvas.width = part.width;
    canvas.height = part.height;
    canvas.getContext('2d')!.drawImage(frame, part.x, part.y, part.width, part.height, 0, 0, part.width, part.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) {
      this.error = 'The screenshot could not be made into a PNG.';
      this.step = 'frame';
      return;
    }
    const file = new File([blob], screenshotName(new Date()), { type: 'image/png' });
    this.dispatchEvent(new CustomEvent<CaptureTaken>('capture-taken', { detail: { file }, bubbles: true, composed: true }));
    this.close();
  }

  override render() {
    return html`<dialog aria-labelledby="capture-title" @keydown=${this.keyDown} @close=${() => this.reset()}>
      <div class="body">
        <h2 id="capture-title">Capture screen</h2>
        ${this.step === 'frame' || this.step === 'saving' ? this.renderFrame() : this.renderChoose()}
        <p class="error" role="alert">${this.error}</p>
      </div>
    </dialog>`;
  }

  private renderChoose() {
    return html`<p>Choose a window, a tab or the whole screen. One picture is taken, then you can keep all of it or a part.</p>
      <div class="actions">
        <button type="button" @click=${() => this.close()}>Cancel</button>
        <button id="choose" type="button" class="primary" ?disabled=${this.step === 'waiting'} @click=${() => void this.choose()}>
          ${this.step === 'waiting' ? 'Waiting for your choice…' : 'Choose what to capture…'}
        </button>
      </div>`;
  }

  private renderFrame() {
    const frame = this.frame!;
    const shown = this.region && this.shown ? shownBox(this.region, { ...this.shown, x: 0, y: 0 }, frame) : null;
    const size = this.region ? `${this.region.width} × ${this.region.height}` : `${frame.width} × ${frame.height}`;
    return html`<p id="capture-hint">Drag over the picture to keep a part of it, or press Enter to add ${this.region ? 'the part you chose' : 'the whole picture'}.</p>
      <div class="stage" tabindex="0" role="img" aria-label=${`Captured picture, ${frame.width} by ${frame.height} pixels; ${this.region ? `chosen part ${size}` : 'nothing chosen'}`}
        aria-describedby="capture-hint"
        @pointerdown=${this.pointerDown} @pointermove=${this.pointerMove} @pointerup=${this.pointerUp} @pointercancel=${() => (this.dragFrom = null)}>
        ${frame}
        ${shown ? html`<div class="region" style="left:${shown.x}px;top:${shown.y}px;width:${shown.width}px;height:${shown.height}px"></div>` : nothing}
      </div>
      <p class="size" aria-live="polite">${this.region ? `Part: ${size} pixels` : `Whole picture: ${size} pixels`}</p>
      <div class="actions">
        <button type="button" @click=${() => this.close()}>Cancel</button>
        <button type="button" @click=${() => void this.choose()}>Capture again</button>
        <button type="button" class=${this.region ? 'primary' : ''} ?disabled=${!this.region || this.step === 'saving'} @click=${() => void this.add(this.region)}>Add the part</button>
        <button type="button" class=${this.region ? '' : 'primary'} ?disabled=${this.step === 'saving'} @click=${() => void this.add(null)}>Add whole picture</button>
      </div>`;
  }

  static override styles = [
    sharedStyles,
    css`
    dialog { border: none; border-radius: 12px; padding: 0; width: min(960px, calc(100vw - 24px)); max-height: calc(100vh - 24px);
      box-shadow: 0 20px 60px rgb(0 0 0 / 0.3); color: #1c1f24; font: 14px/1.45 system-ui, sans-serif; }
    dialog::backdrop { background: rgb(15 18 24 / 0.45); }
    .body { display: grid; gap: 8px; padding: 18px 20px; }
    h2 { margin: 0; font-size: 17px; }
    p { margin: 0; }
    .stage { position: relative; justify-self: center; line-height: 0; cursor: crosshair; touch-action: none; user-select: none;
      border: 1px solid #c5cad3; }
    .stage canvas { display: block; max-width: 100%; max-height: 60vh; }
    .region { position: absolute; border: 2px solid #2f6fde; background: rgb(47 111 222 / 0.15);
      box-shadow: 0 0 0 9999px rgb(15 18 24 / 0.35); pointer-events: none; box-sizing: border-box; }
    .stage { overflow: hidden; }
    .size { color: #4a515c; font-variant-numeric: tabular-nums; }
    .error { color: #c62828; min-height: 1.2em; font-size: 13px; }
    .actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; }
    button:disabled { opacity: 0.55; cursor: default; }
  `,
  ];
}

customElements.define('capture-dialog', CaptureDialog);

declare global {
  interface HTMLElementTagNameMap {
    'capture-dialog': CaptureDialog;
  }
}
