// The product card used everywhere (docs/architecture.md §6): image, description, brand,
// price, price per unit, promotion and frozen badges; links to the product
// page. One definition for the built pages (Astro renders it on the server
// with no client code, the heart and the buy control passed as islands in the
// `favourite` and `buy` slots) and for the lists an island loads (more pages,
// other stores, search, favourites, banners: see ProductTiles.tsx).
import { routes } from '#src/shared/routes.ts';
import type { ReactNode } from 'react';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import '#src/styles/product-card.css';
import { Price } from './Price.tsx';
import { isFrozen, promotionBadge } from './product-format.ts';

export interface ProductCardProps {
  product: ListedProduct;
  /** Images above the fold load at once; the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** The heart (FavouriteButton). */
  favourite?: ReactNode;
  /** The buy control (AddToCart), shown only for an available product. */
  buy?: ReactNode;
}

export function ProductCard({ product, eager = false, headingLevel = 3, favourite, buy }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const promo = product.promotions[0];
  const badge = promo ? promotionBadge(product.price, promo) : null;
  const frozen = isFrozen(product);
  return (
    <article className="product-card">
      <img
        className="product-card__image"
        src={product.imageUrl ?? routes.file('no-image.svg')}
        alt=""
        width="400"
        height="400"
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      {(badge || frozen) && (
        <p className="product-card__badges" style={{ margin: 0 }}>
          {badge && (
            <span className="badge badge--promo">
              <span className="visually-hidden">In offerta </span>
              {badge.label}
            </span>
          )}
          {frozen && <span className="badge badge--frozen">Surgelato</span>}
        </p>
      )}
      <div className="product-card__favourite">{favourite}</div>
      <Heading className="product-card__title">
        <a className="product-card__link" href={routes.product(product.barcode)}>
          {product.description}
        </a>
      </Heading>
      {product.brand && <p className="product-card__brand">{product.brand}</p>}
      {badge && <p className="product-card__until">{badge.until}</p>}
      <div className="product-card__prices">
        <Price product={product} />
        {!product.available && <p className="product-card__unavailable">Momentaneamente non disponibile</p>}
      </div>
      {product.available && buy}
    </article>
  );
}
