/** A few line icons (24×24, stroke), drawn inline so the app needs no icon font or request. */
import { html, svg, type TemplateResult } from 'lit';

const PATHS = {
  menu: svg`<path d="M4 6h16M4 12h16M4 18h16"/>`,
  panel: svg`<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M15 4v16"/>`,
  search: svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>`,
  upload: svg`<path d="M12 16V4m0 0L7 9m5-5 5 5M4 20h16"/>`,
  help: svg`<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01"/>`,
  all: svg`<rect x="4" y="4" width="7" height="7" rx="1"/><rect x="13" y="4" width="7" height="7" rx="1"/><rect x="4" y="13" width="7" height="7" rx="1"/><rect x="13" y="13" width="7" height="7" rx="1"/>`,
  unfiled: svg`<path d="M3 7h6l2 2h10v10H3z"/><path d="m9 13 6 0"/>`,
  untagged: svg`<path d="M3 12V4h8l9 9-8 8z"/><path d="m4 4 16 16"/>`,
  random: svg`<path d="M4 7h3l10 10h3M4 17h3l3-3m4-4 3-3h3M18 4l2 3-2 3M18 14l2 3-2 3"/>`,
  trash: svg`<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/>`,
  duplicates: svg`<rect x="3" y="7" width="12" height="12" rx="1.5"/><path d="M9 4h10.5A1.5 1.5 0 0 1 21 5.5V15"/>`,
  folder: svg`<path d="M3 6h6l2 2h10v11H3z"/>`,
  smart: svg`<path d="M3 6h6l2 2h10v11H3z"/><path d="M12 11v5m-2.5-2.5h5"/>`,
  tag: svg`<path d="M3 12V4h8l9 9-8 8z"/><circle cx="7.5" cy="8.5" r="1.2"/>`,
  chevron: svg`<path d="m9 6 6 6-6 6"/>`,
  close: svg`<path d="M6 6l12 12M18 6 6 18"/>`,
  filter: svg`<path d="M4 5h16l-6 8v6l-4-2v-4z"/>`,
  star: svg`<path d="m12 4 2.5 5.2 5.5.8-4 3.9 1 5.6-5-2.7-5 2.7 1-5.6-4-3.9 5.5-.8z"/>`,
  up: svg`<path d="M12 19V5m0 0-6 6m6-6 6 6"/>`,
  down: svg`<path d="M12 5v14m0 0-6-6m6 6 6-6"/>`,
  library: svg`<path d="M5 4h4v16H5zM11 4h4v16h-4zM17 5l3 .8-3.6 14.5-3-.8"/>`,
  plus: svg`<path d="M12 5v14M5 12h14"/>`,
  edit: svg`<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="m13 7 4 4"/>`,
  sparkle: svg`<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"/>`,
  image: svg`<rect x="3" y="5" width="18" height="14" rx="2"/><circle cx="9" cy="10" r="1.5"/><path d="m4 18 5-5 4 4 3-3 4 4"/>`,
  lock: svg`<rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>`,
};

export type IconName = keyof typeof PATHS;

export function icon(name: IconName, size = 18): TemplateResult {
  return html`<svg class="icon" width=${size} height=${size} viewBox="0 0 24 24" fill="none" stroke="currentColor"
    stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`;
}
