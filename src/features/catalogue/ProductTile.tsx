// The product card of ProductCard.astro for lists an island loads (more
// pages, other stores, search, favourites, banners): the same markup and
// classes, the same buy control and heart.
import AddToCart from '#src/features/cart/AddToCart.tsx';
import FavouriteButton from '#src/features/favourites/FavouriteButton.tsx';
import { isFrozen, promotionBadge } from '#src/components/product-format.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { PriceView } from './PriceView.tsx';
import './product-tile.css';

const base = import.meta.env.BASE_URL.replace(/\/$/, '');

export function ProductTile({ product }: { product: Product }) {
  const promo = product.promotions[0];
  const badge = promo ? promotionBadge(product.price, promo) : null;
  const frozen = isFrozen(product);
  return (
    <article className="product-card">
      <img
        className="product-card__image"
        src={product.imageUrl ?? `${base}/no-image.svg`}
        alt=""
        width="400"
        height="400"
        loading="lazy"
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
      <div className="product-card__favourite">
        <FavouriteButton barcode={product.barcode} description={product.description} />
      </div>
      <h3 className="product-card__title">
        <a className="product-card__link" href={`${base}/product/${product.barcode}`}>
          {product.description}
        </a>
      </h3>
      {product.brand && <p className="product-card__brand">{product.brand}</p>}
      {badge && <p className="product-card__until">{badge.until}</p>}
      <div className="product-card__prices">
        <PriceView product={product} />
        {!product.available && <p className="product-card__unavailable">Momentaneamente non disponibile</p>}
      </div>
      {product.available && (
        <AddToCart
          product={{
            barcode: product.barcode,
            description: product.description,
            um: product.um,
            umStep: product.umStep,
            minWeight: product.minWeight,
            maxAmount: product.maxAmount,
            available: product.available,
          }}
        />
      )}
    </article>
  );
}

export function ProductTiles({ products, label }: { products: Product[]; label?: string }) {
  if (products.length === 0) return null;
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <li key={p.barcode}>
          <ProductTile product={p} />
        </li>
      ))}
    </ul>
  );
}
