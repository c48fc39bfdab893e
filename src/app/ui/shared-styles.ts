/**
 * Styles shared by the panels' shadow roots: controls, focus rings, chips. Colours come from the
 * app's custom properties (--text, --line, --accent, ...), inherited into the shadow roots, with defaults.
 */
import { css } from 'lit';

export const sharedStyles = css`
  :host {
    /* The shell's theme variables (ui/theme.css of the shell) when present, else these defaults. */
    --_text: var(--text, #1d1d1f);
    --_muted: var(--muted, #5f6368);
    --_line: var(--line, #dadce0);
    --_surface: var(--panel, #ffffff);
    --_raised: var(--panel-2, #f4f5f7);
    --_accent: var(--accent, #2458d3);
    --_danger: var(--danger, #b3261e);
    --_focus: var(--focus, #2458d3);
    color: var(--_text);
    font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif;
    box-sizing: border-box;
  }
  *, *::before, *::after { box-sizing: inherit; }
  :focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
  button, input, textarea, select { font: inherit; color: inherit; }
  button {
    display: inline-flex; align-items: center; justify-content: center; gap: 0.35em;
    min-height: 32px; padding: 0.25em 0.75em; border: 1px solid var(--_line); border-radius: 6px;
    background: var(--_surface); cursor: pointer;
  }
  button:hover { background: var(--_raised); }
  button.primary { background: var(--_accent); border-color: var(--_accent); color: #fff; }
  button.primary:hover { filter: brightness(1.08); }
  button.quiet { border-color: transparent; background: transparent; }
  button.quiet:hover { background: var(--_raised); }
  button.danger { color: var(--_danger); }
  button[aria-pressed='true'] { background: var(--_accent); border-color: var(--_accent); color: #fff; }
  input[type='text'], input[type='url'], input:not([type]), textarea, select {
    width: 100%; min-height: 32px; padding: 0.3em 0.55em; border: 1px solid var(--_line); border-radius: 6px;
    background: var(--_surface);
  }
  textarea { resize: vertical; min-height: 4.2em; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  .chip {
    display: inline-flex; align-items: center; gap: 0.2em; max-width: 100%;
    padding: 0.05em 0.2em 0.05em 0.6em; border-radius: 999px; background: var(--_raised);
    border: 1px solid var(--_line); font-size: 13px;
  }
  .chip > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .chip button { min-height: 22px; width: 22px; padding: 0; border: 0; border-radius: 50%; background: transparent; }
  .chip button:hover { background: var(--_line); }
`;
