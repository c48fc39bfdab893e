/**
 * Words for the rule catalogue's ids. Only presentation: which properties and methods exist comes
 * from getRules; an id without a label here is shown as words made from the id itself.
 */
const PROPERTY_LABELS: Record<string, string> = {
  name: 'Name', url: 'URL', annotation: 'Notes', comments: 'Comments', folderName: 'Folder name',
  width: 'Width', height: 'Height', fileSize: 'File size', duration: 'Duration',
  createTime: 'Date imported', mtime: 'Date modified', btime: 'Date created',
  tags: 'Tags', folders: 'Folders', type: 'Type', rating: 'Rating', shape: 'Shape', color: 'Colour',
};

const METHOD_LABELS: Record<string, string> = {
  equal: 'is', unequal: 'is not', startWith: 'starts with', endWith: 'ends with', contain: 'contains',
  uncontain: 'does not contain', empty: 'is empty', 'not-empty': 'is not empty', regex: 'matches pattern',
  '=': '=', '>=': '≥', '<=': '≤', '>': '>', '<': '<', between: 'is between',
  on: 'is on', before: 'is before', after: 'is after', within: 'is in the last',
  union: 'has any of', intersection: 'has all of', identity: 'is exactly',
  similar: 'is similar to', accuracy: 'is exactly', grayscale: 'is greyscale',
};

const OPTION_LABELS: Record<string, string> = { none: 'No rating', 'panoramic-portrait': 'panoramic portrait', 'panoramic-landscape': 'panoramic landscape' };

const words = (id: string) => id.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export const propertyLabel = (id: string) => PROPERTY_LABELS[id] ?? words(id);

/** Set rules read better per property: "Tags has any of", but "Folders is exactly". */
export function methodLabel(property: string, method: string): string {
  if (property === 'rating' && method === 'contain') return 'is one of';
  if (property === 'tags' && method === 'equal') return 'are exactly';
  return METHOD_LABELS[method] ?? words(method);
}

export function optionLabel(option: string): string {
  if (/^[1-5]$/.test(option)) return `${'★'.repeat(Number(option))} (${option})`;
  return OPTION_LABELS[option] ?? option;
}
