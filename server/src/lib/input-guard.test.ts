import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, unacceptableInput } from './input-guard.ts';

/** `[[…[value]…]]`, `depth` arrays deep, built without recursion. */
function nested(depth: number, value: unknown = 1): unknown {
  let current = value;
  for (let i = 0; i < depth; i++) current = [current];
  return current;
}

describe('unacceptableInput', () => {
  it('takes ordinary input, odd Unicode included', () => {
    expect(unacceptableInput({ title: 'Plán 🙂', tags: ['a', '\uD800'], n: 1 })).toBeUndefined();
    expect(unacceptableInput(undefined)).toBeUndefined();
    expect(unacceptableInput(nested(MAX_INPUT_DEPTH - 1))).toBeUndefined();
  });

  it('refuses a NUL character in any string or key, however deep', () => {
    expect(unacceptableInput('a\u0000b')).toMatch(/NUL/);
    expect(unacceptableInput({ data: { ['x\u0000']: 1 } })).toMatch(/NUL/);
    expect(unacceptableInput({ list: [{ content: ['ok', '\u0000'] }] })).toMatch(/NUL/);
  });

  it('refuses nesting past the limit, without overflowing the stack itself', () => {
    expect(unacceptableInput(nested(MAX_INPUT_DEPTH + 1))).toMatch(/nested/);
    expect(unacceptableInput(nested(200_000))).toMatch(/nested/);
  });
});
