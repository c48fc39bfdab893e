/**
 * The cold-start floor (bench only, never in the app's build): the smallest service worker that
 * answers a fetch, a tiny JSON from memory. Its cold start is what Chromium itself costs.
 */
import { jsonResponse, serveFloor } from './serve-floor';

serveFloor(() => jsonResponse({ status: 'success', data: { floor: 'minimal' } }));
