/**
 * The sidebar's folder actions: "New folder" beside the Folders heading and "Edit folder…" on each
 * folder row (shown on hover or keyboard focus). They only say what the person asked for, as bubbling
 * `folder-new` and `folder-edit` (detail {id}) events; the shell opens <folder-editor> for them.
 */
import { html, type TemplateResult } from 'lit';
import type { Folder } from '../api-types';
import { icon } from '../ui/icons';
import './folder-buttons.css';

const say = (from: Event, type: string, detail: unknown) =>
  (from.currentTarget as HTMLElement).dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));

export function newFolderButton(): TemplateResult {
  return html`<button type="button" class="nav-action nav-new" aria-label="New folder" title="New folder"
    @click=${(e: Event) => say(e, 'folder-new', {})}>${icon('plus', 14)}</button>`;
}

export function editFolderButton(folder: Folder): TemplateResult {
  return html`<button type="button" class="nav-action nav-edit" aria-label="Edit folder ${folder.name}…" title="Edit folder…"
    @click=${(e: Event) => say(e, 'folder-edit', { id: folder.id })}>…</button>`;
}
