// The shopper's open carts, one per store and delivery mode (spec §2 /cart,
// SHOW_CART_LISTS): shown on request, each can become the current one.
import { useState } from 'react';
import type { Cart } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { openCarts, review } from '#src/shop/cart.store.ts';

export function OpenCarts({ current }: { current: Cart }) {
  const [carts, setCarts] = useState<Cart[] | null>(null);
  const [open, setOpen] = useState(false);
  async function toggle() {
    const next = !open;
    setOpen(next);
    if (next) setCarts(await openCarts().catch(() => []));
  }
  return (
    <section className="open-carts" aria-labelledby="open-carts-title">
      <h2 id="open-carts-title" className="visually-hidden">
        I tuoi carrelli aperti
      </h2>
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls="open-carts-list"
        onClick={() => void toggle()}
      >
        {open ? 'Nascondi i carrelli aperti' : 'I tuoi carrelli aperti'}
      </button>
      <div id="open-carts-list" hidden={!open}>
        {carts === null ? (
          <p role="status">Caricamento…</p>
        ) : (
          <ul className="open-carts__list">
            {carts.map((c) => (
              <li key={c.id}>
                <span>
                  <strong>{c.storeDescription}</strong>
                  {c.delivery.addressDescription && ` · ${c.delivery.addressDescription}`}
                  <br />
                  <small>
                    {c.itemsCount} {c.itemsCount === 1 ? 'prodotto' : 'prodotti'} · {formatEuro(c.netTotal)}
                  </small>
                </span>
                {c.id === current.id ? (
                  <span className="open-carts__current">Carrello attuale</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    onClick={async () => {
                      await review(c.id);
                      setOpen(false);
                    }}
                  >
                    Usa questo carrello
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
