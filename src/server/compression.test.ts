import { gunzipSync, zstdDecompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressBytes } from './compression.ts';

describe('chooseEncoding', () => {
  it('answers Chromium and Firefox with zstd, Safari with gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip');
  });

  it('follows the browser’s ratings: a refused encoding (q=0) is never used, a higher q wins', () => {
    expect(chooseEncoding('zstd;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('*')).toBe('zstd');
    expect(chooseEncoding('*, zstd;q=0')).toBe('gzip');
  });

  it('compresses nothing for a browser that accepts none of them', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});

describe('compressBytes', () => {
  const text = Buffer.from(
    JSON.stringify({ responseCode: 0, data: Array.from({ length: 200 }, (_, i) => `Pomodori pelati ${i} · 1,29 €`) }),
  );

  it('gives bytes each browser decoder reads back as the same text, several times smaller', () => {
    for (const [encoding, decode] of [
      ['zstd', zstdDecompressSync],
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = compressBytes(text, encoding);
      expect(decode(packed).equals(text)).toBe(true);
      expect(packed.byteLength).toBeLessThan(text.byteLength / 4);
    }
  });
});
