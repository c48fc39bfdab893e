import { css } from 'lit';

export const reviewStyles = css`
  :host { display: block; overflow: auto; }
  h2 { margin: 0 0 4px; font-size: 1.25rem; }
  .status { margin: 0 0 12px; color: var(--_muted); display: flex; gap: 8px; align-items: center; }
  .merged { margin: 0 0 12px; padding: 8px 12px; border-radius: 6px; background: var(--_raised); display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .groups { display: grid; gap: 16px; }
  .group { border: 1px solid var(--_line); border-radius: 8px; padding: 12px; }
  .group h3 { margin: 0 0 8px; font-size: 1rem; }
  .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px; margin-bottom: 10px; }
  .card {
    display: grid; gap: 2px; padding: 8px; border: 2px solid var(--_line); border-radius: 8px; cursor: pointer;
    background: var(--_surface);
  }
  .card:has(input:checked) { border-color: var(--_accent); background: var(--_raised); }
  .card:has(input:focus-visible) { outline: 2px solid var(--_focus); outline-offset: 2px; }
  .card input { justify-self: start; margin: 0 0 4px; }
  .card img { width: 100%; aspect-ratio: 4 / 3; object-fit: contain; background: var(--_raised); border-radius: 4px; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .facts { color: var(--_muted); font-size: 0.85rem; }
  @media (max-width: 520px) {
    .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  }
`;
