/**
 * The panels built beside the shell: <item-inspector> (src/app/inspector/) and <item-viewer>
 * (src/app/viewer/). The shell creates them by tag name and only sets their properties, so it
 * compiles and runs without them (an undefined element renders nothing). Registering them is one
 * import each, here:
 *
 *   import '../inspector/item-inspector';
 *   import '../viewer/item-viewer';
 *
 * Their contract: <item-inspector> takes `api`, `itemId` and `selectionCount` and dispatches
 * `item-changed` {id} and `api-error` {message}; <item-viewer> takes `api` and `itemId` (null =
 * closed) and dispatches `viewer-navigate` {direction: -1 | 1} and `viewer-close`.
 */
export {};
