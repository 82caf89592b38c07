// The mails of an order's lifecycle (decision 014), from the pre-order sent at
// booking on, queued in the transaction of the change they tell of
// (mail/queue.ts): no mail for a change rolled back, none lost when the mail
// server is down.
import { isPickup } from '#src/shared/delivery-modes.ts';
import { routes } from '#src/shared/routes.ts';
import type { Db } from '../db/client.ts';
import {
  availabilityConfirmedMail,
  cancelledByStoreMail,
  confirmedInPreparationMail,
  holdRefusedMail,
  type OrderMailInput,
  orderExpiredMail,
  outForDeliveryMail,
  preOrderSentMail,
  readyForPickupMail,
  waitingReminderMail,
} from '../mail/order-mails.ts';
import { enqueueMail } from '../mail/queue.ts';
import { queueOrderPush } from '../push/queue.ts';
import { orderView } from './orders.ts';

const MAILS = {
  SENT: preOrderSentMail,
  CONFIRMED: availabilityConfirmedMail,
  IN_PREPARATION: confirmedInPreparationMail,
  HOLD_REFUSED: holdRefusedMail,
  REMINDER: waitingReminderMail,
  READY: readyForPickupMail,
  OUT_FOR_DELIVERY: outForDeliveryMail,
  EXPIRED: orderExpiredMail,
  CANCELLED_BY_STORE: cancelledByStoreMail,
} as const;

/** A step the shopper must act on or wait for. */
export type OrderNotice = keyof typeof MAILS;

/** Queues the mail of `notice` for the order's shopper, at their account's address; `origin` makes its link. */
export async function queueOrderNotice(db: Db, orderId: number, notice: OrderNotice, origin: string): Promise<void> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const view = await orderView(db, order);
  const slot = view.cart.delivery.timeSlot;
  const input: OrderMailInput = {
    firstName: order.first_name,
    orderNumber: order.number,
    code: order.pickup_code,
    storeDescription: view.cart.storeDescription,
    slot: slot ? { validFrom: slot.validFrom, validTo: slot.validTo } : null,
    total: view.cart.totalToPay,
    ...(view.operatorCart ? { prepared: view.operatorCart.total } : {}),
    paymentMode: order.payment_mode,
    pickup: isPickup(order.delivery_mode),
    ...(view.expiresAt ? { deadline: view.expiresAt } : {}),
    changes: view.cart.items.flatMap((i): NonNullable<OrderMailInput['changes']> => {
      if (i.confirmation?.outcome === 'UNAVAILABLE') return [{ description: i.description, outcome: 'UNAVAILABLE' }];
      if (i.confirmation?.outcome === 'SUBSTITUTED')
        return [
          {
            description: i.confirmation.original?.description ?? i.description,
            outcome: 'SUBSTITUTED',
            substitute: { description: i.description, price: i.netPrice },
          },
        ];
      return [];
    }),
    link: `${origin}${routes.orders}`,
  };
  // And to each device the shopper allowed to notify (push/queue.ts), in the same transaction; not
  // for the pre-order just sent, which the shopper is looking at on the thank-you page.
  if (notice !== 'SENT') await queueOrderPush(db, order.user_id, notice, input);
  // Only to the account's own confirmed address: the contact address given at booking is for the
  // store to see, and is mailed only when it is that one (anyone may type anyone's address there).
  const account = await db
    .selectFrom('users')
    .select(['username', 'confirmed_at', 'deleted_at'])
    .where('id', '=', order.user_id)
    .executeTakeFirst();
  if (!account?.confirmed_at || account.deleted_at) return;
  await enqueueMail(db, { to: account.username, ...(await MAILS[notice](input)) });
}

/** The mail a store's status change sends, if any. */
export const noticeOfStatus = (status: string): OrderNotice | null =>
  status === 'TO_BE_COLLECTED'
    ? 'READY'
    : status === 'TO_BE_DELIVERED'
      ? 'OUT_FOR_DELIVERY'
      : status === 'CANCELLED'
        ? 'CANCELLED_BY_STORE'
        : null;
