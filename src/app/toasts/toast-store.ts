/**
 * Short messages at the bottom of the window: API errors with the API's own message, and results
 * of actions with an optional action (Undo). Each goes away after a while, or when dismissed.
 */
import { ApiClientError } from '../api-client';
import { Store } from '../state/store';
import { forPeople } from '../ui/people-text';

export interface Toast {
  id: number;
  kind: 'info' | 'error';
  message: string;
  action?: { label: string; run: () => void };
}

const SHOW_MS = 6000;

export class ToastStore extends Store {
  toasts: Toast[] = [];
  private next = 1;

  constructor(private readonly later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms)) {
    super();
  }

  show(message: string, options: { kind?: Toast['kind']; action?: Toast['action']; ms?: number } = {}): number {
    const toast: Toast = { id: this.next++, kind: options.kind ?? 'info', message: forPeople(message), action: options.action };
    this.toasts = [...this.toasts.slice(-3), toast];
    this.changed();
    this.later(() => this.dismiss(toast.id), options.ms ?? (toast.kind === 'error' ? SHOW_MS * 1.5 : SHOW_MS));
    return toast.id;
  }

  /** An API failure as a toast: the API's message (it names the field), else the error's. */
  error(error: unknown): void {
    this.show(messageOf(error), { kind: 'error' });
  }

  dismiss(id: number): void {
    const left = this.toasts.filter((toast) => toast.id !== id);
    if (left.length === this.toasts.length) return;
    this.toasts = left;
    this.changed();
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiClientError) return error.body.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
