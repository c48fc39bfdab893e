/** The inspector panel's look: a narrow column of labelled fields that also fits a 390 px drawer. */
import { css } from 'lit';
import { sharedStyles } from '../ui/shared-styles';

export const inspectorStyles = [
  sharedStyles,
  css`
    :host { display: block; background: var(--_surface); overflow-y: auto; container-type: inline-size; }
    /* One column no wider than the panel: a long unbroken tag or name is cut, not the panel widened. */
    .panel { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.9rem; padding: 1rem; }
    .preview {
      margin: 0; display: grid; place-items: center; height: 200px; border-radius: 10px;
      background: var(--_raised) repeating-conic-gradient(#eceef1 0 25%, transparent 0 50%) 0 0 / 16px 16px;
      overflow: hidden;
    }
    .preview img { max-width: 100%; max-height: 100%; object-fit: contain; }
    .not-kept { margin: 0; padding: 0.5rem 0.65rem; border-left: 3px solid var(--warning, #b7791f); background: color-mix(in srgb, var(--warning, #b7791f) 10%, transparent); font-size: 13px; }
    .find-similar { display: inline-flex; align-items: center; justify-content: center; gap: 0.4rem; justify-self: start; }
    .field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.3rem; }
    label, .label { font-size: 12px; font-weight: 600; letter-spacing: 0.02em; color: var(--_muted); text-transform: uppercase; }
    .row { display: flex; gap: 0.4rem; }
    .open {
      display: inline-grid; place-items: center; flex: none; width: 32px; height: 32px; border: 1px solid var(--_line);
      border-radius: 6px; color: var(--_accent); text-decoration: none;
    }
    h3 { margin: 0.25rem 0 0.5rem; font-size: 12px; font-weight: 600; letter-spacing: 0.02em; text-transform: uppercase; color: var(--_muted); }
    .count { color: var(--_accent); }
    section { border-top: 1px solid var(--_line); padding-top: 0.6rem; }
    .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0; }
    .facts dt { color: var(--_muted); }
    .facts dd { margin: 0; overflow-wrap: anywhere; }
    .palette { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 0; }
    .swatch { display: block; width: 22px; height: 22px; border-radius: 5px; box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.15); }
    .muted { color: var(--_muted); }
    .plain-list { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
    .plain-list li { padding: 0.1rem 0.5rem; border: 1px solid var(--_line); border-radius: 999px; font-size: 13px; }
    input[readonly], textarea[readonly] { background: transparent; border-color: transparent; padding-left: 0; resize: none; }
    .empty { display: grid; gap: 0.35rem; place-content: center; text-align: center; min-height: 220px; padding: 2rem 1rem; color: var(--_muted); }
    .empty strong { color: var(--_text); font-size: 16px; }
  `,
];
