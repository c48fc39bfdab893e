// Every route must be exercised through the real service worker: its path has to appear in a
// browser test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/core/routes';

const browserTests = join(import.meta.dirname, '../browser');
const source = readdirSync(browserTests, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(browserTests, file), 'utf8'))
  .join('\n');

describe('route table', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r.path]))('%s has a browser test', (_name, path) => {
    expect(source.includes(`'${path}`) || source.includes(`/api/v2${path}`)).toBe(true);
  });
});
