import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { spareCore, statementSent, statementsAnswered } from './in-flight.ts';
import { OFF_THREAD_FROM_BYTES, SLOT_INPUT_BYTES, SLOTS, ZstdThread, zstdOffThread } from './zstd-thread.ts';

/** A listing page's shape in parts: a head, product texts with commas between them, a tail. */
function page(products: number, seed = 0): Buffer[] {
  const parts = [Buffer.from('{"responseCode":0,"data":{"content":[')];
  for (let i = 0; i < products; i++) {
    if (i > 0) parts.push(Buffer.from(','));
    parts.push(
      Buffer.from(
        JSON.stringify({
          id: seed * 1000 + i,
          barcode: `80${seed}${i}`.padEnd(13, '0'),
          description: `Passata di pomodoro ${seed}-${i} · Puglia`,
          price: (i % 7) + 0.99,
          attrib3: '2,58 €/kg',
        }),
      ),
    );
  }
  parts.push(Buffer.from(`],"totalElements":${products}}}`));
  return parts;
}
const lengthOf = (parts: Buffer[]) => parts.reduce((n, p) => n + p.byteLength, 0);

async function readyThread(): Promise<ZstdThread> {
  const thread = new ZstdThread();
  for (let i = 0; i < 200 && !thread.ready; i++) await new Promise((r) => setTimeout(r, 10));
  expect(thread.ready).toBe(true);
  return thread;
}

describe('the compression thread', () => {
  const threads: ZstdThread[] = [];
  afterAll(async () => {
    await Promise.all(threads.map((t) => t.close()));
  });

  it('gives each answer its own zstd frame, which reads back as the parts joined, many at once', async () => {
    const thread = await readyThread();
    threads.push(thread);
    const answers = Array.from({ length: 40 }, (_, i) => page(80 + i * 3, i));
    // SLOTS at once, as many times as it takes.
    const frames: (Buffer | null)[] = [];
    for (let from = 0; from < answers.length; from += SLOTS) {
      const batch = answers.slice(from, from + SLOTS);
      const made = batch.map((parts) => thread.compress(parts, lengthOf(parts)));
      expect(made.every((m) => m !== null)).toBe(true);
      frames.push(...(await Promise.all(made)));
    }
    frames.forEach((frame, i) => {
      expect(frame).not.toBeNull();
      expect(zstdDecompressSync(frame!).equals(Buffer.concat(answers[i]!))).toBe(true);
      expect(frame!.byteLength).toBeLessThan(lengthOf(answers[i]!) / 4);
    });
    // Its slots are free again.
    const again = await thread.compress(page(90), lengthOf(page(90)));
    expect(zstdDecompressSync(again!).equals(Buffer.concat(page(90)))).toBe(true);
  });

  it('takes random bytes (they do not compress) and an answer of exactly a slot; refuses a bigger one', async () => {
    const thread = await readyThread();
    threads.push(thread);
    const noise = randomBytes(SLOT_INPUT_BYTES);
    const frame = await thread.compress([noise], noise.byteLength);
    expect(zstdDecompressSync(frame!).equals(noise)).toBe(true);
    const big = randomBytes(SLOT_INPUT_BYTES + 1);
    expect(thread.compress([big], big.byteLength)).toBeNull();
  });

  it('answers null for what it was making when it stops, and takes nothing after', async () => {
    const thread = await readyThread();
    const parts = page(200);
    const made = Array.from({ length: SLOTS }, () => thread.compress(parts, lengthOf(parts)));
    await thread.close();
    for (const frame of await Promise.all(made)) {
      // Made before it stopped, or given back to be compressed by the caller.
      if (frame !== null) expect(zstdDecompressSync(frame).equals(Buffer.concat(parts))).toBe(true);
    }
    expect(thread.ready).toBe(false);
    expect(thread.compress(parts, lengthOf(parts))).toBeNull();
  });
});

describe('which answers go to the compression thread (zstdOffThread)', () => {
  const listing = page(120);
  const length = lengthOf(listing);
  /** This thread kept busy for longer than a look (spareCore), then the answer asked for. */
  const whileBusy = () => {
    const until = performance.now() + 60;
    while (performance.now() < until) Math.sqrt(Math.random());
    return zstdOffThread(listing, length);
  };
  const whileQuiet = async () => {
    await new Promise((r) => setTimeout(r, 30));
    spareCore();
    await new Promise((r) => setTimeout(r, 30));
    return zstdOffThread(listing, length);
  };

  it('a page of some kB, while this thread is busy and the database has had nothing to run', async () => {
    expect(length).toBeGreaterThan(OFF_THREAD_FROM_BYTES);
    // The first such answer starts the thread and is compressed here; the next ones go to it once it is ready.
    let made = whileBusy();
    for (let i = 0; i < 50 && made === null; i++) {
      // Its first message (ready) is read when this thread waits.
      await new Promise((r) => setTimeout(r, 5));
      made = whileBusy();
    }
    expect(made).not.toBeNull();
    expect(zstdDecompressSync((await made)!).equals(Buffer.concat(listing))).toBe(true);
  });

  it('not on a quiet thread, nor while the database runs a statement or ran one of late, nor a small answer', async () => {
    expect(await whileQuiet()).toBeNull();
    // A statement in flight all along.
    statementSent();
    expect(whileBusy()).toBeNull();
    // Answered a moment ago: the database was busy for most of the last look.
    statementsAnswered();
    expect(zstdOffThread(listing, length)).toBeNull();
    // Sent and answered within the look, but in flight now.
    whileBusy();
    statementSent();
    expect(zstdOffThread(listing, length)).toBeNull();
    statementsAnswered();
    // A whole look with nothing in flight: taken again.
    expect(whileBusy()).not.toBeNull();
    const small = page(10);
    expect(lengthOf(small)).toBeLessThan(OFF_THREAD_FROM_BYTES);
    expect(zstdOffThread(small, lengthOf(small))).toBeNull();
  });
});

describe('a process that used the compression thread', () => {
  it('ends by itself: the thread does not keep it alive', () => {
    const module = fileURLToPath(new URL('./zstd-thread.ts', import.meta.url));
    const script = `
      const { ZstdThread } = await import(${JSON.stringify(module)});
      const thread = new ZstdThread();
      for (let i = 0; i < 2000 && !thread.ready; i++) await new Promise((r) => setTimeout(r, 5));
      const frame = await thread.compress([Buffer.alloc(20000, 97)], 20000);
      console.log(frame.byteLength > 0 ? 'compressed' : 'empty');
    `;
    const file = join(mkdtempSync(join(tmpdir(), 'zstd-thread-')), 'uses-thread.mjs');
    writeFileSync(file, script);
    const started = performance.now();
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('compressed');
    expect(run.status).toBe(0);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
