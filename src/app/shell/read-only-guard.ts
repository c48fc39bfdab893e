/**
 * A published library takes no writes: what would change it says so in a toast and sends nothing,
 * rather than sending a write the worker refuses (403 READ_ONLY) and reporting that as a failure.
 */
import type { AppStores } from './app-stores';

/** True when the open library takes writes; otherwise tells the person why nothing happens. */
export function writable({ library, toasts }: Pick<AppStores, 'library' | 'toasts'>, hint = ''): boolean {
  if (!library.readOnly) return true;
  toasts.show(`“${library.current?.name}” is a read-only published library: it can be browsed, not changed.${hint ? ` ${hint}` : ''}`, { kind: 'error' });
  return false;
}
