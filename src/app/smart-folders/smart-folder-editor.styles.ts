import { css } from 'lit';

export const editorStyles = css`
  :host { display: block; font: 14px/1.45 system-ui, sans-serif; color: #1c1f24; }
  /* No frame of its own: the dialog it opens in is the box (no box in a box). */
  form { display: grid; gap: 12px; max-width: 920px; }
  header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; }
  h2 { margin: 0; font-size: 18px; }
  .count { font-variant-numeric: tabular-nums; color: #1f56c0; font-weight: 600; }
  .count[data-count=''] { color: #5f6672; font-weight: 400; }
  .name { display: grid; gap: 4px; font-weight: 500; max-width: 420px; }
  input, select, button { font: inherit; color: inherit; }
  input[type='text'], input[type='number'], input[type='date'], input:not([type]), select {
    padding: 6px 8px; border: 1px solid #c5cad3; border-radius: 7px; background: #fff; min-width: 0; }
  input[type='number'] { width: 7.5em; }
  input[type='color'] { width: 44px; height: 32px; padding: 2px; border: 1px solid #c5cad3; border-radius: 7px; background: #fff; }
  [aria-invalid='true'] { border-color: #c62828; }
  .group { border: 1px solid #e1e4ea; border-radius: 10px; padding: 10px 14px 12px; margin: 0; display: grid; gap: 8px; background: #fafbfc; }
  .group.exclude { background: #fff7f6; border-color: #f1d2cf; }
  legend { font-weight: 600; padding: 0 4px; color: #4a515c; }
  .group-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
  .group-head .quiet { margin-left: auto; }
  .rules { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  .rule { display: grid; gap: 2px; }
  .rule-fields { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
  .choices { display: inline-flex; flex-wrap: wrap; gap: 4px 10px; }
  .choices label { display: inline-flex; gap: 4px; align-items: center; }
  .error { color: #c62828; margin: 0; font-size: 13px; }
  button { padding: 6px 12px; border-radius: 7px; border: 1px solid #c5cad3; background: #fff; cursor: pointer; }
  button:hover:not(:disabled) { background: #f3f5f8; }
  button:disabled { opacity: 0.45; cursor: default; }
  button.quiet { border-color: transparent; background: none; color: #1f56c0; padding: 4px 6px; }
  button.icon { width: 32px; height: 32px; padding: 0; border-color: transparent; background: none; color: #68707c; }
  .add-group, .add-rule { justify-self: start; }
  button.primary { background: #2f6fde; border-color: #2f6fde; color: #fff; }
  button.primary:hover:not(:disabled) { background: #255dc0; }
  button.danger { color: #b3261e; border-color: #e7b4b0; }
  footer { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; border-top: 1px solid #eef0f3; padding-top: 12px; }
  .spacer { flex: 1; }
  .confirm { display: inline-flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  :focus-visible { outline: 3px solid #7aa7ff; outline-offset: 2px; }
  .loading { color: #68707c; }
`;
