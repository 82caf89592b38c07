// The favourites page (docs/product.md §2 /favorites): login required; the shopper's
// favourites as product cards with the prices of their cart's store, each
// with its heart to remove it.
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProduct } from '#src/shop/product.api.ts';
import { ProductTile } from '#src/components/ProductTiles.tsx';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { $favourites, loadFavourites, type Favourite } from '#src/shop/favourites.store.ts';

function FavouriteList() {
  const favourites = useStore($favourites);
  const storeId = useStore($shopperStoreId);
  const [products, setProducts] = useState<Map<string, Product | null>>(new Map());

  useEffect(() => {
    void loadFavourites(true);
  }, []);

  // Each favourite with the store's price; one that the store does not sell
  // stays as the favourite itself (name and picture).
  const barcodes = (favourites ?? []).map((f) => f.barcode).join(',');
  useEffect(() => {
    if (!barcodes) return;
    let live = true;
    void Promise.all(
      barcodes.split(',').map((b) =>
        fetchProduct(b, storeId).then(
          (p) => [b, p] as const,
          () => [b, null] as const,
        ),
      ),
    ).then((entries) => {
      if (live) setProducts(new Map(entries));
    });
    return () => {
      live = false;
    };
  }, [barcodes, storeId]);

  if (favourites === null) return <p role="status">Caricamento…</p>;
  if (favourites.length === 0) {
    return (
      <div className="empty">
        <p>Non hai ancora prodotti preferiti.</p>
        <p style={{ margin: 0 }}>Tocca il cuore su un prodotto per ritrovarlo qui.</p>
      </div>
    );
  }
  return (
    <>
      <p className="count" role="status">
        {favourites.length === 1 ? '1 prodotto' : `${favourites.length} prodotti`}
      </p>
      <h2 className="visually-hidden">I tuoi prodotti preferiti</h2>
      <ul className="product-grid">
        {favourites.map((f) => (
          <li key={f.barcode}>
            {products.get(f.barcode) ? (
              <ProductTile product={products.get(f.barcode)!} />
            ) : (
              <PlainFavourite favourite={f} loading={!products.has(f.barcode)} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function PlainFavourite({ favourite, loading }: { favourite: Favourite; loading: boolean }) {
  return (
    <article className="product-card">
      <img
        className="product-card__image"
        src={favourite.imageUrl ?? routes.file('no-image.svg')}
        alt=""
        width="400"
        height="400"
        loading="lazy"
      />
      <h3 className="product-card__title">
        <a className="product-card__link" href={routes.product(favourite.barcode)}>
          {favourite.description}
        </a>
      </h3>
      <p className="product-card__unavailable">
        {loading ? 'Caricamento del prezzo…' : 'Non in vendita nel tuo punto vendita'}
      </p>
    </article>
  );
}

export default function FavouritesView() {
  return (
    <RequireShopper reason="Accedi per vedere i tuoi prodotti preferiti.">{() => <FavouriteList />}</RequireShopper>
  );
}
