// The build's passes over its files (module preloads and hashes, gzip copies) read and
// write many files: a few at once, so one file's reads and writes overlap the others' work.

/** Runs `each` on every item, at most `atOnce` of them at a time, in the items' order. */
export async function eachAtOnce<T>(
  items: readonly T[],
  atOnce: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
