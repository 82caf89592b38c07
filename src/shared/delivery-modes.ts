// How the customer gets the shopping (docs/product.md §2 /cart/create, §9 fees): the
// names shown for each mode, and which modes bring it to an address.
import type { DeliveryMode } from './contract/cart.ts';

/** The mode's name wherever a cart or an order shows it (the server's delivery options and cart descriptions too). */
export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  IN_STORE: 'Ritiro in negozio',
  DRIVE: 'Ritiro drive',
  AT_HOME: 'Consegna a domicilio',
  SHIPPED: 'Spedizione',
};

/** The services a store page lists: the same names, the drive written as the store's service is signed. */
export const STORE_SERVICE_LABELS: Record<DeliveryMode, string> = { ...DELIVERY_MODE_LABELS, DRIVE: 'Ritiro Drive' };

/** Brought to the shopper's address: it needs a shipping address and pays the delivery fee. */
export const isDelivered = (mode: string): boolean => mode === 'AT_HOME' || mode === 'SHIPPED';

/** Collected at the store, in store or at the drive. */
export const isPickup = (mode: string): boolean => mode === 'IN_STORE' || mode === 'DRIVE';
