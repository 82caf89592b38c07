// A cart row for the tests of the screens that show one: a litre of milk
// sold by the piece, two in the cart, unless `over` says otherwise.
import type { CartItem } from './cart.ts';

export const cartItem = (over: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  ref: 'R1',
  barcode: '8001234567890',
  description: 'Latte intero 1 l',
  imageUrl: null,
  um: 'PZ',
  purchaseUm: 'PZ',
  amount: 2,
  weight: null,
  umStep: 1,
  minWeight: null,
  maxAmount: 30,
  price: 1.39,
  netPrice: 1.39,
  rowNetPrice: 2.78,
  promotions: [],
  vatConfigurationId: null,
  attrib3: null,
  available: true,
  status: 'ok',
  operatorAmount: null,
  operatorTotal: null,
  ...over,
});
