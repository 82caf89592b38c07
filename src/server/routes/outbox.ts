// GET /dev/outbox?to=… — the development mail outbox (never in production).
// Only one address's mail per call: listing everyone's would hand out every
// customer's reset links to whoever reaches a development shop.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { queryParams } from '../http.ts';

const TO_REQUIRED = "Indica l'indirizzo e-mail di cui leggere la posta (to=…).";
const query = z.object({ to: z.string({ error: TO_REQUIRED }).trim().toLowerCase().min(1, TO_REQUIRED).max(320) });

export const outboxRoutes = new Hono<AppEnv>().get('/outbox', queryParams(query), async (c) => {
  const { to } = c.req.valid('query');
  const rows = await c
    .get('db')
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return c.json({
    messages: rows.map((r) => ({
      to: r.recipient,
      subject: r.subject,
      text: r.text,
      html: r.html,
      sentAt: new Date(r.sent_at).toISOString(),
    })),
  });
});
