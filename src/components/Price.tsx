// A product price, on the built pages and in islands alike: net price large,
// the old price struck through when a promotion lowers it, the unit price
// (attrib3) small and, with a promotion, the lowest price of the 30 days
// before it (art. 17-bis).
import { lowestPriceLine } from './product-format.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { formatEuro } from '#src/shared/contract/money.ts';

type Priced = Pick<Product, 'price' | 'netPrice' | 'attrib3' | 'um' | 'promotions' | 'lowestPrice30Days'>;

export function Price({ product, testId }: { product: Priced; testId?: string }) {
  const discounted = product.netPrice < product.price;
  const lowest = lowestPriceLine(product);
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
      {lowest && <p className="price__lowest">{lowest}</p>}
    </div>
  );
}
