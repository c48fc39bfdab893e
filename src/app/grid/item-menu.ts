/**
 * The context menu of grid items (right click, the ContextMenu key or Shift+F10 on a cell), for
 * the views that have one (the Trash: Restore, Delete for good). A popover in the top layer, placed
 * at the pointer or under the cell; arrow keys, Home and End move between entries; Escape and Tab
 * close it and give the focus back. Plain DOM, styled as the folder menu (sidebar/folder-menu.css).
 */
export interface MenuEntry {
  label: string;
  run: () => void;
}

export function openItemMenu(label: string, entries: readonly MenuEntry[], at: { x: number; y: number }, returnFocus: HTMLElement | null): void {
  document.querySelector('.item-menu')?.remove();
  const menu = Object.assign(document.createElement('div'), { className: 'item-menu' });
  menu.popover = 'auto';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', label);
  const buttons = entries.map(({ label, run }) => {
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: label, tabIndex: -1 });
    button.setAttribute('role', 'menuitem');
    button.addEventListener('click', () => {
      close();
      run();
    });
    return button;
  });
  menu.append(...buttons);
  const close = (giveFocusBack = false) => {
    if (menu.matches(':popover-open')) menu.hidePopover();
    if (giveFocusBack) returnFocus?.focus();
  };
  menu.addEventListener('toggle', (event) => (event as ToggleEvent).newState === 'closed' && menu.remove());
  menu.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => buttons[(index + buttons.length) % buttons.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(buttons.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close(true);
    else return;
    // The shell's global keys (Escape clears the selection) and the grid's are not for the menu's keys.
    event.preventDefault();
    event.stopPropagation();
  });
  document.body.append(menu);
  menu.showPopover();
  const { width, height } = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(4, Math.min(at.x, innerWidth - width - 4))}px`;
  menu.style.top = `${Math.max(4, Math.min(at.y, innerHeight - height - 4))}px`;
  buttons[0]?.focus();
}
