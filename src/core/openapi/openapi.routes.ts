/** The API's own OpenAPI 3.1 document (ours), built by its first request, never at a worker's start. */
import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { lazyFunction, lazyModule } from '../shared/lazy-module';

const served = lazyModule(() => import('./openapi-response'));

export const openApiRoutes = [route('GET', '/openapi.json', noInput, lazyFunction(served, 'openApiResponse'))];
