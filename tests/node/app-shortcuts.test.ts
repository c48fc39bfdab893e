// The global shortcut table: which key presses are commands, and that typing in a field never is.
import { describe, expect, it } from 'vitest';
import { globalCommand, SHORTCUTS } from '../../src/app/keyboard/shortcuts';

const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('global shortcuts', () => {
  it.each([
    ['/', {}, 'focus-search'],
    ['?', {}, 'show-help'],
    ['a', { ctrlKey: true }, 'select-all'],
    ['A', { metaKey: true }, 'select-all'],
    ['Escape', {}, 'clear-selection'],
    ['D', {}, 'find-duplicates'],
    ['d', {}, undefined],
    ['D', { ctrlKey: true }, undefined],
    ['a', {}, undefined],
    ['/', { ctrlKey: true }, undefined],
    ['?', { altKey: true }, undefined],
  ] as const)('%s %o → %s', (k, mods, command) => {
    expect(globalCommand(key(k, mods), false)).toBe(command);
  });

  it('leaves keys to a field being typed in, except Esc which the field handles itself', () => {
    for (const k of ['/', '?', 'D']) expect(globalCommand(key(k), true)).toBeUndefined();
    expect(globalCommand(key('a', { ctrlKey: true }), true)).toBeUndefined();
    expect(globalCommand(key('Escape'), true)).toBeUndefined();
  });

  it('lists every shortcut once in the help', () => {
    expect(new Set(SHORTCUTS.map((s) => s.keys)).size).toBe(SHORTCUTS.length);
  });
});
