/** The `?` dialog: every shortcut from the one table, in a native <dialog>. */
import { html } from 'lit';
import { LightElement } from '../ui/light-element';
import { SHORTCUTS } from './shortcuts';

export class ShortcutHelp extends LightElement {
  open(): void {
    this.querySelector('dialog')?.showModal();
  }

  override render() {
    return html`<dialog class="shortcut-help" aria-labelledby="shortcut-title">
      <h2 id="shortcut-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          ${SHORTCUTS.map((s) => html`<tr><th scope="row"><kbd>${s.keys}</kbd></th><td>${s.does}</td></tr>`)}
        </tbody>
      </table>
      <form method="dialog" class="row"><button class="btn primary">Close</button></form>
    </dialog>`;
  }
}
customElements.define('shortcut-help', ShortcutHelp);
