/**
 * Build files too big to precache for everyone, cached on first use (./lazy-cache.ts): the AI
 * models and their TF.js WASM under `models/` (about 12 MB), onnxruntime-web's WASM (14 MB,
 * only a user's own CLIP model needs it), and Swagger UI's bundle and stylesheet for the API
 * reference (`swagger-ui-*.js|css`, 1.9 MB, only /api-docs needs them). The install then holds
 * the app alone, so an origin with a small quota still gets its worker (docs/decisions/lazy-models.md).
 */
export const LAZY_ASSET = /(^|\/)(ort-wasm[^/]*\.wasm|models\/.+|assets\/swagger-ui-[^/]*\.(js|css))$/;
