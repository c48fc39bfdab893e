/**
 * The app's elements render into their own light DOM: one stylesheet per area styles them, focus
 * and ids work document-wide (labels, aria-describedby, the roving tabindex), and tests and axe see
 * one tree. The inspector and viewer (standalone, embeddable) use shadow DOM; these need not.
 */
import { LitElement } from 'lit';

export class LightElement extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
