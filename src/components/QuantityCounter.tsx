// The quantity counter (docs/product.md §4, §5): minus, the value (announced when it
// changes), plus; 44 px buttons for a thumb. The rules live in
// src/shared/quantity-rules.ts; at the minimum of an item in the cart, minus removes it.
import {
  canIncrease,
  decrease,
  formatQuantity,
  increase,
  minimumOf,
  minusRemoves,
  type Measured,
} from '#src/shared/quantity-rules.ts';
import { TrashIcon } from './TrashIcon.tsx';

interface QuantityCounterProps {
  product: Measured & { description: string };
  value: number;
  inCart: boolean;
  onChange: (value: number) => void;
  onRemove?: () => void;
  disabled?: boolean;
}

export function QuantityCounter({
  product,
  value,
  inCart,
  onChange,
  onRemove,
  disabled = false,
}: QuantityCounterProps) {
  const removes = minusRemoves(product, value, inCart) && !!onRemove;
  const atMinimum = !inCart && value <= minimumOf(product) + 1e-9;
  function minus() {
    const next = decrease(product, value, inCart);
    if (next.kind === 'set') onChange(next.value);
    else if (next.kind === 'remove') onRemove?.();
  }
  return (
    <div className="qty" role="group" aria-label={`Quantità di ${product.description}`}>
      <button
        type="button"
        className="qty__button"
        aria-label={removes ? `Rimuovi ${product.description} dal carrello` : 'Diminuisci quantità'}
        onClick={minus}
        disabled={disabled || atMinimum || (!removes && inCart && value <= minimumOf(product) + 1e-9)}
      >
        {removes ? <TrashIcon /> : <span aria-hidden="true">−</span>}
      </button>
      <output className="qty__value" aria-live="polite" aria-atomic="true">
        {formatQuantity(product.um, value)}
      </output>
      <button
        type="button"
        className="qty__button"
        aria-label="Aumenta quantità"
        onClick={() => onChange(increase(product, value))}
        disabled={disabled || !canIncrease(product, value)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
