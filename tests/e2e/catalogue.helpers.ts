// What the catalogue journeys read from the shop's own API, so they follow
// whatever catalogue was seeded: categories, listings and the promotion rule
// of docs/product.md §9 (NEW_PRICE → percent from price and new price; else the value).
import { expect, type APIRequestContext } from '@playwright/test';

export interface ApiCategory {
  id: string;
  description: string;
  slug: string;
  items: ApiCategory[];
}
export interface ApiProduct {
  barcode: string;
  description: string;
  price: number;
  netPrice: number;
  categoryId: string;
  promotions: { valueType: string; value: number; validTo: string }[];
  ingredients: string | null;
  allergyAdvice: string | null;
  allergyOther: string | null;
  nutrition: string | null;
  storage: string | null;
  recycling: string | null;
  origin: string | null;
}
export interface ApiPage<T> {
  data: T[];
  totalElements: number;
  last: boolean;
}

export async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  const body = (await response.json()) as { responseCode: number; data: T };
  expect(body.responseCode, `GET ${path}`).toBe(0);
  return body.data;
}

export const categories = (request: APIRequestContext) => apiData<ApiCategory[]>(request, '/cli/categories');
export const products = (request: APIRequestContext, query: string) =>
  apiData<ApiPage<ApiProduct>>(request, `/cli/ecommerce/products/1109/?${query}`);

/** The percent the badge shows (docs/product.md §9). */
export function promotionPercent(product: ApiProduct): number {
  const promo = product.promotions[0]!;
  return promo.valueType === 'NEW_PRICE'
    ? Math.round(((product.price - promo.value) / product.price) * 100)
    : Math.round(promo.value);
}

/** A top-level category with more than one page (24) of products, and its path. */
export async function categoryWithManyProducts(
  request: APIRequestContext,
): Promise<{ category: ApiCategory; total: number }> {
  for (const category of await categories(request)) {
    const page = await products(request, `category=${category.id}&s=1`);
    if (page.totalElements > 30) return { category, total: page.totalElements };
  }
  throw new Error('No category has more than one page of products');
}
