// The heart on product cards and the product page (docs/product.md §2, §6): favourites
// need a logged-in shopper, so a visitor's click opens the login panel. The
// label says what a click does (save or remove), filled heart when it is one.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user, openOverlay } from './session.store.ts';
import { $favouriteBarcodes, ensureFavourites, setFavourite } from './favourites.store.ts';
import { useHydrated } from './use-hydrated.ts';

export interface FavouriteButtonProps {
  barcode: string;
  description: string;
  large?: boolean;
}

export default function FavouriteButton({ barcode, description, large = false }: FavouriteButtonProps) {
  const user = useStore($user);
  const favourites = useStore($favouriteBarcodes);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (user) void ensureFavourites();
  }, [user]);
  const on = hydrated && !!user && favourites.has(barcode);
  const label = on ? 'Rimuovi dai preferiti' : 'Salva nei preferiti';

  async function toggle() {
    if (!user) {
      openOverlay('login');
      return;
    }
    setBusy(true);
    await setFavourite({ barcode, description }, !on);
    setBusy(false);
  }

  return (
    <button
      type="button"
      className={`favourite${large ? ' favourite--large' : ''}`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.7 7.9 3.8 4.5 7.2 4.5c2 0 3.4 1.1 4.8 2.8 1.4-1.7 2.8-2.8 4.8-2.8 3.4 0 5.5 3.4 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z" />
      </svg>
      {large ? (
        <span className="favourite__label">{label}</span>
      ) : (
        <span className="visually-hidden">{`${label}: ${description}`}</span>
      )}
    </button>
  );
}
