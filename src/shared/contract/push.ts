// Web Push notifications of the order lifecycle (docs/architecture.md §4, Notifications): the
// shop's public VAPID key, a device's push subscription as the browser's
// PushSubscription.toJSON() gives it, and what each push carries to the service worker.
import { z } from '#src/shared/zod.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

/** The shop's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe(). */
export const pushKey = z.object({ publicKey: z.string() });

/** A device's subscription: its push service's address and the keys that encrypt what is sent there (RFC 8291). */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'Indirizzo del servizio di notifica non valido.' }).max(1000),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret, in base64url.
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Chiave della sottoscrizione non valida.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Chiave della sottoscrizione non valida.'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** Turning a device's notifications off: its endpoint. */
export const pushEndpointRequest = pushSubscriptionRequest.pick({ endpoint: true });

/** What a push carries, as the service worker shows it: a title, a line of text, the page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page of the order, on the shop's own origin. */
  url: string;
  /** One notification per order: a newer step replaces the older one on the device. */
  tag: string;
}
