/**
 * The front door stays short and its links hold: README.md under 12 KB, every decision record
 * under 6 KB (one page), and every relative link (and its #anchor) in README.md and docs/**.md
 * names a file, and a heading, that exist; so does every docs/ reference in the source, which
 * cites the contract by its section in docs/contract.md, never the out-of-repo decisions.md or api-v2.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README_LIMIT = 12_288;
const DECISION_LIMIT = 6_144;

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} +(.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** Relative links of a markdown file (code blocks and inline code left out): [text](target) and ![alt](target). */
function linksIn(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

/** Why a link does not hold, or undefined when it does. */
function brokenLink(file: string, target: string): string | undefined {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const destination = path === '' ? file : resolve(dirname(file), path);
  if (!existsSync(destination)) return `${target}: no such file`;
  if (anchor === undefined) return undefined;
  if (statSync(destination).isDirectory() || !destination.endsWith('.md')) return `${target}: an anchor into a file that is not markdown`;
  return anchorsIn(destination).has(anchor) ? undefined : `${target}: no heading "#${anchor}" in ${relative(ROOT, destination)}`;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Hidden folders are caches (bench/.scale-cache holds millions of files), not source.
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'results' || entry.name.startsWith('.') ? [] : sourcesUnder(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const SOURCES = () => ['src', 'tools', 'bin', 'bench'].flatMap((dir) => sourcesUnder(join(ROOT, dir)));

describe('the front door', () => {
  it(`README.md is under ${README_LIMIT} bytes`, () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(README_LIMIT);
  });

  it(`every decision record is under ${DECISION_LIMIT} bytes`, () => {
    const records = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => name.endsWith('.md'));
    expect(records.length).toBeGreaterThan(10);
    const tooLong = records
      .map((name) => ({ name, bytes: statSync(join(ROOT, 'docs/decisions', name)).size }))
      .filter(({ bytes }) => bytes >= DECISION_LIMIT)
      .map(({ name, bytes }) => `${name}: ${bytes} bytes`);
    expect(tooLong).toEqual([]);
  });

  it('every decision record is in the index', () => {
    const index = readFileSync(join(ROOT, 'docs/decisions/README.md'), 'utf8');
    const records = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('every relative link in README.md and docs/ names a file (and a heading) that exists', () => {
    const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];
    const links = files.flatMap((file) => linksIn(file).map((target) => ({ file, target })));
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap(({ file, target }) => {
      const why = brokenLink(file, target);
      return why ? [`${relative(ROOT, file)}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every docs/ reference in the source names a file (and a section) that exists', () => {
    const references = SOURCES().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w/.-]*\w\.md(?:#[\w-]+)?/g)].map((match) => ({ file, target: match[0] })),
    );
    expect(references.length).toBeGreaterThan(30);
    const broken = references.flatMap(({ file, target }) => {
      const why = brokenLink(join(ROOT, 'README.md'), target);
      return why ? [`${relative(ROOT, file)}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('the source cites the contract in the repo, not the out-of-repo decisions.md or api-v2.md', () => {
    const outside = SOURCES().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, at) => (/(?<![\w/-])(decisions|api-v2)\.md/.test(line) ? [`${relative(ROOT, file)}:${at + 1}: ${line.trim()}`] : [])),
    );
    expect(outside).toEqual([]);
  });

  it('finds a broken link, a missing heading and a heading that exists', () => {
    const readme = join(ROOT, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-file.md')).toMatch(/no such file/);
    expect(brokenLink(readme, 'docs/contract.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(readme, 'docs/contract.md#envelope-and-errors')).toBeUndefined();
    expect(anchorOf('Folders, smart folders, tags')).toBe('folders-smart-folders-tags');
    expect(anchorOf('`X-Library-Path` chooses')).toBe('x-library-path-chooses');
  });
});
