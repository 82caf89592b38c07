// Banners of the home carousel (docs/product.md §3 Banner, §7 Banners).
import { z } from '#src/shared/zod.ts';
export { BANNER_PRODUCTS_PAGE_SIZE } from './constants.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  imageApp: z.string(),
  hasProducts: z.boolean(),
});
export type Banner = z.infer<typeof banner>;

export const bannersQuery = z.object({ category: z.string().max(20).default('WEB') });
