// The profile area's logout button (docs/product.md §2): clears user and cart, goes home.
import { logout } from '#src/shop/session.actions.ts';

export default function ProfileLogout({ className = 'button' }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => void logout()}>
      Esci
    </button>
  );
}
