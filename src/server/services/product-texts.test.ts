import { describe, expect, it } from 'vitest';
import { ProductTexts } from './product-texts.ts';

const text = (s: string) => Buffer.from(JSON.stringify({ s }));

describe('ProductTexts', () => {
  it("keeps each store's texts for one catalogue generation", () => {
    const texts = new ProductTexts();
    expect(texts.of('v1|2026-11-25', 1109).size).toBe(0);
    texts.keep('v1|2026-11-25', 1109, new Map([[1, text('a')]]));
    texts.keep('v1|2026-11-25', 1110, new Map([[1, text('b')]]));
    expect(texts.of('v1|2026-11-25', 1109).get(1)?.toString()).toBe('{"s":"a"}');
    expect(texts.of('v1|2026-11-25', 1110).get(1)?.toString()).toBe('{"s":"b"}');
  });

  it('starts again with a new version or a new day, and does not keep what an older generation read', () => {
    const texts = new ProductTexts();
    texts.of('v1|2026-11-25', 1109);
    texts.keep('v1|2026-11-25', 1109, new Map([[1, text('a')]]));
    expect(texts.of('v1|2026-11-26', 1109).size).toBe(0);
    // A read begun before the day changed ends after it: its texts are not kept.
    texts.keep('v1|2026-11-25', 1109, new Map([[2, text('old')]]));
    expect(texts.of('v1|2026-11-26', 1109).size).toBe(0);
    texts.keep('v1|2026-11-26', 1109, new Map([[2, text('new')]]));
    expect(texts.of('v2|2026-11-26', 1109).size).toBe(0);
  });

  it('starts again when 20,000 texts would be exceeded', () => {
    const texts = new ProductTexts();
    const generation = 'v1|2026-11-25';
    texts.of(generation, 1109);
    texts.keep(generation, 1109, new Map(Array.from({ length: 20_000 }, (_, i) => [i, text(String(i))])));
    expect(texts.of(generation, 1109).size).toBe(20_000);
    // The same ids again count once.
    texts.keep(generation, 1109, new Map([[5, text('5')]]));
    expect(texts.of(generation, 1109).size).toBe(20_000);
    texts.keep(generation, 1110, new Map([[1, text('x')]]));
    expect(texts.of(generation, 1109).size).toBe(0);
    expect(texts.of(generation, 1110).size).toBe(1);
  });
});
