/**
 * The API's messages as a person reads them. The API writes for scripts: a message starts with the
 * field it blames (`itemId: …`, `conditions[0].rules[1].value: …`) and may point at another route
 * (`see getSyncStatus`, `(see checkServiceHealth.signals)`). The app shows the same sentence
 * without those. Pure; the smart-folder editor still reads the raw message to place its errors.
 */

/** A field path at the start of a message: `itemId: `, `items[3].url: `. */
const LEADING_FIELD = /^[a-z]\w*(?:\[\d+\])*(?:\.[a-z]\w*(?:\[\d+\])*)*: (?=\S)/;
/** "see getSyncStatus", "see checkServiceHealth.signals", "see item/add": a route or field name. */
const SEE_ROUTE = /[:;,]?\s*\bsee (?:[a-z]+[A-Z][\w.]*|[a-z]+\/[\w/]+)/g;

export function forPeople(message: string): string {
  let text = message.replace(LEADING_FIELD, '');
  text = text.replace(SEE_ROUTE, '').replace(/\s*\(\s*\)/g, '').replace(/\s+([.,;:])/g, '$1');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
