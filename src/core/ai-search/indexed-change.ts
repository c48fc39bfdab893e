/**
 * Announces, inside the write that stores them, that items gained or lost AI-search evidence
 * (objects found, a meaning or CLIP vector). No item row changes then, so without this a client
 * showing an AI search would not know to ask again: an item imported during the search, and
 * indexed between two looks at the status, would never show in it.
 */
import { announce } from '../events/transaction-changes';

export function announceIndexed(itemIds: readonly string[]): void {
  announce({ kind: 'aiSearch', action: 'indexed', ids: itemIds });
}
