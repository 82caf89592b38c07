// The linked card: brand, masked number, expiry.
import type { PaymentMethod } from '#src/shared/contract/payments.ts';
import { cardFacts } from '#src/components/card-payment.ts';
import '#src/styles/payments.css';

export function CardFacts({ card }: { card: PaymentMethod }) {
  return (
    <dl className="payment-facts" data-testid="linked-card">
      {cardFacts(card).map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
