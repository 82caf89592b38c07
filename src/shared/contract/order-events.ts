// What the live order streams send (GET /cli/ecommerce/orders/events for a
// shopper, GET /cli/ops/orders/events for a store): one server-sent event per
// change of an order's status, named ORDER_EVENT, its data the order's id and
// new status only. The screens then read the order itself through the usual
// calls, so nothing personal ever travels on the stream.
import { z } from '#src/shared/zod.ts';
import { orderStatus } from './checkout.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

/** The `event:` field of an order's change. */
export const ORDER_EVENT = 'order';

export const orderEvent = z.object({ orderId: z.number().int().positive(), status: orderStatus });
export type OrderEvent = z.infer<typeof orderEvent>;
