/**
 * <star-rating>: 0-5 stars as a radio group (the ARIA pattern for ratings). Arrows, Home/End and the
 * digits 0-5 set it from the keyboard; clicking the current star clears it. Sends `rating-change`.
 */
import { LitElement, css, html } from 'lit';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';

const STARS = [1, 2, 3, 4, 5];

export class StarRating extends LitElement {
  static override properties = { value: { type: Number }, emptyLabel: { attribute: false }, readOnly: { type: Boolean } };
  declare value: number;
  /** Shows the rating and takes no change (an item of a published library). */
  declare readOnly: boolean;
  /** Shown beside the stars at 0 (the bulk editor says "Mixed" when the selected items differ). */
  declare emptyLabel: string;

  constructor() {
    super();
    this.value = 0;
    this.emptyLabel = 'Not rated';
    this.readOnly = false;
  }

  private set(value: number): void {
    const next = Math.max(0, Math.min(5, value));
    if (next === this.value || this.readOnly) return;
    this.value = next;
    this.dispatchEvent(new CustomEvent('rating-change', { detail: { value: next } }));
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[tabindex="0"]')?.focus());
  }

  private onKey(event: KeyboardEvent): void {
    const step: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    let next: number | undefined;
    if (event.key in step) next = this.value + step[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = 5;
    else if (/^[0-5]$/.test(event.key)) next = Number(event.key);
    else if (event.key === 'Delete' || event.key === 'Backspace') next = 0;
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    this.set(next);
  }

  override render() {
    // With no rating, the first star takes the tab stop (as the first radio of an unchecked group).
    const focusable = Math.max(1, this.value);
    return html`<div role="radiogroup" aria-label="Rating" aria-readonly=${this.readOnly ? 'true' : 'false'} @keydown=${this.onKey}>
      ${STARS.map(
        (n) => html`<span
          role="radio"
          aria-checked=${n === this.value ? 'true' : 'false'}
          aria-label="${n} star${n > 1 ? 's' : ''}"
          tabindex=${n === focusable ? 0 : -1}
          class=${n <= this.value ? 'on' : ''}
          @click=${() => this.set(n === this.value ? 0 : n)}
        >★</span>`,
      )}
      <span class="label" aria-hidden="true">${this.value ? `${this.value} / 5` : this.emptyLabel}</span>
    </div>`;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: inline-block; }
      [role='radiogroup'] { display: inline-flex; align-items: center; gap: 2px; }
      [role='radio'] {
        display: inline-grid; place-items: center; width: 30px; height: 30px; border-radius: 6px;
        font-size: 22px; line-height: 1; color: #c4c7cc; cursor: pointer; user-select: none;
      }
      [role='radio']:hover { background: var(--_raised); }
      [aria-readonly='true'] [role='radio'] { cursor: default; }
      [aria-readonly='true'] [role='radio']:hover { background: none; }
      [role='radio'].on { color: #f2a60c; }
      .label { margin-left: 0.5rem; font-size: 12px; color: var(--_muted); }
    `,
  ];
}

define('star-rating', StarRating);
