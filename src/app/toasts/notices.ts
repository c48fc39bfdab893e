/**
 * Where an outcome is told: the page's toasts (ToastStore), or the viewer's own notice, since its
 * modal dialog covers the toasts and hides them from screen readers.
 */
export interface Notices {
  show(message: string, options?: { kind?: 'info' | 'error' }): unknown;
  error(error: unknown): void;
}
