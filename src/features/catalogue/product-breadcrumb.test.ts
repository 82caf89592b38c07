import { describe, expect, it } from 'vitest';
import { originCrumb } from './product-breadcrumb.ts';

const shop = 'https://spesa.example';
// The crumbs of a product in Frutta › Agrumi › Arance.
const crumbs = ['/app/', '/app/category/frutta', '/app/category/frutta/agrumi', '/app/category/frutta/agrumi/arance'];

describe('the crumb of the listing the shopper came from', () => {
  it('is the level of the category page on the product path, with its sort and filters', () => {
    expect(originCrumb(crumbs, `${shop}/app/category/frutta?sort=price-ASC&onlyPromotions=true`, shop)).toEqual({
      index: 1,
      href: '/app/category/frutta?sort=price-ASC&onlyPromotions=true',
    });
    expect(originCrumb(crumbs, `${shop}/app/category/frutta/agrumi/arance/`, shop)).toEqual({
      index: 3,
      href: '/app/category/frutta/agrumi/arance/',
    });
  });

  it('is none for a category off the path, another page, another site or no referrer', () => {
    expect(originCrumb(crumbs, `${shop}/app/category/verdura?sort=price-ASC`, shop)).toBeNull();
    expect(originCrumb(crumbs, `${shop}/app/category/frutta/agrumi-rossi`, shop)).toBeNull();
    expect(originCrumb(crumbs, `${shop}/app/search?q=arance`, shop)).toBeNull();
    expect(originCrumb(crumbs, `${shop}/app/`, shop)).toBeNull();
    expect(originCrumb(crumbs, 'https://altro.example/app/category/frutta', shop)).toBeNull();
    expect(originCrumb(crumbs, '', shop)).toBeNull();
  });
});
