/** One row of the tag manager's virtual list: star, colour, name (or its rename field), count, actions. */
import { html } from 'lit';
import { plural } from '../ui/format';
import { TAG_COLOURS, type Tag, type TagGroup } from './tag-list';

export interface RowHandlers {
  star(tag: Tag): void;
  colour(tag: Tag, colour: string): void;
  startRename(tag: Tag): void;
  rename(tag: Tag, name: string): void;
  cancelRename(): void;
  merge(tag: Tag): void;
  moveToGroup(tag: Tag, groupId: string): void;
  dragStart(tag: Tag, event: DragEvent): void;
}

export interface RowView {
  tag: Tag;
  index: number;
  setSize: number;
  start: number;
  renaming: boolean;
  groups: readonly TagGroup[];
  on: RowHandlers;
}

export function renderTagRow({ tag, index, setSize, start, renaming, groups, on }: RowView) {
  const groupOf = tag.groups[0] ?? '';
  return html`<li class="row" role="listitem" aria-setsize=${setSize} aria-posinset=${index + 1} data-tag=${tag.name} data-colour=${tag.color}
      style="transform: translateY(${start}px)" draggable=${renaming ? 'false' : 'true'} @dragstart=${(e: DragEvent) => on.dragStart(tag, e)}>
    <button type="button" class="star ${tag.starred ? 'on' : ''}" aria-pressed=${tag.starred ? 'true' : 'false'}
      aria-label="Star ${tag.name}" title=${tag.starred ? 'Starred' : 'Star'} @click=${() => on.star(tag)}>${tag.starred ? '★' : '☆'}</button>
    <select class="colour" aria-label="Colour of ${tag.name}" data-colour=${tag.color} @change=${(e: Event) => on.colour(tag, (e.target as HTMLSelectElement).value)}>
      <option value="" ?selected=${!tag.color}>No colour</option>
      ${TAG_COLOURS.map((c) => html`<option value=${c} ?selected=${c === tag.color}>${c}</option>`)}
    </select>
    <span class="dot" aria-hidden="true"></span>
    ${renaming
      ? html`<input class="rename" aria-label="New name for ${tag.name}" .value=${tag.name}
          @keydown=${(e: KeyboardEvent) => {
            // Kept from the star the keyboard moves to: an Enter let through would press it.
            if (e.key === 'Enter') {
              e.preventDefault();
              on.rename(tag, (e.target as HTMLInputElement).value);
            }
            if (e.key === 'Escape') on.cancelRename();
          }} @blur=${() => on.cancelRename()} />`
      : html`<span class="name" title=${tag.name}>${tag.name}</span>`}
    <span class="count" aria-label=${plural(tag.count, 'item')}>${tag.count.toLocaleString()}</span>
    <select class="group" aria-label="Group of ${tag.name}" @change=${(e: Event) => on.moveToGroup(tag, (e.target as HTMLSelectElement).value)}>
      <option value="" ?selected=${!groupOf}>No group</option>
      ${groups.map((g) => html`<option value=${g.id} ?selected=${g.id === groupOf}>${g.name}</option>`)}
    </select>
    <span class="actions">
      <button type="button" aria-label="Rename ${tag.name}" @click=${() => on.startRename(tag)}>Rename</button>
      <button type="button" aria-label="Merge ${tag.name} into another tag" @click=${() => on.merge(tag)}>Merge…</button>
    </span>
  </li>`;
}

