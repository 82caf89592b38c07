import { describe, expect, it } from 'vitest';
import { ProductTexts } from './product-texts.ts';

const text = (s: string) => Buffer.from(JSON.stringify({ s }));

describe('ProductTexts', () => {
  it("keeps each store's texts for one catalogue generation", () => {
    const texts = new ProductTexts();
    expect(texts.of('v1|2026-11-25', 1109, [1]).size).toBe(0);
    texts.keep('v1|2026-11-25', 1109, new Map([[1, text('a')]]));
    texts.keep('v1|2026-11-25', 1110, new Map([[1, text('b')]]));
    expect(texts.of('v1|2026-11-25', 1109, [1, 2]).get(1)?.toString()).toBe('{"s":"a"}');
    expect(texts.of('v1|2026-11-25', 1110, [1]).get(1)?.toString()).toBe('{"s":"b"}');
    expect(texts.of('v1|2026-11-25', 1109, [1, 2]).has(2)).toBe(false);
  });

  it('starts again with a new version or a new day, and does not keep what an older generation read', () => {
    const texts = new ProductTexts();
    texts.of('v1|2026-11-25', 1109, []);
    texts.keep('v1|2026-11-25', 1109, new Map([[1, text('a')]]));
    expect(texts.of('v1|2026-11-26', 1109, [1]).size).toBe(0);
    // A read begun before the day changed ends after it: its texts are not kept.
    texts.keep('v1|2026-11-25', 1109, new Map([[2, text('old')]]));
    expect(texts.of('v1|2026-11-26', 1109, [2]).size).toBe(0);
    texts.keep('v1|2026-11-26', 1109, new Map([[2, text('new')]]));
    expect(texts.of('v2|2026-11-26', 1109, [2]).size).toBe(0);
  });

  it('keeps at most 32 MB of texts, the least recently used going first', () => {
    const texts = new ProductTexts();
    const generation = 'v1|2026-11-25';
    texts.of(generation, 1109, []);
    const big = Buffer.alloc(1024 * 1024, 'x');
    texts.keep(generation, 1109, new Map(Array.from({ length: 32 }, (_, i) => [i, big])));
    expect(texts.size).toBe(32);
    // Product 0 read again: product 1 is now the least recently used.
    expect(texts.of(generation, 1109, [0]).size).toBe(1);
    texts.keep(generation, 1110, new Map([[1, big]]));
    expect(texts.size).toBe(32);
    expect(texts.of(generation, 1109, [0, 1]).has(0)).toBe(true);
    expect(texts.of(generation, 1109, [1]).size).toBe(0);
    expect(texts.of(generation, 1110, [1]).size).toBe(1);
  });
});
