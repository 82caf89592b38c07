// The small HTML the payment flows hand to the browser: hidden form fields and
// a page that posts them on at once (how gateways and the shop pass the
// browser along between them). Every value is escaped.
import { html, raw } from 'hono/html';

export const hidden = (fields: Record<string, string>) =>
  raw(
    Object.entries(fields)
      .map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)
      .join(''),
  );

/** An HTML page that posts the fields to url at once; without JavaScript a button does it. */
export function autoPost(url: string, fields: Record<string, string>, title = 'Reindirizzamento…') {
  return html`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${title}</title></head><body>
<form method="post" action="${url}">${hidden(fields)}<noscript><button type="submit">Continua</button></noscript></form>
<script>document.forms[0].submit()</script></body></html>`;
}
