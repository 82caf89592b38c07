// Header cart with its net total (spec §2); 0,00 € until the cart feature
// fills $cartSummary.
import { useStore } from '@nanostores/react';
import { formatEuro } from '#src/shared/contract/money.ts';
import { $cartSummary } from './header.store.ts';
import { useHydrated } from './use-hydrated.ts';

export default function CartButton({ href }: { href: string }) {
  const summary = useStore($cartSummary);
  const hydrated = useHydrated();
  const total = formatEuro(hydrated ? summary.netTotal : 0);
  const count = hydrated ? summary.itemsCount : 0;
  return (
    <a className="header-action" href={href} aria-label={`Carrello, totale ${total}${count ? `, ${count} prodotti` : ''}`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 4h2l2.4 11h10.8L21 8H6.2" />
        <circle cx="9.5" cy="19.5" r="1.5" />
        <circle cx="17.5" cy="19.5" r="1.5" />
      </svg>
      <span className="cart-total">{total}</span>
    </a>
  );
}
