/** The viewer's look: a dark full-window dialog, a one-row toolbar, and a comments column that drops below at 390 px. */
import { css } from 'lit';
import { sharedStyles } from '../ui/shared-styles';

export const viewerStyles = [
  sharedStyles,
  css`
    dialog {
      width: 100vw; height: 100dvh; max-width: none; max-height: none; margin: 0; padding: 0; border: 0;
      background: #16171a; color: #f1f3f4; display: none; flex-direction: column; overflow: hidden;
      --_focus: var(--viewer-focus-color, #8ab4ff); /* a ring that shows on the dark stage */
    }
    .comments { --_focus: var(--focus, #2458d3); }
    dialog[open] { display: flex; }
    dialog:focus { outline: none; } /* it takes focus on opening, so keys reach the viewer */
    dialog::backdrop { background: rgb(0 0 0 / 0.7); }
    .toolbar {
      display: flex; flex-wrap: nowrap; align-items: center; gap: 0.25rem 0.5rem; padding: 0.4rem 0.6rem;
      background: #202226; border-bottom: 1px solid #33363b;
    }
    .toolbar button.quiet { color: #e8eaed; min-width: 36px; min-height: 36px; font-size: 15px; }
    .toolbar button.quiet:hover { background: #33363b; }
    .toolbar button.quiet[aria-pressed='true'] { background: #2f5fd0; color: #fff; }
    .toolbar button.quiet:disabled { opacity: 0.35; cursor: default; background: none; }
    .toolbar button.quiet[aria-disabled='true'] { opacity: 0.6; cursor: progress; } /* busy, but keeps the focus */
    .title { flex: 1 1 0; min-width: 0; margin: 0 0.5rem 0 0.25rem; font-size: 15px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .group { display: inline-flex; align-items: center; gap: 2px; padding-right: 0.4rem; border-right: 1px solid #33363b; }
    .icon { flex: none; }
    .zoom-level { min-width: 3.2em; font-size: 12px; color: #bdc1c6; text-align: right; font-variant-numeric: tabular-nums; }
    .spacer { flex: 0 0 0; } /* the title takes the room: the last buttons stay at the right end */
    .body { flex: 1; min-height: 0; display: flex; }
    .stage { flex: 1; min-width: 0; min-height: 0; }
    .other { display: grid; place-items: center; padding: 1.5rem; overflow: auto; }
    .placard { display: grid; gap: 0.6rem; justify-items: center; max-width: 520px; text-align: center; }
    .placard img { width: min(320px, 70vw); max-height: 45vh; object-fit: contain; border-radius: 10px; background: #26282c; }
    .placard h3 { margin: 0.4rem 0 0; font-size: 18px; }
    .link-text { margin: 0; color: #bdc1c6; overflow-wrap: anywhere; }
    .open {
      display: inline-flex; align-items: center; gap: 0.4rem; min-height: 40px; padding: 0 1.2rem; border-radius: 8px;
      background: #2f5fd0; color: #fff; font-weight: 600; text-decoration: none;
    }
    .open:hover { filter: brightness(1.1); }
    .loading { color: #9aa0a6; }
    .comments {
      flex: none; width: 320px; overflow-y: auto; padding: 0.8rem; background: #f6f7f9; color: var(--_text);
      border-left: 1px solid #33363b;
    }
    .comments h2 { margin: 0 0 0.6rem; font-size: 13px; text-transform: uppercase; letter-spacing: 0.03em; color: var(--_muted); }
    .count { color: var(--_accent); }
    .notice-area { position: absolute; left: 50%; bottom: 5.5rem; transform: translateX(-50%); z-index: 3; width: max-content; max-width: calc(100vw - 1rem); }
    .notice {
      display: flex; align-items: center; gap: 0.6rem; padding: 0.4rem 0.4rem 0.4rem 1rem; border-radius: 8px;
      background: #f1f3f4; color: #202124; box-shadow: 0 4px 16px rgb(0 0 0 / 0.4); font-size: 14px;
    }
    .notice[data-kind='error'] { background: #fce8e6; color: #7a1d17; }
    .notice-undo { min-height: 36px; padding: 0 0.9rem; border: 0; border-radius: 6px; background: #2f5fd0; color: #fff; font-weight: 600; }
    .notice-close { color: #202124; min-width: 32px; min-height: 32px; }
    @media (max-width: 700px) {
      .body { flex-direction: column; }
      .comments { width: auto; max-height: 42dvh; border-left: 0; border-top: 1px solid #33363b; }
      .wide-only, .zoom-level { display: none; }
      .toolbar { gap: 0.25rem; padding: 0.3rem 0.4rem; }
      .toolbar button.quiet { min-width: 34px; padding-inline: 0.3rem; }
      .group { border-right: 0; padding-right: 0; }
      .title { font-size: 14px; margin: 0 0.25rem; }
    }
  `,
];
