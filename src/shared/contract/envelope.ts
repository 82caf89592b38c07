// The paging of docs/architecture.md §3 (the envelope itself is written by server/http.ts and read by lib/api-client.ts).
import { z } from '#src/shared/zod.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    totalPages: z.number().int().nonnegative(),
    number: z.number().int().nonnegative(),
    last: z.boolean(),
    totalElements: z.number().int().nonnegative(),
  });
export { type Paged, toPage } from './constants.ts';

/** Query-string page number: 0-based, defaults to 0. */
export const pageParam = z.coerce.number().int().min(0).max(100_000).default(0);
