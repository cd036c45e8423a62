import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, readList, recoveryNotice, writeJson } from './storage.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number';

const backups = () => Object.keys(localStorage).filter((key) => key.startsWith('k.backup-'));

afterEach(() => localStorage.clear());

/** A list read, with whether the user is still to be told something was set aside. */
const read = (upgrade?: (value: unknown) => unknown) => ({
  items: readList('k', isNumber, upgrade),
  recovered: recoveryNotice('k').pending(),
});
const nothing = { items: [], recovered: false };

describe('readList', () => {
  it('reads nothing as an empty list, without recovery', () => {
    expect(read()).toEqual(nothing);
  });

  it('reads a valid list as it is', () => {
    localStorage.setItem('k', '[1,2,3]');
    expect(read()).toEqual({ items: [1, 2, 3], recovered: false });
    expect(backups()).toEqual([]);
  });

  it('sets corrupted JSON aside and starts empty', () => {
    localStorage.setItem('k', '[1, 2, {oops');
    expect(read()).toEqual({ items: [], recovered: true });
    expect(backups().map((key) => localStorage.getItem(key))).toEqual(['[1, 2, {oops']);
    expect(localStorage.getItem('k')).toBe('[]');
    // Reported until the user has been told, then no more.
    expect(read()).toEqual({ items: [], recovered: true });
    recoveryNotice('k').acknowledge();
    expect(read()).toEqual(nothing);
    expect(backups()).toHaveLength(1);
  });

  it('sets a value of the wrong shape aside', () => {
    localStorage.setItem('k', '{"not":"a list"}');
    expect(read()).toEqual({ items: [], recovered: true });
    expect(backups()).toHaveLength(1);
  });

  it('keeps the valid entries of a partly broken list and backs up the original', () => {
    localStorage.setItem('k', '[1,"two",3,null]');
    expect(read()).toEqual({ items: [1, 3], recovered: true });
    expect(localStorage.getItem('k')).toBe('[1,3]');
    expect(backups().map((key) => localStorage.getItem(key))).toEqual(['[1,"two",3,null]']);
  });

  it('upgrades older entries before checking them', () => {
    localStorage.setItem('k', '["1","2",3]');
    const upgrade = (value: unknown) => (typeof value === 'string' ? Number(value) : value);
    expect(read(upgrade)).toEqual({ items: [1, 2, 3], recovered: false });
    // Stored upgraded, so the old shape is read (and upgraded) once only.
    expect(localStorage.getItem('k')).toBe('[1,2,3]');
    expect(backups()).toEqual([]);
  });
});

describe('writeJson', () => {
  it('writes and reports success', () => {
    expect(writeJson('k', [1])).toBe('ok');
    expect(localStorage.getItem('k')).toBe('[1]');
  });

  it('reports a full storage instead of throwing, leaving the old value in place', () => {
    localStorage.setItem('k', '[1]');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeJson('k', [1, 2])).toBe('full');
    vi.restoreAllMocks();
    expect(localStorage.getItem('k')).toBe('[1]');
  });
});

describe('session storage', () => {
  it('is reached through the same functions, apart from local storage', () => {
    expect(writeJson('k', { a: 1 }, 'session')).toBe('ok');
    expect(readJson('k', 'session')).toEqual({ a: 1 });
    expect(readJson('k')).toBeUndefined();
    sessionStorage.setItem('k', '{broken');
    expect(readJson('k', 'session')).toBeUndefined();
  });
});
