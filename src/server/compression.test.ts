import { gunzipSync, zstdDecompressSync, brotliDecompressSync } from 'node:zlib';
import { get } from 'node:http';
import { randomBytes } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerParts } from './answer-parts.ts';
import { chooseEncoding, compressBytes, compressParts, compression, partsBody } from './compression.ts';
import { ZstdThread } from './zstd-thread.ts';

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

describe('compressBytes with zstd, one context answer after answer', () => {
  it('makes each answer a frame of its own that reads back alone, whatever came before it', () => {
    const answers = [
      // A listing-sized answer, the same again, a small one, one bigger than the first room, random bytes (incompressible).
      Buffer.from(JSON.stringify({ data: Array.from({ length: 600 }, (_, i) => `Mozzarella ${i} · 0,99 €`) })),
      Buffer.from(JSON.stringify({ data: Array.from({ length: 600 }, (_, i) => `Mozzarella ${i} · 0,99 €`) })),
      Buffer.from(JSON.stringify({ data: 'Pane di Altamura DOP · 3,20 €/kg'.repeat(40) })),
      Buffer.from(JSON.stringify({ data: Array.from({ length: 9000 }, (_, i) => `Olio extravergine ${i}`) })),
      randomBytes(180 * 1024),
      Buffer.from(JSON.stringify({ data: 'Taralli pugliesi'.repeat(100) })),
    ];
    // All made first, then read: a later answer does not overwrite an earlier one still being sent.
    const packed = [...answers, ...answers].map((a) => compressBytes(a, 'zstd'));
    packed.forEach((p, i) => {
      expect(zstdDecompressSync(p).equals(answers[i % answers.length]!)).toBe(true);
    });
    // The same text gives the same bytes: no state of an answer leaks into the next.
    expect(packed[1]!.equals(packed[0]!)).toBe(true);
    expect(packed[answers.length]!.equals(packed[0]!)).toBe(true);
  });
});

describe('compression() in a shop, over a real socket', () => {
  const app = new Hono();
  app.use(compression());
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ barcode: `80${i}`, description: `Passata ${i} · €` }));
  app.get('/page', (c) => c.json({ responseCode: 0, data: rows(400) }));
  app.get('/export', (c) => c.json({ responseCode: 0, data: rows(20_000) }));
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        ready();
      });
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** The raw answer: its headers as sent, and its body decompressed. */
  const asked = (path: string) =>
    new Promise<{ headers: Record<string, unknown>; rows: number }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ headers: res.headers, rows: JSON.parse(gunzipSync(Buffer.concat(chunks)).toString()).data.length }),
        );
      }).on('error', reject);
    });

  it('compresses an answer of some kilobytes at once, and sends it with its length', async () => {
    const { headers, rows } = await asked('/page');
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBeGreaterThan(0);
    expect(rows).toBe(400);
  });

  it('streams the compression of an answer of megabytes, not holding the server up while it compresses', async () => {
    const { headers, rows } = await asked('/export');
    expect(headers['content-encoding']).toBe('gzip');
    // Compressed chunk by chunk on libuv's threads: its length is not known beforehand.
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(rows).toBe(20_000);
  });
});

describe('an answer in parts (partsBody)', () => {
  const app = new Hono();
  app.use(compression());
  // A listing's shape: a head, rows put in as kept bytes, commas between them, a tail.
  const partsOf = (n: number) => {
    const parts: Buffer[] = [Buffer.from('{"responseCode":0,"data":[')];
    for (let i = 0; i < n; i++) {
      if (i > 0) parts.push(Buffer.from(','));
      parts.push(Buffer.from(JSON.stringify({ barcode: `80${i}`, description: `Passata ${i} · €`, price: i / 100 })));
    }
    parts.push(Buffer.from(']}'));
    return new AnswerParts(parts);
  };
  app.get('/parts/:n', (c) =>
    partsBody(c, partsOf(Number(c.req.param('n'))), 200, { 'Content-Type': 'application/json' }),
  );
  const decode: Record<string, (b: Buffer) => Buffer> = {
    zstd: zstdDecompressSync,
    gzip: gunzipSync,
    br: brotliDecompressSync,
  };

  it('reads back, in every encoding and in none, as the parts joined', async () => {
    for (const n of [300, 1, 3000])
      for (const encoding of ['zstd', 'gzip', 'br', 'identity']) {
        const res = await app.request(`/parts/${n}`, { headers: { 'Accept-Encoding': encoding } });
        const body = Buffer.from(await res.arrayBuffer());
        const joined = partsOf(n).bytes();
        const compressed = joined.byteLength >= 1024 && encoding !== 'identity';
        expect(res.headers.get('Content-Encoding')).toBe(compressed ? encoding : null);
        expect(res.headers.get('Content-Type')).toBe('application/json');
        expect(compressed ? decode[encoding]!(body).equals(joined) : body.equals(joined)).toBe(true);
        if (compressed) expect(body.byteLength).toBeLessThan(joined.byteLength / 3);
      }
  });

  it('reads back the same when made on the compression thread, while this thread is busy', async () => {
    const handedOver = vi.spyOn(ZstdThread.prototype, 'compress');
    try {
      let taken = 0;
      for (let round = 0; round < 40 && taken === 0; round++) {
        // Busy for longer than spareCore() looks back; the thread's first message is read in between.
        await new Promise((r) => setTimeout(r, 5));
        const until = performance.now() + 60;
        while (performance.now() < until) Math.sqrt(Math.random());
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => app.request('/parts/600', { headers: { 'Accept-Encoding': 'zstd' } })),
        );
        for (const res of answers) {
          expect(res.status).toBe(200);
          expect(res.headers.get('Content-Encoding')).toBe('zstd');
          expect(res.headers.get('Content-Type')).toBe('application/json');
          expect(zstdDecompressSync(Buffer.from(await res.arrayBuffer())).equals(partsOf(600).bytes())).toBe(true);
        }
        taken = handedOver.mock.results.filter((r) => r.value instanceof Promise).length;
      }
      expect(taken).toBeGreaterThan(0);
    } finally {
      handedOver.mockRestore();
    }
  });

  it('is the frame compressBytes makes of the parts joined, frame after frame on the kept zstd context', () => {
    for (const n of [300, 2, 40, 300]) {
      const answer = partsOf(n);
      const packed = compressParts(answer, 'zstd');
      expect(zstdDecompressSync(packed).equals(answer.bytes())).toBe(true);
      expect(zstdDecompressSync(compressBytes(answer.bytes(), 'zstd')).equals(answer.bytes())).toBe(true);
    }
  });
});
