/** The folder dialog's look: a centred card of labelled fields that fills a 390 px screen. */
import { css } from 'lit';
import { sharedStyles } from '../ui/shared-styles';

export const folderEditorStyles = [
  sharedStyles,
  css`
    dialog {
      width: min(30rem, calc(100vw - 1.5rem)); max-height: calc(100dvh - 1.5rem); padding: 0; border: 1px solid var(--_line);
      border-radius: 12px; background: var(--_surface); color: var(--_text); box-shadow: 0 18px 50px rgb(0 0 0 / 0.25);
    }
    dialog::backdrop { background: rgb(15 18 24 / 0.45); }
    form { display: grid; gap: 0.9rem; padding: 1.1rem 1.2rem 1.2rem; }
    h2 { margin: 0; font-size: 17px; }
    .field { display: grid; gap: 0.3rem; }
    label, legend { font-size: 12px; font-weight: 600; letter-spacing: 0.02em; color: var(--_muted); text-transform: uppercase; }
    fieldset { margin: 0; padding: 0; border: 0; min-width: 0; }
    legend { padding: 0; margin-bottom: 0.35rem; }
    .colours { display: flex; flex-wrap: wrap; gap: 0.35rem; }
    .colours label {
      position: relative; display: inline-flex; align-items: center; gap: 0.35rem; padding: 0.25rem 0.55rem 0.25rem 0.35rem; border: 1px solid var(--_line);
      border-radius: 999px; cursor: pointer; text-transform: none; letter-spacing: 0; font-weight: 400; font-size: 13px; color: var(--_text);
    }
    .colours input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
    .colours label:has(input:checked) { border-color: var(--_accent); box-shadow: inset 0 0 0 1px var(--_accent); }
    .colours label:has(input:focus-visible) { outline: 2px solid var(--_focus); outline-offset: 2px; }
    .swatch { width: 16px; height: 16px; border-radius: 50%; box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.18); }
    .swatch.none { background: linear-gradient(135deg, transparent 45%, var(--_danger) 45% 55%, transparent 55%), var(--_surface); }
    .hint { margin: 0; font-size: 12px; color: var(--_muted); }
    .error {
      margin: 0; padding: 0.5rem 0.7rem; border-radius: 6px; color: var(--_danger); border: 1px solid var(--_danger);
      background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));
    }
    .warning {
      margin: 0; padding: 0.4rem 0.7rem; border-radius: 6px; border: 1px solid #b26a00;
      background: color-mix(in srgb, #b26a00 8%, var(--_surface)); font-size: 13px;
    }
    .buttons { display: flex; justify-content: flex-end; gap: 0.5rem; }
  `,
];
