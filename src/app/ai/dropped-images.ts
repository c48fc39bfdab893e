/**
 * Pictures dropped on the search box, kept for this tab's session under a short key, so the
 * `image:<key>` view survives back/forward and a reload without putting megabytes of Base64 in the
 * URL. A new tab (or a cleared session) no longer has the picture: the view then says so.
 */
const PREFIX = 'ai-image:';

export function keepDroppedImage(base64: string): string {
  const key = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  try {
    sessionStorage.setItem(PREFIX + key, base64);
  } catch {
    // Too big for session storage: it lives as long as the page does.
    memory.set(key, base64);
  }
  return key;
}

export function droppedImage(key: string): string | undefined {
  return memory.get(key) ?? globalThis.sessionStorage?.getItem(PREFIX + key) ?? undefined;
}

const memory = new Map<string, string>();
