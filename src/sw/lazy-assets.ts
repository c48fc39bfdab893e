/** Build files too big to precache for everyone, cached on first use (./lazy-cache.ts): onnxruntime-web's WASM. */
export const LAZY_ASSET = /(^|\/)ort-wasm[^/]*\.wasm$/;
