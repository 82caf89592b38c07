// The exact amount a card payment holds (docs/architecture.md §4, docs/product.md §9): the total
// plus the surcharge on variable-weight products, from the server's quote,
// shown before the shopper confirms and on the thank-you page.
import { useEffect, useState } from 'react';
import type { PreauthQuote } from '#src/shared/contract/payments.ts';
import { loadQuote } from '#src/shop/payments.api.ts';
import { quoteLines } from '#src/components/card-payment.ts';
import '#src/styles/payments.css';

type QuoteOf = { cartId: number } | { orderCode: string };

export function PreauthAmount({ of }: { of: QuoteOf }) {
  const [quote, setQuote] = useState<PreauthQuote | null>(null);
  const [failed, setFailed] = useState(false);
  const key = 'cartId' in of ? `cart:${of.cartId}` : `order:${of.orderCode}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names the cart or order of `of`: a new object for the same one loads nothing again
  useEffect(() => {
    let current = true;
    setFailed(false);
    loadQuote(of).then(
      (q) => current && setQuote(q),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [key]);

  if (failed)
    return (
      <p className="checkout-hint">
        Non è stato possibile calcolare l'importo da pre-autorizzare: lo vedrai nella pagina del pagamento.
      </p>
    );
  if (!quote) return <p role="status">Calcolo dell'importo da pre-autorizzare…</p>;
  return (
    <section className="payment-preauth" aria-labelledby={`preauth-${key}`} data-testid="preauth-amount">
      <h3 id={`preauth-${key}`}>Pre-autorizzazione sulla carta</h3>
      <dl>
        {quoteLines(quote).map((line, i, all) => (
          <div key={line.label} className={i === all.length - 1 ? 'payment-preauth__total' : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="checkout-hint">
        L'importo viene solo bloccato sulla carta: alla consegna o al ritiro ti addebitiamo quanto effettivamente
        preparato e il resto viene rilasciato.
      </p>
    </section>
  );
}
