/**
 * The panels the shell mounts: <item-inspector> (src/app/inspector/) and <item-viewer>
 * (src/app/viewer/), standalone elements that the shell creates by tag name and feeds.
 *
 * Their contract: <item-inspector> takes `api`, `itemId`, `selectionCount` and `readOnly` and dispatches
 * `item-changed` {id} and `api-error` {message}; <item-viewer> takes `api`, `itemId` (null =
 * closed) and `readOnly`, dispatches `viewer-navigate` {direction: -1 | 1} and `viewer-close`, and
 * shows its own `api-error`s.
 */
import '../inspector/item-inspector';
import '../viewer/item-viewer';
