/**
 * What both floor workers share (bench only): they take control at once, answer a navigation in
 * their scope with an empty page (the frame the bench page fetches through, since a fetch goes to
 * the worker that controls its page) and every other request with `answer`.
 */
declare const self: ServiceWorkerGlobalScope;

const FRAME_PAGE = '<!doctype html><title>cold-start floor</title>';

export function serveFloor(answer: (request: Request) => Promise<Response> | Response): void {
  self.addEventListener('install', () => void self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (event) => {
    if (event.request.mode === 'navigate') event.respondWith(new Response(FRAME_PAGE, { headers: { 'Content-Type': 'text/html' } }));
    else event.respondWith(answer(event.request));
  });
}

export const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
