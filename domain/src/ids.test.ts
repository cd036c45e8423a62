import { describe, expect, it } from 'vitest';
import { isId, legacyId, newId } from './ids.ts';

describe('ids', () => {
  it('makes random version 4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('upgrades an old id to the same version 8 UUID every time, per kind', () => {
    const goal = legacyId('goal', '1');
    expect(goal).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(legacyId('goal', '1')).toBe(goal);
    expect(legacyId('goal', '2')).not.toBe(goal);
    expect(legacyId('conversation', '1')).not.toBe(goal);
    expect(legacyId('conversation', 1732272000000)).toBe(legacyId('conversation', '1732272000000'));
  });

  it('spreads many old ids without a collision', () => {
    const ids = new Set(
      Array.from({ length: 100_000 }, (_, i) => legacyId('goal', 1700000000000 + i)),
    );
    expect(ids.size).toBe(100_000);
  });

  it('tells UUIDs from other strings', () => {
    expect(isId(newId())).toBe(true);
    expect(isId(legacyId('goal', 'x'))).toBe(true);
    for (const value of ['1', '', 'not-a-uuid', 42, null, newId().toUpperCase()]) {
      expect(isId(value)).toBe(false);
    }
  });
});
