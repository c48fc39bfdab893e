// What a drop's or paste's text types say about its links (text/html is read in tests/browser/drop-links.test.ts).
import { describe, expect, it } from 'vitest';
import { droppedLinks, linksInMozUrl } from '../../src/app/import/dropped-links';

const reader = (types: Record<string, string>) => (type: string) => types[type] ?? '';

describe('links in a drop or paste', () => {
  it('reads Firefox\'s text/x-moz-url pairs, keeping each title as a name', () => {
    expect(linksInMozUrl('https://a.example/x\nThe X page\nhttps://b.example/y\nhttps://b.example/y\nnot a url\nignored')).toEqual([
      { url: 'https://a.example/x', kind: 'unknown', name: 'The X page' },
      { url: 'https://b.example/y', kind: 'unknown' },
    ]);
  });

  it('prefers the richest type, and falls back to the bare addresses', () => {
    expect(droppedLinks(reader({ 'text/x-moz-url': 'https://a.example/x\nX', 'text/uri-list': 'https://a.example/x' }))).toEqual([{ url: 'https://a.example/x', kind: 'unknown', name: 'X' }]);
    expect(droppedLinks(reader({ 'text/uri-list': 'https://a.example/x' }))).toEqual([{ url: 'https://a.example/x', kind: 'unknown' }]);
    expect(droppedLinks(reader({ 'text/plain': 'see https://a.example/x and https://b.example/' }))).toEqual([
      { url: 'https://a.example/x', kind: 'unknown' },
      { url: 'https://b.example/', kind: 'unknown' },
    ]);
    expect(droppedLinks(reader({}))).toEqual([]);
  });
});
