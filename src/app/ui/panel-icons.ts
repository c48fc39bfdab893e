/** The panels' inline SVG icons (no icon font: emoji glyphs are missing on many systems). Decorative: aria-hidden. */
import { html, svg } from 'lit';

const icon = (path: ReturnType<typeof svg>) =>
  html`<svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor"
    stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

export const icons = {
  comments: icon(svg`<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/>`),
  plus: icon(svg`<path d="M12 5v14M5 12h14"/>`),
  pencil: icon(svg`<path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"/>`),
  close: icon(svg`<path d="M6 6l12 12M18 6L6 18"/>`),
  previous: icon(svg`<path d="M15 5l-7 7 7 7"/>`),
  next: icon(svg`<path d="M9 5l7 7-7 7"/>`),
  zoomIn: icon(svg`<circle cx="11" cy="11" r="7"/><path d="M21 21l-5-5M8 11h6M11 8v6"/>`),
  zoomOut: icon(svg`<circle cx="11" cy="11" r="7"/><path d="M21 21l-5-5M8 11h6"/>`),
  similar: icon(svg`<rect x="3" y="3" width="8" height="8" rx="1.5"/><rect x="13" y="13" width="8" height="8" rx="1.5"/><path d="M15 3h6v6M9 21H3v-6"/>`),
  frame: icon(svg`<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l5-5 4 4 3-3 6 6"/><circle cx="16" cy="9" r="1.5"/>`),
  external: icon(svg`<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>`),
};
