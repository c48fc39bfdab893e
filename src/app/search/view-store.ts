/**
 * The current view state, kept in step with the address bar: a change pushes a history entry
 * (typing in the search box replaces it instead, so back does not walk every keystroke), and
 * back/forward or a pasted link restore the state from the URL.
 */
import { Store } from '../state/store';
import { defaultViewState, fromSearchParams, sameViewState, toSearchParams, type ViewState } from './view-state';

export interface HistoryPort {
  readonly search: string;
  push(search: string): void;
  replace(search: string): void;
  onPop(listener: () => void): void;
}

export const browserHistory: HistoryPort = {
  get search() {
    return location.search;
  },
  push: (search) => history.pushState(null, '', search || location.pathname),
  replace: (search) => history.replaceState(null, '', search || location.pathname),
  onPop: (listener) => addEventListener('popstate', listener),
};

export class ViewStore extends Store {
  state: ViewState;
  /** Runs before every change: the search box sends text still waiting for its debounce, so it lands first. */
  beforeChange: (() => void) | null = null;

  constructor(
    private readonly history: HistoryPort,
    private readonly fallback: () => ViewState = () => defaultViewState(),
  ) {
    super();
    this.state = fromSearchParams(new URLSearchParams(history.search), fallback());
    history.onPop(() => {
      this.state = fromSearchParams(new URLSearchParams(history.search), this.fallback());
      this.changed();
    });
  }

  /** Moves to a new state; `replace` for refinements that should not each cost a back press. */
  set(change: Partial<ViewState>, options: { replace?: boolean } = {}): void {
    this.beforeChange?.();
    const next = { ...this.state, ...change };
    if (sameViewState(next, this.state)) return;
    this.state = next;
    const params = toSearchParams(next).toString();
    const search = params ? `?${params}` : '';
    if (options.replace) this.history.replace(search);
    else this.history.push(search);
    this.changed();
  }
}
