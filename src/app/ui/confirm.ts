/**
 * Asks the person to confirm a change that cannot be taken back as easily as it is made: a modal
 * <dialog> with a title, what will happen, Cancel (focused first, so Enter on a stray key press
 * cancels) and the action. Escape, Cancel and the close button answer false. Plain DOM, so any
 * part of the app can ask without owning an element.
 */
export interface ConfirmText {
  title: string;
  /** Sentences that say what will go and what will stay. */
  body: readonly string[];
  action: string;
}

let asked = 0;

export function confirmAction({ title, body, action }: ConfirmText): Promise<boolean> {
  const id = `confirm-${++asked}`;
  const dialog = document.createElement('dialog');
  dialog.className = 'confirm-dialog';
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-body`);
  const heading = Object.assign(document.createElement('h2'), { id: `${id}-title`, textContent: title });
  const text = Object.assign(document.createElement('div'), { id: `${id}-body` });
  for (const sentence of body) text.append(Object.assign(document.createElement('p'), { textContent: sentence }));
  const buttons = Object.assign(document.createElement('div'), { className: 'confirm-buttons' });
  const cancel = Object.assign(document.createElement('button'), { type: 'button', className: 'btn', textContent: 'Cancel' });
  const confirm = Object.assign(document.createElement('button'), { type: 'button', className: 'btn danger', textContent: action });
  buttons.append(cancel, confirm);
  dialog.append(heading, text, buttons);
  document.body.append(dialog);
  return new Promise((resolve) => {
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', () => ((answer = true), dialog.close()));
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    dialog.showModal();
    cancel.focus();
  });
}
