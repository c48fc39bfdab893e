// What the web app says to people (issue 24, points 11, 14, 15, 16, 24): the API's messages
// without script jargon, whole-image comments, which picture a wide cell loads, when a smart-folder
// rule is complete enough to count, and what a folder's number counts. Pure, table-driven.
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/app/api-types';
import { describePlace } from '../../src/app/comments/comment-kinds';
import { folderCountWords } from '../../src/app/folders/folder-count';
import { cellPictureUrl } from '../../src/app/grid/cell-picture';
import { isComplete, newRule, withMethod, withProperty, type RuleSchema } from '../../src/app/smart-folders/rule-form';
import { forPeople } from '../../src/app/ui/people-text';
import { ruleSchema } from '../../src/core/smart-folders/rule-catalogue';

const schema = ruleSchema() as unknown as RuleSchema;

describe('forPeople', () => {
  it.each([
    ['itemId: item "ABC" has no picture to compare (a bookmark).', 'Item "ABC" has no picture to compare (a bookmark).'],
    ['No item matches "dog" yet (indexing may still be running: see getSyncStatus).', 'No item matches "dog" yet (indexing may still be running).'],
    ['No signal of this build covers "zz": it understands object names (see checkServiceHealth.signals).', 'No signal of this build covers "zz": it understands object names.'],
    ['items[3].url: must be an http(s) URL', 'Url: must be an http(s) URL'],
    ['conditions[0].rules[1].maxWidth: must be a number', 'Max width: must be a number'],
    ['name: must be a non-empty string', 'Name: must be a non-empty string'],
    ['query: "OR" needs a search term on each side (at 5)', 'Query: "OR" needs a search term on each side (at 5)'],
    ['Moved to the trash', 'Moved to the trash'],
    ['Nothing: here', 'Nothing: here'],
  ])('%s', (api, shown) => expect(forPeople(api)).toBe(shown));
});

describe('describePlace', () => {
  const area = (x: number, y: number, width: number, height: number): Comment => ({ id: 'c', annotation: '', lastModified: 1, x, y, width, height });
  it.each([
    [area(0, 0, 600, 400), 'on the whole image'],
    [area(0, 0, 600, 399), 'area 600×399 at 0, 0'],
    [area(5, 0, 595, 400), 'area 595×400 at 5, 0'],
  ])('%o on a 600×400 image', (comment, text) => expect(describePlace(comment, { width: 600, height: 400 })).toBe(text));
  it('without the image size, an area is an area', () => expect(describePlace(area(0, 0, 600, 400))).toBe('area 600×400 at 0, 0'));
});

describe('cellPictureUrl', () => {
  const thumb = '/api/v2/item/thumbnail?id=A';
  const item = (ext: string, width: number, height: number, thumbnailURL = thumb) => ({ ext, width, height, fileURL: '/api/v2/item/file?id=A', thumbnailURL });
  it.each([
    ['a small cell shows the thumbnail', item('jpg', 3000, 2000), 320, thumb],
    ['a wide cell shows the original of a large image when it is on this device', item('jpg', 3000, 2000), 700, `${thumb}&preferOriginal=true`],
    ['a small original is no sharper than its thumbnail', item('png', 300, 200), 700, thumb],
    ['a PDF has only its thumbnail', item('pdf', 3000, 2000), 700, thumb],
    ['a generic icon stays one', item('jpg', 3000, 2000, '/api/v2/item/icon?family=image&label=JPG'), 700, '/api/v2/item/icon?family=image&label=JPG'],
  ])('%s', (_, it, pixels, url) => expect(cellPictureUrl(it, pixels)).toBe(url));
  it('a published library keeps to thumbnails', () => expect(cellPictureUrl(item('jpg', 3000, 2000), 700, { thumbnailsOnly: true })).toBe(thumb));
});

describe('isComplete', () => {
  it('asks for every value the rule needs before it is counted', () => {
    const width = withMethod(schema, withProperty(schema, newRule(schema), 'width'), '>');
    expect(isComplete(schema, width)).toBe(false);
    expect(isComplete(schema, { ...width, a: '1920' })).toBe(true);
    const between = withMethod(schema, width, 'between');
    expect(isComplete(schema, { ...between, a: '1' })).toBe(false);
    expect(isComplete(schema, { ...between, a: '1', b: '9' })).toBe(true);
    const tags = withProperty(schema, newRule(schema), 'tags');
    expect(isComplete(schema, { ...tags, a: ' , ' })).toBe(false);
    expect(isComplete(schema, { ...tags, a: 'cat, ' })).toBe(true);
  });
});

describe('folderCountWords', () => {
  it.each([
    [{ imageCount: 1, children: [] }, '1 item'],
    [{ imageCount: 3, children: [] }, '3 items'],
    [{ imageCount: 1, children: [{}] }, '1 item in this folder, not counting subfolders'],
  ])('%o', (folder, words) => expect(folderCountWords(folder as never)).toBe(words));
});
