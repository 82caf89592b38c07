// The loyalty card's prefix (docs/product.md §5): every card number starts with it, and
// a card field left at the prefix alone means no card. Without zod, so a
// first view drawn before the schemas load (src/shop/first-view.ts) can use it.
export const LOYALTY_PREFIX = '0248';
