import type { ApiError } from '../core/http/errors';

/** Every error answer of the API, the shell's and the core's, comes here: INTERNAL ones are logged. */
export function logApiError(error: ApiError): void {
  if (error.code === 'INTERNAL') console.error('[api]', error.message, error.cause);
}
