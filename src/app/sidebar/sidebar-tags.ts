/**
 * The sidebar's Tags list as Eagle shows it: each tag group is a row that opens and closes (a
 * button with aria-expanded) with its tags under it, then the tags in no group. Groups and tags show
 * their colour; the colour's name is in the accessible name, so it is not only a hue.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Tag } from '../api-types';
import { COLOUR_SWATCHES } from '../folders/folder-colours';
import { formatCount, plural } from '../ui/format';
import { icon } from '../ui/icons';
import type { TagSections } from './tag-sections';

export interface TagListHost {
  sections: TagSections;
  /** Ungrouped tags shown before "Show all" (the rest are behind it). */
  ungroupedShown: number;
  collapsed: ReadonlySet<string>;
  toggle(groupId: string): void;
  tagEntry(tag: Tag, depth: number): TemplateResult;
}

/** The swatch of one of the eight colour names; anything else is drawn without colour. */
export function swatch(colour: string): string | undefined {
  return (COLOUR_SWATCHES as Record<string, string>)[colour];
}

/** A colour dot, or nothing for no colour. */
export function colourDot(colour: string): TemplateResult | typeof nothing {
  const fill = swatch(colour);
  return fill ? html`<span class="colour-dot" style="background:${fill}" aria-hidden="true"></span>` : nothing;
}

/** A row's label with its colour's name for screen readers (after the name, so the name is read first). */
export function colouredLabel(label: string, colour: string): TemplateResult {
  return html`<span class="nav-label">${label}</span>${swatch(colour) ? html`<span class="visually-hidden">, ${colour}</span>` : nothing}`;
}

export function renderTagList(host: TagListHost): TemplateResult {
  const { groups, ungrouped } = host.sections;
  return html`${groups.map(({ group, tags }) => {
    const open = !host.collapsed.has(group.id);
    const id = `tag-group-${group.id}`;
    const words = plural(tags.length, 'tag');
    return html`<li class="tag-group" data-group=${group.id}>
      <button class="nav-link tag-group-toggle" id=${id} aria-expanded=${open ? 'true' : 'false'} @click=${() => host.toggle(group.id)}>
        <span class="twisty" aria-hidden="true">${icon('chevron', 14)}</span>
        ${colourDot(group.color)}${colouredLabel(group.name, group.color)}
        <span class="nav-count" aria-label=${words} title=${words}>${formatCount(tags.length)}</span>
      </button>
      ${open && tags.length ? html`<ul class="nav-list" aria-labelledby=${id}>${tags.map((tag) => host.tagEntry(tag, 1))}</ul>` : nothing}
    </li>`;
  })}${ungrouped.slice(0, host.ungroupedShown).map((tag) => host.tagEntry(tag, 0))}`;
}
