/** The heading of the current view, as the sidebar names it (an AI view names what it is like). */
import type { ItemNames } from '../ai/item-names';
import type { SidebarStore } from '../sidebar/sidebar-store';
import type { View } from '../search/view-state';

const BUILT_IN_TITLES = { all: 'All items', unfiled: 'Unfiled', untagged: 'Untagged', random: 'Random', trash: 'Trash' } as const;

export function viewTitle(view: View, sidebar: SidebarStore, names?: ItemNames): string {
  switch (view.kind) {
    case 'folder':
      return sidebar.folderName(view.id);
    case 'smart':
      return sidebar.smartFolderName(view.id);
    case 'tag':
      return `Tag: ${view.id}`;
    case 'similar': {
      const name = names?.name(view.id);
      return name ? `Similar to “${name}”` : 'Similar items';
    }
    case 'image':
      return 'Like the dropped picture';
    default:
      return BUILT_IN_TITLES[view.kind];
  }
}
