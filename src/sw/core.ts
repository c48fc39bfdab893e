/**
 * The core as the service worker runs it (createApi: Dexie, zod, the services). sw.ts imports this
 * with import(), so the build makes it a script of its own beside sw.js, loaded by the first request
 * the shell does not answer, by the resume of jobs after a start's first answer, or by a page's
 * media ports; a cold start answered by the shell (app/info, a page from the precache) never
 * evaluates it (docs/decisions/service-worker-startup.md).
 */
import { createApi, type Api } from '../core/api';
import { logApiError } from './api-errors';
import { modelFiles } from './lazy-cache';
import { mediaBridge } from './media-bridge';
import type { PagePorts } from './page-ports';

export function createWorkerApi(apiPrefix: string, pagePorts: PagePorts): Api {
  return createApi({
    apiPrefix,
    onError: logApiError,
    media: mediaBridge(pagePorts),
    modelFiles,
    onBackgroundError: (error) => console.error('[media]', error),
  });
}
