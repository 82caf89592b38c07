/**
 * A value made the first time it is asked for. Making an Intl formatter costs a
 * phone's browser milliseconds of locale data, in the task that starts the page:
 * made on first use, a page pays only for the formatters it uses, when it uses them.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
