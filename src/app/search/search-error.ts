/** A search's syntax error as the search box (and the empty grid) show it: the API's sentence, without its `query:` label. */
import { messageOf } from '../toasts/toast-store';
import { forPeople } from '../ui/people-text';

export function searchErrorText(error: unknown): string {
  return forPeople(messageOf(error).replace(/^query: /, ''));
}
