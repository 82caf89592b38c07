// GET /dev/outbox?to=… — the development mail outbox (never in production).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.ts';
import { parseQuery } from '../http.ts';

const query = z.object({ to: z.string().trim().toLowerCase().max(320).optional() });

export const outboxRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  const { to } = parseQuery(c, query);
  let select = c.var.db.selectFrom('mail_outbox').selectAll().orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(100);
  if (to) select = select.where('recipient', '=', to);
  const rows = await select.execute();
  return c.json({
    messages: rows.map((r) => ({ to: r.recipient, subject: r.subject, text: r.text, html: r.html, sentAt: new Date(r.sent_at).toISOString() })),
  });
});
