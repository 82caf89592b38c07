// /staff: the store's own day and the availability of its products (StoreDay.tsx,
// ProductAvailability.tsx), shown to the store's operators only; StaffOrders says why to anyone else.
import { useStore } from '@nanostores/react';
import { $user } from '#src/shop/session.store.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';
import ProductAvailability from './ProductAvailability.tsx';
import StoreDay from './StoreDay.tsx';

export default function StaffSections() {
  const hydrated = useHydrated();
  const user = useStore($user);
  if (!hydrated || !user || user.role !== 'OPERATOR') return null;
  return (
    <>
      <StoreDay />
      <ProductAvailability />
    </>
  );
}
