// This device's Web Push subscription for the shopper's order notifications
// (docs/decisions/019-web-push-notifications.md): asked for only when the shopper presses
// the button (never on a page's load), made with the shop's public key from the API,
// sent to the API for the logged-in shopper, and ended at logout.
import { api } from '#src/lib/api-client.ts';
import { notificationCalls } from '#src/shared/contract/calls.generated.ts';
import { SW_SCOPE } from '#src/shared/offline.ts';

/** Where this device stands: no Web Push here, blocked by the shopper, off, or on. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The service worker may still be installing on a first visit: it is waited for this long. */
const WORKER_WAIT_MS = 15_000;

const supported = (): boolean =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('service worker not ready')), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, late]);
}

const sameKey = (subscription: PushSubscription, publicKey: string): boolean => {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const bytes = new Uint8Array(key);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') === publicKey;
};

/** The subscription as the API takes it. */
function asRequest(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.['p256dh'] ?? '', auth: keys?.['auth'] ?? '' } };
}

/**
 * This device's state; a device already subscribed is told to the API again, so that the
 * subscription follows the session that is logged in now (logout ends that session's devices).
 * One made with another key (the shop's changed) is ended: the push services would refuse
 * the shop's pushes to it, and the shopper is offered the button again.
 */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const existing = await (await navigator.serviceWorker.getRegistration(SW_SCOPE))?.pushManager.getSubscription();
  if (!existing) return 'off';
  // Offline, the device stays as it is; it is told to the API on a later visit.
  if (navigator.onLine === false) return 'on';
  try {
    if (!sameKey(existing, (await api.data(notificationCalls.pushKey)).publicKey)) {
      await existing.unsubscribe();
      return 'off';
    }
    await api.data(notificationCalls.subscribe, { body: asRequest(existing) });
    return 'on';
  } catch {
    return 'off';
  }
}

/**
 * Turns the order notifications on for this device: the browser asks the shopper (the
 * caller is a button's press), then subscribes with the shop's key, then tells the API.
 * Throws when the browser or the API could not; answers 'denied' when the shopper said no.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [{ publicKey }, worker] = await Promise.all([api.data(notificationCalls.pushKey), registration()]);
  let subscription = await worker.pushManager.getSubscription();
  // Made with another key (the shop's changed): the push services would refuse the shop's pushes to it.
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await api.data(notificationCalls.subscribe, { body: asRequest(subscription) });
  return 'on';
}

/** Turns them off for this device, at the API and in the browser. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await (await navigator.serviceWorker.getRegistration(SW_SCOPE))?.pushManager.getSubscription();
  if (subscription) {
    await api.data(notificationCalls.unsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * At logout: this device's subscription ends in the browser too (the API drops the
 * session's devices), so the next shopper on it gets nothing of the last one's orders.
 */
export async function endPushSubscription(): Promise<void> {
  if (!supported()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration(SW_SCOPE))?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
