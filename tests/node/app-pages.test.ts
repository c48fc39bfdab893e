// Which navigations the worker answers with the app (src/shared/app-pages.ts): its page and its API
// reference under its base, and nothing else of a host site that holds it at its root or in a folder.
import { describe, expect, it } from 'vitest';
import { isApiDocsPath, isAppPagePath } from '../../src/shared/app-pages';

describe('the app’s own pages', () => {
  it.each([
    ['/', '/', true],
    ['/index.html', '/', true],
    ['/api-docs', '/', true],
    ['/api-docs/', '/', true],
    ['/about/', '/', false],
    ['/blog/2026/post', '/', false],
    ['/docs/api-docs', '/', false],
    ['/asset-library', '/asset-library/', true],
    ['/asset-library/', '/asset-library/', true],
    ['/asset-library/index.html', '/asset-library/', true],
    ['/asset-library/api-docs', '/asset-library/', true],
    ['/asset-library/other', '/asset-library/', false],
    ['/', '/asset-library/', false],
    ['/api-docs', '/asset-library/', false],
  ])('%s under the base %s: %s', (path, base, shown) => {
    expect(isAppPagePath(path, base)).toBe(shown);
  });

  it('knows the API reference’s path alone', () => {
    expect([isApiDocsPath('/x/api-docs/', '/x/'), isApiDocsPath('/x/', '/x/'), isApiDocsPath('/api-docs', '/x/')]).toEqual([true, false, false]);
  });
});
