/**
 * <media-player>: a video or audio file with its own controls, so the timeline can carry the item's
 * video comments as markers. Seeking asks the worker for byte ranges. A marker click seeks there and
 * sends `comment-pick`; the card of the active comment or draft goes in slot "card".
 */
import { LitElement, css, html, nothing } from 'lit';
import type { Comment } from '../api-types';
import { formatTime, isTimeComment } from '../comments/comment-kinds';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';

export class MediaPlayer extends LitElement {
  static override properties = {
    src: { attribute: false },
    kind: { attribute: false },
    label: { attribute: false },
    poster: { attribute: false },
    comments: { attribute: false },
    activeId: { attribute: false },
    draftAt: { attribute: false },
    time: { state: true },
    duration: { state: true },
    playing: { state: true },
    failed: { state: true },
  };

  declare src: string;
  declare kind: 'video' | 'audio';
  /** The item's name: the media's accessible name. */
  declare label: string;
  declare poster: string;
  declare comments: Comment[];
  declare activeId: string | null;
  /** Time of a comment being written, in seconds, or null. */
  declare draftAt: number | null;
  declare time: number;
  declare duration: number;
  declare playing: boolean;
  /** The browser could not decode the file. */
  declare failed: boolean;

  constructor() {
    super();
    this.src = '';
    this.kind = 'video';
    this.label = '';
    this.poster = '';
    this.comments = [];
    this.activeId = null;
    this.draftAt = null;
    this.time = 0;
    this.duration = 0;
    this.playing = false;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('src')) {
      this.time = 0;
      this.duration = 0;
      this.playing = false;
      this.failed = false;
    }
  }

  get media(): HTMLMediaElement | null {
    return this.renderRoot.querySelector('video, audio');
  }

  /** The playhead, in seconds. */
  get currentTime(): number {
    return this.media?.currentTime ?? 0;
  }

  seek(seconds: number): void {
    const media = this.media;
    if (!media) return;
    media.currentTime = Math.max(0, Math.min(seconds, this.duration || seconds));
    this.time = media.currentTime;
  }

  toggle(): void {
    const media = this.media;
    if (!media) return;
    if (media.paused) void media.play().catch(() => undefined);
    else media.pause();
  }

  pause(): void {
    this.media?.pause();
  }

  private onMetadata(): void {
    const media = this.media!;
    // Recordings made by MediaRecorder carry no duration: seeking far ahead makes the browser find it.
    if (media.duration === Infinity) {
      media.currentTime = Number.MAX_SAFE_INTEGER;
      media.addEventListener('durationchange', () => (media.currentTime = 0), { once: true });
      return;
    }
    this.duration = Number.isFinite(media.duration) ? media.duration : 0;
  }

  private onDuration(): void {
    const d = this.media?.duration ?? 0;
    if (Number.isFinite(d)) this.duration = d;
  }

  private percent(seconds: number): number {
    return this.duration > 0 ? Math.min(100, (seconds / this.duration) * 100) : 0;
  }

  private renderMedia() {
    const events = {
      meta: () => this.onMetadata(),
      time: () => (this.time = this.media?.currentTime ?? 0),
    };
    if (this.kind === 'audio') {
      return html`<div class="audio-art">${this.poster ? html`<img src=${this.poster} alt="" />` : nothing}<span>${this.label}</span></div>
        <audio src=${this.src} preload="metadata" aria-label=${this.label} @error=${() => (this.failed = true)} @loadedmetadata=${events.meta} @durationchange=${this.onDuration}
          @timeupdate=${events.time} @seeked=${events.time} @play=${() => (this.playing = true)} @pause=${() => (this.playing = false)}></audio>`;
    }
    return html`<video src=${this.src} preload="metadata" playsinline aria-label=${this.label} @click=${this.toggle} @error=${() => (this.failed = true)}
      @loadedmetadata=${events.meta} @durationchange=${this.onDuration} @timeupdate=${events.time} @seeked=${events.time}
      @play=${() => (this.playing = true)} @pause=${() => (this.playing = false)}></video>`;
  }

  override render() {
    const marks = this.comments.filter(isTimeComment);
    const active = marks.find((c) => c.id === this.activeId);
    const anchorAt = this.draftAt ?? active?.duration ?? null;
    return html`
      <div class="screen">${this.renderMedia()}
        ${this.failed
          ? html`<p class="failed" role="alert">This browser cannot play this file.
              <a href=${this.src} download>Download it</a> to open it in another program.</p>`
          : nothing}
      </div>
      ${anchorAt !== null ? html`<div class="card" style="--at:${this.percent(anchorAt)}"><slot name="card"></slot></div>` : nothing}
      <div class="controls">
        <button type="button" class="play" aria-label=${this.playing ? 'Pause' : 'Play'} @click=${this.toggle}>${this.playing ? '❚❚' : '▶'}</button>
        <div class="timeline">
          <input type="range" aria-label="Seek" min="0" max=${this.duration || 0} step="0.1" .value=${String(this.time)}
            aria-valuetext="${formatTime(this.time)} of ${formatTime(this.duration)}"
            @input=${(e: Event) => this.seek(Number((e.target as HTMLInputElement).value))} />
          <div class="markers">
            ${marks.map(
              (c) => html`<button type="button" class="marker ${c.id === this.activeId ? 'active' : ''}" style="left:${this.percent(c.duration)}%"
                aria-label="Comment at ${formatTime(c.duration)}: ${c.annotation || 'no text'}" title="${formatTime(c.duration)} ${c.annotation}"
                @click=${() => {
                  this.seek(c.duration);
                  this.dispatchEvent(new CustomEvent('comment-pick', { detail: { commentId: c.id } }));
                }}></button>`,
            )}
            ${this.draftAt !== null ? html`<span class="marker draft" style="left:${this.percent(this.draftAt)}%"></span>` : nothing}
          </div>
        </div>
        <span class="time" aria-live="off">${formatTime(this.time)} / ${formatTime(this.duration)}</span>
      </div>
    `;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: flex; flex-direction: column; position: relative; min-height: 0; color: #f1f3f4; }
      .screen { flex: 1; min-height: 0; display: grid; place-items: center; position: relative; }
      .failed { position: absolute; max-width: 24rem; margin: 1rem; padding: 1rem; border-radius: 10px; background: #2a2c31; text-align: center; }
      .failed a { color: #8ab4ff; }
      .screen > video { width: 100%; height: 100%; object-fit: contain; background: #000; }
      .audio-art { display: grid; gap: 1rem; justify-items: center; font-size: 16px; }
      .audio-art img { width: min(240px, 50vw); aspect-ratio: 1; object-fit: cover; border-radius: 12px; }
      .controls { display: flex; align-items: center; gap: 0.75rem; padding: 0.6rem 1rem; background: rgb(0 0 0 / 0.4); }
      .play { width: 40px; height: 40px; border-radius: 50%; border: 0; background: #fff; color: #111; font-size: 14px; }
      .play:hover { background: #e8eaed; }
      .timeline { position: relative; flex: 1; min-width: 0; height: 32px; display: flex; align-items: center; }
      input[type='range'] { width: 100%; margin: 0; accent-color: #4d9bff; cursor: pointer; }
      .markers { position: absolute; left: 8px; right: 8px; top: 0; height: 8px; pointer-events: none; }
      .marker {
        position: absolute; top: -6px; width: 14px; height: 14px; min-height: 0; padding: 0; margin-left: -7px;
        border: 2px solid #111; border-radius: 50% 50% 50% 0; transform: rotate(-45deg); background: #ffd02f; pointer-events: auto;
      }
      .marker.active { background: #4d9bff; }
      .marker.draft { background: #fff; pointer-events: none; }
      .time { font-variant-numeric: tabular-nums; font-size: 13px; white-space: nowrap; }
      .card {
        position: absolute; z-index: 2; bottom: 64px; width: min(320px, calc(100% - 16px));
        left: clamp(8px, calc(var(--at) * 1% - 160px), calc(100% - min(320px, calc(100% - 16px)) - 8px)); color: initial;
      }
    `,
  ];
}

define('media-player', MediaPlayer);
