/**
 * Examples for the document: a request body and the `data` it answers, for the routes a newcomer
 * tries first. tests/node/openapi-document.test.ts checks each against its route's schemas.
 */
const ITEM = {
  id: 'MJ4Q2B7K0AB3C',
  name: 'Sunset over the bay',
  ext: 'png',
  width: 1600,
  height: 900,
  url: 'https://example.com/sunset',
  isDeleted: false,
  annotation: '',
  tags: ['sky', 'sea'],
  folders: ['MJ4Q2A1Z00XYZ'],
  palettes: [{ color: [236, 128, 64], ratio: 41.5 }],
  size: 482113,
  star: 4,
  modificationTime: 1764600000000,
  noThumbnail: false,
  noPreview: false,
  importedAt: 1764600000000,
  fileURL: '/api/v2/item/file?id=MJ4Q2B7K0AB3C',
  thumbnailURL: '/api/v2/item/thumbnail?id=MJ4Q2B7K0AB3C',
  thumbnailReady: true,
  linkedURL: '',
  notKept: '',
};

export const EXAMPLES: Record<string, { request?: unknown; answer?: unknown }> = {
  'GET /app/info': { answer: { version: '4.0.0', buildVersion: '22', prereleaseVersion: null, webVersion: '0.1.0', platform: 'web' } },
  'POST /item/add': {
    request: { url: 'https://example.com/sunset.png', name: 'Sunset over the bay', tags: ['sky', 'sea'], folders: ['MJ4Q2A1Z00XYZ'] },
    answer: { id: 'MJ4Q2B7K0AB3C', duplicateOf: null },
  },
  'GET /item/get': { answer: { data: [ITEM], total: 1, offset: 0, limit: 50 } },
  'POST /item/get': { request: { tags: ['sky'], limit: 20 }, answer: { data: [{ id: ITEM.id, name: ITEM.name }], total: 1, offset: 0, limit: 20 } },
  'POST /item/query': { request: { query: 'sunset tag:sky', limit: 20 }, answer: { data: [ITEM], total: 1, offset: 0, limit: 20 } },
  'POST /item/update': { request: { id: 'MJ4Q2B7K0AB3C', star: 5 }, answer: { ...ITEM, star: 5 } },
  'POST /folder/create': {
    request: { name: 'Skies' },
    answer: { id: 'MJ4Q2A1Z00XYZ', name: 'Skies', description: '', children: [], modificationTime: 1764600000000, tags: [], iconColor: '', imageCount: 0, parent: null },
  },
  'GET /tag/get': { answer: { data: [{ name: 'sky', count: 12, color: '', groups: [], pinyin: 'sky', starred: false }], total: 1, offset: 0, limit: 50 } },
};
