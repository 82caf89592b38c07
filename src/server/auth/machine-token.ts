// A machine's bearer token (Prometheus' scrape of /metrics, the ERP's feeds), compared in
// constant time: how long the comparison takes says nothing of how much of it was right.
import { timingSafeEqual } from 'node:crypto';

/** What a request's Authorization header is worth against the configured token. */
export type TokenVerdict = 'valid' | 'missing' | 'wrong';

export function machineToken(token: string): (header: string | undefined) => TokenVerdict {
  const expected = Buffer.from(`Bearer ${token}`);
  return (header) => {
    if (header === undefined || header === '') return 'missing';
    const given = Buffer.from(header);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'wrong';
  };
}
