/** The tag manager's group column: all tags, no group, each group (a drop target), and a new-group field. */
import { html, nothing } from 'lit';
import { TAG_COLOURS, type GroupFilter, type TagGroup } from './tag-list';

export interface GroupHandlers {
  show(filter: GroupFilter): void;
  drop(filter: GroupFilter, event: DragEvent): void;
  create(name: string): void;
  rename(group: TagGroup): void;
  colour(group: TagGroup, colour: string): void;
  remove(group: TagGroup): void;
}

export interface GroupListView {
  groups: readonly TagGroup[];
  filter: GroupFilter;
  total: number;
  ungrouped: number;
  on: GroupHandlers;
}

const same = (a: GroupFilter, b: GroupFilter) => a.kind === b.kind && (a.kind !== 'group' || a.id === (b as { id: string }).id);

export function renderGroupList({ groups, filter, total, ungrouped, on }: GroupListView) {
  const target = (f: GroupFilter, label: string, count: number, colour = '') => html`<button type="button" class="target ${same(f, filter) ? 'current' : ''}"
      aria-current=${same(f, filter) ? 'true' : 'false'} data-colour=${colour} @click=${() => on.show(f)}
      @dragover=${(e: DragEvent) => { e.preventDefault(); (e.currentTarget as HTMLElement).classList.add('over'); }}
      @dragleave=${(e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('over')}
      @drop=${(e: DragEvent) => { (e.currentTarget as HTMLElement).classList.remove('over'); on.drop(f, e); }}>
      <span class="dot" aria-hidden="true"></span><span class="label">${label}</span><span class="n">${count.toLocaleString()}</span></button>`;
  return html`<nav class="groups" aria-label="Tag groups">
    <ul>
      <li>${target({ kind: 'all' }, 'All tags', total)}</li>
      <li>${target({ kind: 'ungrouped' }, 'No group', ungrouped)}</li>
      ${groups.map((g) => html`<li class="group-entry" data-group-id=${g.id}>
        ${target({ kind: 'group', id: g.id }, g.name, g.tags.length, g.color)}
        <span class="group-tools">
          <select aria-label="Colour of group ${g.name}" @change=${(e: Event) => on.colour(g, (e.target as HTMLSelectElement).value)}>
            <option value="" ?selected=${!g.color}>No colour</option>
            ${TAG_COLOURS.map((c) => html`<option value=${c} ?selected=${c === g.color}>${c}</option>`)}
          </select>
          <button type="button" class="icon" aria-label="Rename group ${g.name}" title="Rename" @click=${() => on.rename(g)}>✎</button>
          <button type="button" class="icon" aria-label="Remove group ${g.name}" title="Remove group" @click=${() => on.remove(g)}>✕</button>
        </span>
      </li>`)}
    </ul>
    <form class="new-group" @submit=${(e: SubmitEvent) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).elements.namedItem('group-name') as HTMLInputElement;
      if (input.value.trim()) on.create(input.value.trim());
      input.value = '';
    }}>
      <input name="group-name" aria-label="New group name" placeholder="New group" autocomplete="off" />
      <button type="submit">Add group</button>
    </form>
    ${nothing}
  </nav>`;
}
