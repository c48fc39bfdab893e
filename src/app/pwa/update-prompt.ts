/**
 * "A new version is ready": shown in every open tab once a new build's worker is installed and
 * waiting (src/sw/lifecycle.ts). Accepting sends SKIP_WAITING; the new worker activates once the
 * old one has finished the requests it is answering, and this tab reloads once, on the change of
 * controller it asked for. Other tabs keep their prompt and reload only when their own button is
 * pressed. A first install (no previous controller) shows nothing and reloads nothing.
 */
import { SKIP_WAITING } from '../../sw/messages';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function startUpdatePrompt(registration: ServiceWorkerRegistration): void {
  let accepted = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };

  const accept = () => {
    const waiting = registration.waiting;
    // Another tab accepted already: the new version is active, only this page is old.
    if (!waiting) return reloadOnce();
    accepted = true;
    waiting.postMessage({ type: SKIP_WAITING });
  };

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (accepted) reloadOnce();
  });

  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) showPrompt(accept);
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  });
  offerIfWaiting();

  // Look for a new build when the tab comes back, and now and then while it stays open.
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, CHECK_EVERY_MS);
  check();
}

function showPrompt(accept: () => void): void {
  if (document.getElementById('update-prompt')) return;
  const prompt = document.createElement('div');
  prompt.id = 'update-prompt';
  prompt.setAttribute('role', 'status');
  prompt.style.cssText =
    'position:fixed;inset:auto 1rem 1rem auto;z-index:2147483647;display:flex;gap:1rem;align-items:center;' +
    'padding:.75rem 1rem;border-radius:.5rem;background:#24324a;color:#fff;font:inherit;box-shadow:0 4px 16px #0004';
  const text = document.createElement('span');
  text.textContent = 'A new version is ready';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.style.cssText = 'font:inherit;padding:.25rem .75rem;border-radius:.25rem;border:0;background:#f2b134;color:#1d1d1f;cursor:pointer';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Reloading…';
    accept();
  });
  prompt.append(text, button);
  document.body.append(prompt);
}
