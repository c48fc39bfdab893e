/**
 * <folder-menu>: the context menu of a sidebar folder (right click, the ContextMenu key or
 * Shift+F10 on its row): New subfolder, Rename, Edit…, Publish…, Move to…. A popover in the top layer, so
 * neither the sidebar's scrolling nor the phone drawer clips it; a click outside closes it. Arrow
 * keys, Home and End move between entries; Escape and Tab close it and give the focus back to the
 * row. Choosing an entry says what the person asked for, as the sidebar's buttons do: `folder-new`
 * {parent}, `folder-rename-start`, `folder-edit`, `folder-move-to` or `folder-delete` {id},
 * `folder-publish` {id, name}. The
 * Delete key on a folder's row asks `folder-delete` too.
 */
import { html } from 'lit';
import type { Folder } from '../api-types';
import { LightElement } from '../ui/light-element';
import './folder-menu.css';

export type FolderMenuChoice = 'new-subfolder' | 'rename' | 'edit' | 'move' | 'publish' | 'delete';

const ENTRIES: { choice: FolderMenuChoice; label: string }[] = [
  { choice: 'new-subfolder', label: 'New subfolder…' },
  { choice: 'rename', label: 'Rename' },
  { choice: 'edit', label: 'Edit…' },
  { choice: 'publish', label: 'Publish…' },
  { choice: 'move', label: 'Move to…' },
  { choice: 'delete', label: 'Delete folder…' },
];

export class FolderMenu extends LightElement {
  declare private folder: { id: string; name: string } | null;
  static override properties = { folder: { state: true } };
  private returnFocus: HTMLElement | null = null;

  constructor() {
    super();
    this.folder = null;
  }

  private get panel(): HTMLElement {
    return this.querySelector<HTMLElement>('[popover]')!;
  }

  private get entries(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('[role=menuitem]')];
  }

  /** Opens for `folder` at a point (the pointer, or the row's corner for the keyboard). */
  async open(folder: { id: string; name: string }, at: { x: number; y: number }, returnFocus: HTMLElement): Promise<void> {
    this.folder = folder;
    this.returnFocus = returnFocus;
    await this.updateComplete;
    const menu = this.panel;
    if (menu.matches(':popover-open')) menu.hidePopover();
    menu.showPopover();
    const { width, height } = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(4, Math.min(at.x, innerWidth - width - 4))}px`;
    menu.style.top = `${Math.max(4, Math.min(at.y, innerHeight - height - 4))}px`;
    this.entries[0]?.focus();
  }

  close(restoreFocus = true): void {
    const menu = this.panel;
    if (menu?.matches(':popover-open')) menu.hidePopover();
    if (restoreFocus) this.returnFocus?.focus();
  }

  /**
   * Right click on a folder row: the menu at the pointer. Where the context menu comes with the
   * button still down (Linux), the menu opens once it is released: Chromium 150 light-dismisses a
   * popover shown between a pointerdown and a pointerup outside it, so it would close at once.
   */
  fromPointer(event: MouseEvent, folder: Folder): void {
    event.preventDefault();
    const row = event.currentTarget as HTMLElement;
    const show = () => void this.open(folder, { x: event.clientX, y: event.clientY }, row.querySelector<HTMLElement>('.nav-link') ?? row);
    if (event.buttons & 2) addEventListener('pointerup', () => setTimeout(show), { once: true, capture: true });
    else show();
  }

  /** The ContextMenu key and Shift+F10 on a row's link: the menu under it; Delete: delete the folder. */
  fromKey(event: KeyboardEvent, folder: Folder): void {
    const link = event.target as HTMLElement;
    if (!link.classList.contains('nav-link')) return;
    if (event.key === 'Delete' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      this.dispatchEvent(new CustomEvent('folder-delete', { detail: { id: folder.id }, bubbles: true }));
      return;
    }
    if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
    event.preventDefault();
    const box = link.getBoundingClientRect();
    void this.open(folder, { x: box.left + 24, y: box.bottom }, link);
  }

  private choose(choice: FolderMenuChoice): void {
    const id = this.folder?.id;
    const name = this.folder?.name ?? '';
    this.close(choice !== 'rename'); // renaming puts the focus in the row's name field
    if (!id) return;
    const [type, detail] = ({
      'new-subfolder': ['folder-new', { parent: id }],
      rename: ['folder-rename-start', { id }],
      edit: ['folder-edit', { id }],
      move: ['folder-move-to', { id }],
      publish: ['folder-publish', { id, name }],
      delete: ['folder-delete', { id }],
    } as const)[choice];
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  private onKeyDown(event: KeyboardEvent): void {
    const entries = this.entries;
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') this.close();
    else return;
    // The shell's global keys (Escape clears the selection) are not for the menu's keys.
    event.preventDefault();
    event.stopPropagation();
  }

  override render() {
    return html`<div popover class="folder-menu" role="menu" aria-label=${this.folder ? `Folder ${this.folder.name}` : 'Folder'}
      @keydown=${this.onKeyDown} @toggle=${(e: ToggleEvent) => e.newState === 'closed' && (this.folder = null)}>
      ${ENTRIES.map((entry) => html`<button type="button" role="menuitem" tabindex="-1" data-choice=${entry.choice}
        @click=${() => this.choose(entry.choice)}>${entry.label}</button>`)}
    </div>`;
  }
}
customElements.define('folder-menu', FolderMenu);

declare global {
  interface HTMLElementTagNameMap {
    'folder-menu': FolderMenu;
  }
}
