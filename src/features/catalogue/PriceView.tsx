// The price block of Price.astro for islands: net price large, the old price
// struck through when a promotion lowers it, the price per kg/units small.
import type { Product } from '#src/shared/contract/catalogue.ts';
import { formatEuro } from '#src/shared/contract/money.ts';

export function PriceView({ product, testId }: { product: Pick<Product, 'price' | 'netPrice' | 'attrib3' | 'um'>; testId?: string }) {
  const discounted = product.netPrice < product.price;
  return (
    <div className="price-block">
      <p className={`price${discounted ? ' price--promo' : ''}`}>
        {discounted && <span className="visually-hidden">Prezzo scontato:</span>}
        <span className="price__now">
          <span data-testid={testId}>{formatEuro(product.netPrice)}</span>
          {product.um === 'KG' && (
            <span className="price__per">
              <span aria-hidden="true">/kg</span>
              <span className="visually-hidden"> al chilo</span>
            </span>
          )}
        </span>
        {discounted && (
          <span className="price__was">
            <span className="visually-hidden">Prezzo pieno: </span>
            <s>{formatEuro(product.price)}</s>
          </span>
        )}
      </p>
      {product.attrib3 && <p className="price__unit">{product.attrib3}</p>}
    </div>
  );
}
