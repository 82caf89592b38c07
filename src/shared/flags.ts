// Feature flags of docs/product.md §9, with the defaults given there; each can be
// overridden by an environment variable of the same name ('true'/'false').
export const flagDefaults = {
  SHOW_CART_LISTS: true,
  SHOW_CART_UPDATE: false,
  SHOW_STATE_DROPDOWN: false,
  ENABLED_SLIST: true,
  ENABLED_PAYMENTS: false,
} as const;

export type Flags = { -readonly [K in keyof typeof flagDefaults]: boolean };

export function readFlags(env: Record<string, string | undefined>): Flags {
  const flags = { ...flagDefaults } as Flags;
  for (const key of Object.keys(flagDefaults) as (keyof Flags)[]) {
    const value = env[key]?.trim().toLowerCase();
    if (value === 'true' || value === '1') flags[key] = true;
    else if (value === 'false' || value === '0') flags[key] = false;
  }
  return flags;
}

// The spec's timing rules that the screens keep (docs/product.md §9 Waits), each named once.

/** Once an order is booked, the checkout's overlay says so for this long before the thank-you page. */
export const CHECKOUT_OVERLAY_MS = 3000;

/** A page's loading view (its first view, drawn before React) never holds its islands back longer than this. */
export const LOADER_TIMEOUT_MS = 3000;
