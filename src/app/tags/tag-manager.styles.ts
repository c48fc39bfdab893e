import { css } from 'lit';

export const tagManagerStyles = css`
  :host { display: block; font: 14px/1.4 system-ui, sans-serif; color: #1c1f24; height: 560px; }
  /* No frame of its own: the dialog it opens in is the box (no box in a box). */
  section { height: 100%; box-sizing: border-box; display: grid; grid-template-rows: auto 1fr; gap: 10px; }
  header { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
  h2 { margin: 0; font-size: 18px; }
  .search { flex: 1; min-width: 160px; }
  input, select, button { font: inherit; color: inherit; }
  input { padding: 7px 10px; border: 1px solid #c5cad3; border-radius: 8px; }
  select { padding: 4px 6px; border: 1px solid #d5d9e0; border-radius: 7px; background: #fff; }
  button { padding: 4px 10px; border: 1px solid #c5cad3; border-radius: 7px; background: #fff; cursor: pointer; }
  button:hover { background: #f3f5f8; }
  .body { display: grid; grid-template-columns: 280px minmax(0, 1fr); gap: 14px; min-height: 0; }
  .narrow .body { grid-template-columns: 1fr; grid-template-rows: auto 1fr; }
  .groups { display: grid; align-content: start; gap: 8px; overflow-y: auto; overflow-x: hidden; min-height: 0; min-width: 0; }
  .narrow .groups { max-height: 150px; }
  .groups ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
  .group-entry { display: grid; grid-template-columns: 1fr auto; align-items: center; }
  .group-tools { display: flex; gap: 2px; align-items: center; }
  .group-tools select { width: auto; font-size: 12px; }
  .target { display: flex; width: 100%; align-items: center; gap: 8px; border: 1px solid transparent; background: none; text-align: left; padding: 6px 8px; }
  .target.current { background: #e9f0fd; color: #1a4fb5; font-weight: 600; }
  .target.over { border: 2px dashed #2f6fde; background: #f0f5ff; }
  .target .label { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .target .n { color: #5a616c; font-variant-numeric: tabular-nums; font-weight: 400; }
  .target.current .n { color: #1a4fb5; }
  .dot { width: 10px; height: 10px; border-radius: 50%; background: #c5cad3; flex: none; }
  [data-colour='red'] .dot { background: #e5484d; } [data-colour='orange'] .dot { background: #f76b15; }
  [data-colour='yellow'] .dot { background: #ffc53d; } [data-colour='green'] .dot { background: #30a46c; }
  [data-colour='aqua'] .dot { background: #05a2c2; } [data-colour='blue'] .dot { background: #3e63dd; }
  [data-colour='purple'] .dot { background: #8e4ec6; } [data-colour='pink'] .dot { background: #d6409f; }
  .new-group { display: flex; gap: 6px; }
  .new-group input { flex: 1; width: 0; min-width: 0; padding: 5px 8px; }
  .list { display: grid; grid-template-rows: auto 1fr; min-height: 0; }
  .shown { margin: 0 0 6px; color: #68707c; font-size: 13px; }
  .scroller { overflow: auto; min-height: 0; border: 1px solid #eef0f3; border-radius: 8px; contain: strict; }
  .rows { position: relative; list-style: none; margin: 0; padding: 0; width: 100%; }
  .row { position: absolute; top: 0; left: 0; right: 0; height: 46px; box-sizing: border-box; padding: 0 8px;
    display: grid; grid-template-columns: 30px 7.6em 10px minmax(0, 1fr) 4em 9em auto; align-items: center; gap: 8px;
    border-bottom: 1px solid #f1f2f5; background: #fff; }
  .row:hover { background: #fafbfc; }
  .narrow .row { height: 120px; display: flex; flex-wrap: wrap; align-content: center; padding: 4px 8px; gap: 4px 8px; }
  .narrow .row .star { order: 1; }
  .narrow .row .dot { order: 2; align-self: center; }
  .narrow .row .name, .narrow .row .rename { order: 2; flex: 1 1 calc(100% - 30px - 4em - 48px); }
  .narrow .row .count { order: 3; width: 4em; }
  .narrow .row .colour { order: 4; width: 7.6em; }
  .narrow .row .group { order: 5; flex: 1 1 8em; min-width: 8em; }
  .narrow .row .actions { margin-left: auto; }
  .narrow .row .actions { order: 6; }
  .star { border: none; background: none; font-size: 18px; color: #9aa1ac; padding: 0; width: 30px; height: 30px; }
  .star.on { color: #e8a200; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
  .rename { padding: 4px 8px; min-width: 0; }
  .count { color: #68707c; text-align: right; font-variant-numeric: tabular-nums; }
  .actions { display: flex; gap: 4px; }
  .icon { border-color: transparent; background: none; width: 28px; height: 28px; padding: 0; color: #68707c; }
  dialog { border: none; border-radius: 12px; padding: 0; width: min(420px, calc(100vw - 32px)); box-shadow: 0 20px 60px rgb(0 0 0 / 0.3); }
  dialog::backdrop { background: rgb(15 18 24 / 0.45); }
  dialog form { display: grid; gap: 6px; padding: 18px 20px; }
  h3 { margin: 0 0 4px; font-size: 16px; }
  .hint { margin: 0 0 6px; color: #68707c; font-size: 13px; }
  label { font-weight: 500; }
  .error { color: #c62828; margin: 0; min-height: 1.2em; font-size: 13px; }
  .dialog-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
  .primary { background: #2f6fde; border-color: #2f6fde; color: #fff; }
  .primary:hover { background: #255dc0; }
  :focus-visible { outline: 3px solid #7aa7ff; outline-offset: 1px; }
`;
