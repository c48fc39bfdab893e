/** The bulk editor's look: the inspector's column of labelled sections, with presence lists and a progress bar. */
import { css } from 'lit';
import { inspectorStyles } from '../inspector/inspector-styles';

export const bulkStyles = [
  ...inspectorStyles,
  css`
    h2 { margin: 0; font-size: 16px; }
    /* One column no wider than the panel: an auto column grows to the longest name's width, pushing counts and buttons out of sight. */
    .presence { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; list-style: none; margin: 0 0 0.5rem; padding: 0; }
    /* A name keeps at least 5em (about eight letters): with a long count ("3,001 of 40,000") and both buttons, they wrap below it. */
    .presence li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; min-height: 32px; }
    .presence .name { flex: 1 1 5em; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .presence .some { color: var(--_muted); font-size: 12px; white-space: nowrap; }
    .presence .all { color: var(--_accent); font-size: 12px; font-weight: 600; white-space: nowrap; }
    .presence button { min-height: 28px; padding: 0.1em 0.5em; font-size: 12px; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
    button:disabled { opacity: 0.45; cursor: not-allowed; }
    .status { display: grid; gap: 0.3rem; }
    progress { width: 100%; height: 8px; accent-color: var(--_accent); }
    .error {
      margin: 0; padding: 0.5rem 0.7rem; border-radius: 6px; color: var(--_danger);
      background: color-mix(in srgb, var(--_danger) 8%, var(--_surface)); border: 1px solid var(--_danger);
    }
    .done { margin: 0; color: var(--_muted); }
  `,
];
