/**
 * The API's messages as a person reads them. The API writes for scripts: a message starts with the
 * field it blames (`itemId: …`, `conditions[0].rules[1].value: …`) and may point at another route
 * (`see getSyncStatus`, `(see checkServiceHealth.signals)`). The app shows the same sentence
 * without the pointers, and with the field in words: dropped where the sentence names it already
 * (`itemId: item "X" has no picture` → `Item "X" has no picture`), else kept as a label
 * (`name: must be …` → `Name: must be …`). Pure; the smart-folder editor still reads the raw
 * message to place its errors.
 */

/** A field path at the start of a message: `itemId: `, `items[3].url: `. */
const LEADING_FIELD = /^([a-z]\w*(?:\[\d+\])*(?:\.[a-z]\w*(?:\[\d+\])*)*): (?=\S)/;
/** "see getSyncStatus", "see checkServiceHealth.signals", "see item/add": a route or field name. */
const SEE_ROUTE = /[:;,]?\s*\bsee (?:[a-z]+[A-Z][\w.]*|[a-z]+\/[\w/]+)/g;

/** `conditions[0].rules[1].maxWidth` → `max width`: the last name of the path, in words. */
function fieldWords(path: string): string {
  const last = path.split('.').pop()!.replace(/\[\d+\]/g, '');
  return last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function forPeople(message: string): string {
  let text = message;
  const field = LEADING_FIELD.exec(text);
  if (field) {
    const rest = text.slice(field[0].length);
    const words = fieldWords(field[1]!);
    text = rest.toLowerCase().startsWith(words.split(' ')[0]!) ? rest : `${words}: ${rest}`;
  }
  text = text.replace(SEE_ROUTE, '').replace(/\s*\(\s*\)/g, '').replace(/\s+([.,;:])/g, '$1');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
