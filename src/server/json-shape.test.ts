// The guard reads a body's text once and stops at the first limit passed (issue 65).
import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, jsonShape } from './json-shape.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const withKeys = (keys: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

describe('jsonShape', () => {
  it(`takes nesting up to ${JSON_LIMITS.depth} levels and refuses one more`, () => {
    expect(jsonShape(nested(JSON_LIMITS.depth))).toEqual({ ok: true, nul: false });
    expect(jsonShape(nested(JSON_LIMITS.depth + 1))).toEqual({
      ok: false,
      message: 'Il corpo della richiesta ha più di 32 livelli annidati.',
    });
    // Objects and arrays count alike.
    expect(jsonShape('{"a":'.repeat(JSON_LIMITS.depth + 1)).ok).toBe(false);
  });

  it(`takes up to ${JSON_LIMITS.keys} keys in all and refuses one more`, () => {
    expect(jsonShape(withKeys(JSON_LIMITS.keys)).ok).toBe(true);
    expect(jsonShape(withKeys(JSON_LIMITS.keys + 1))).toEqual({
      ok: false,
      message: 'Il corpo della richiesta ha più di 5000 campi.',
    });
    // Keys of nested objects count toward the same total.
    const rows = JSON.stringify({ rows: Array.from({ length: JSON_LIMITS.keys / 2 }, () => ({ a: 1, b: 2 })) });
    expect(jsonShape(rows).ok).toBe(false);
  });

  it('does not count brackets, colons or escaped quotes inside strings', () => {
    const text = JSON.stringify({ note: `${'['.repeat(100)} a:b:c \\" {{{ ${':'.repeat(6000)}` });
    expect(jsonShape(text)).toEqual({ ok: true, nul: false });
    expect(jsonShape(JSON.stringify({ a: 'x"[[[[' }), { depth: 1, keys: 1 }).ok).toBe(true);
  });

  it('tells an escaped NUL from an escaped backslash followed by u0000', () => {
    expect(jsonShape(JSON.stringify({ name: 'a\u0000b' }))).toEqual({ ok: true, nul: true });
    expect(jsonShape(JSON.stringify({ name: 'a\\u0000b' }))).toEqual({ ok: true, nul: false });
  });

  it('stops at the first level too deep, whatever follows', () => {
    // A 6,000-deep body and one a hundred times deeper are refused after the same 33 characters.
    const text = nested(600_000);
    expect(jsonShape(`${text}garbage`).ok).toBe(false);
    // The verdict is the one of the text cut right after the limit: nothing past it is read.
    expect(jsonShape(text.slice(0, JSON_LIMITS.depth + 1))).toEqual(jsonShape(text));
  });
});
