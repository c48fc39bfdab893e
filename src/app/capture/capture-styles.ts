/** The capture window's look: a narrow form over a grid of the page's images. */
import { css } from 'lit';

export const captureStyles = css`
  :host { display: block; color: #1d1d1f; font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  main { max-width: 920px; margin: 0 auto; padding: 16px 20px 32px; display: grid; gap: 14px; }
  h1 { margin: 0; font-size: 20px; }
  h2 { margin: 0 0 6px; font-size: 15px; }
  .source { margin: 4px 0 0; display: grid; gap: 2px; }
  .source .title { font-weight: 600; }
  .source a { color: #2f5bd3; overflow-wrap: anywhere; font-size: 13px; }
  form { display: grid; gap: 14px; }
  fieldset { border: 1px solid #e1e1e5; border-radius: 10px; padding: 10px 12px 12px; margin: 0; display: grid; gap: 8px; }
  legend { padding: 0 4px; font-weight: 600; }
  .muted { color: #62626a; font-weight: 400; }
  .grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
  .pick { position: relative; display: grid; grid-template-rows: 120px auto auto; gap: 4px; padding: 6px; border: 2px solid #e1e1e5; border-radius: 10px; cursor: pointer; background: #fff; }
  .pick[data-picked] { border-color: #2f5bd3; background: #e5ecfc; }
  .pick:focus-within { outline: 3px solid #1a56db; outline-offset: 2px; }
  .pick input { position: absolute; top: 10px; left: 10px; width: 20px; height: 20px; margin: 0; accent-color: #2f5bd3; }
  .pick img { width: 100%; height: 120px; object-fit: contain; background: #f0f0f2; border-radius: 6px; }
  .size { font-size: 12px; color: #62626a; }
  .alt { font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .check { display: flex; gap: 8px; align-items: flex-start; }
  .check input { width: 18px; height: 18px; margin: 1px 0 0; accent-color: #2f5bd3; }
  .fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 8px 12px; align-items: center; }
  .fields .hint { grid-column: 2; font-size: 12px; margin-top: -4px; }
  label[for] { font-weight: 600; }
  select, input[type='text'] { font: inherit; padding: 7px 10px; border: 1px solid #c5cad3; border-radius: 8px; background: #fff; min-width: 0; }
  .error { color: #b3261e; margin: 0; min-height: 1.2em; }
  .error:empty { min-height: 0; }
  .actions { display: flex; justify-content: flex-end; gap: 8px; }
  button { font: inherit; padding: 7px 14px; border-radius: 8px; border: 1px solid #c5cad3; background: #fff; cursor: pointer; }
  button.primary { background: #2f5bd3; border-color: #2f5bd3; color: #fff; font-weight: 600; }
  button:disabled { opacity: 0.6; cursor: default; }
  button.link { justify-self: start; border: none; background: none; padding: 2px 0; color: #2f5bd3; }
  :focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
  .results { border: 1px solid #e1e1e5; border-radius: 10px; padding: 12px; background: #fff; }
  .results ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  .results li { display: grid; gap: 2px; padding-left: 10px; border-left: 3px solid #1b7f3b; }
  .results li.linked { border-color: #b7791f; }
  .results li.failed { border-color: #b3261e; }
  .results .what { overflow-wrap: anywhere; }
  .results .why { font-size: 13px; color: #3d3d44; }
  @media (max-width: 520px) {
    main { padding: 12px; }
    .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }
    .fields { grid-template-columns: minmax(0, 1fr); }
    .fields .hint { grid-column: 1; }
  }
`;
