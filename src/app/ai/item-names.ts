/**
 * Names of items an AI view is about ("Similar to “sunset.jpg”"), read once with item/get and
 * kept; the stores' subscribers re-render when one arrives. An item that cannot be read keeps a
 * neutral name rather than an error in the title.
 */
import type { Item } from '../api-types';
import type { ApiPort } from '../state/api-port';
import { Store } from '../state/store';

export class ItemNames extends Store {
  private readonly names = new Map<string, string>();

  constructor(private readonly api: ApiPort) {
    super();
  }

  /** The item's name, or '' until it has been read. */
  name(id: string): string {
    const known = this.names.get(id);
    if (known !== undefined) return known;
    this.names.set(id, '');
    this.api.post('/item/get', { ids: [id], limit: 1 }).then(
      (page) => this.names.set(id, page.data[0]?.name ?? 'an item'),
      () => this.names.set(id, 'an item'),
    ).finally(() => this.changed());
    return '';
  }
}
