// Settings that production demands (docs/deploy.md §1) with throw-away values, for the
// tests that start npm run start:prod: card providers that are placeholders (the sandbox
// refused), one session key for every API process, and a Web Push key pair made per run.
import webPush from 'web-push';

const vapid = webPush.generateVAPIDKeys();

export const PRODUCTION_PLACEHOLDERS = {
  PAYMENT_SANDBOX: 'off',
  XPAY_URL: 'https://xpay.example.it',
  XPAY_ALIAS: 'ALIAS_SPESA',
  XPAY_MAC_KEY: 'a-mac-key-of-the-provider',
  IPG_URL: 'https://ipg.example.it',
  IPG_STORENAME: '1109000001',
  IPG_SHARED_SECRET: 'a-shared-secret',
  JWT_SECRET: 'one-secret-shared-by-every-api-process',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:tecnico@spesa.example.it',
} as const;
