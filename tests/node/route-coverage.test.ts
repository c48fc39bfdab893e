// Every built route must be exercised through the real service worker: its path has to appear in
// a browser test. Routes still pending are covered by the loop in tests/browser/not-built.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notBuiltRoutes } from '../../src/core/not-built.routes';
import { ROUTES } from '../../src/core/routes';

const browserTests = join(import.meta.dirname, '../browser');
const source = readdirSync(browserTests, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(browserTests, file), 'utf8'))
  .join('\n');

describe('route table', () => {
  const pending = new Set(notBuiltRoutes);
  const built = ROUTES.filter((r) => !pending.has(r));

  it.each(built.map((r) => [`${r.method} ${r.path}`, r.path]))('%s has a browser test', (_name, path) => {
    expect(source.includes(`'${path}`) || source.includes(`/api/v2${path}`)).toBe(true);
  });
});
