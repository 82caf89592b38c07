// Settings that production demands (docs/deploy.md §1) with throw-away values, for the
// tests that start npm run start:prod: card providers that are placeholders (the sandbox
// refused), and one session key for every API process.
export const PRODUCTION_PLACEHOLDERS = {
  PAYMENT_SANDBOX: 'off',
  XPAY_URL: 'https://xpay.example.it',
  XPAY_ALIAS: 'ALIAS_SPESA',
  XPAY_MAC_KEY: 'a-mac-key-of-the-provider',
  IPG_URL: 'https://ipg.example.it',
  IPG_STORENAME: '1109000001',
  IPG_SHARED_SECRET: 'a-shared-secret',
  JWT_SECRET: 'one-secret-shared-by-every-api-process',
} as const;
