// The provider sandbox (docs/architecture.md §4): a local imitation of the XPay gateway
// (lightbox, 3-D Secure, recurring payments, capture and release) and of the
// legacy hosted form (IPG Connect), with the same signatures as the real ones
// and documented test cards (docs/payments.md). It keeps its own records
// (sandbox_cards, sandbox_transactions) and refuses what a real gateway
// refuses: a wrong signature, a second capture, a capture above the hold.
// Mounted under /sandbox only when PAYMENT_SANDBOX is on (never in production), through
// src/demo/entry.ts.
import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { SANDBOX_CARDS, SANDBOX_OTP } from '#src/shared/contract/payments.ts';
import type { Db } from '#src/server/db/client.ts';
import type { PaymentConfig } from '#src/server/config.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { ipgHash, sameSignature, xpayMac } from '#src/server/payments/signing.ts';
import { autoPost, hidden } from '#src/server/payments/html.ts';
import { log } from '#src/server/logger.ts';

/** Posts a form to a callback URL of the shop (server to server). */
export type Deliver = (url: string, form: Record<string, string>) => Promise<void>;

type Behaviour = 'approve' | 'challenge' | 'decline' | 'noMit' | 'invalid';
const behaviourOf = (pan: string): Behaviour | undefined =>
  (Object.entries(SANDBOX_CARDS) as [Behaviour, string][]).find(([, number]) => number === pan)?.[0];
const maskPan = (pan: string) => `${pan.slice(0, 6)}******${pan.slice(-4)}`;
const brandOf = (pan: string) => (pan.startsWith('5') ? 'MasterCard' : 'VISA');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** 'MM/AA' in the future → 'YYYYMM'; otherwise an Italian reason. */
function checkCard(
  pan: string,
  expiry: string,
  cvv: string,
  now = new Date(),
): { error: string } | { behaviour: Behaviour; yyyymm: string } {
  const behaviour = behaviourOf(pan);
  if (!behaviour) return { error: 'Carta non riconosciuta dalla sandbox: usa una delle carte di prova.' };
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!m) return { error: 'Scadenza non valida (MM/AA).' };
  const yyyymm = `20${m[2]}${m[1]}`;
  const current = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  if (yyyymm < current) return { error: 'Carta scaduta.' };
  if (!/^\d{3}$/.test(cvv)) return { error: 'CVV non valido.' };
  return { behaviour, yyyymm };
}

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f8;color:#1c2430}
main{max-width:26rem;margin:0 auto;padding:1.25rem;background:#fff;min-height:100vh;box-sizing:border-box}
.badge{display:inline-block;background:#ffe08a;border-radius:4px;padding:.1rem .4rem;font-size:.8rem;font-weight:600}
h1{font-size:1.3rem;margin:.6rem 0}label{display:block;margin:.8rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #8a94a3;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}.actions{display:flex;gap:.75rem;margin-top:1.2rem}
button{flex:1;font-size:1rem;padding:.7rem;border-radius:6px;border:1px solid #1d4f91;background:#1d4f91;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4f91}.amount{font-size:1.1rem}.error{color:#a4000f;font-weight:600}
.hint{font-size:.85rem;color:#4a5462}</style></head><body><main><span class="badge">SANDBOX</span>${body}</main></body></html>`;
}

function cardForm(action: string, fields: Record<string, string>, error?: string, cancel?: string) {
  return html`<form method="post" action="${action}">${hidden(fields)}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<label for="pan">Numero carta</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="expiry">Scadenza (MM/AA)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required></div>
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div></div>
<div class="actions">${cancel ? html`<button type="submit" class="secondary" formaction="${cancel}" formnovalidate>Annulla</button>` : ''}<button type="submit">Conferma</button></div>
<p class="hint">Ambiente di prova: nessun addebito reale. Carte di prova in docs/payments.md.</p></form>`;
}

function otpForm(action: string, fields: Record<string, string>) {
  return html`<h1>Autenticazione 3-D Secure</h1><p>La tua banca chiede di confermare l'operazione con il codice ricevuto via SMS.</p>
<form method="post" action="${action}">${hidden(fields)}<label for="otp">Codice OTP</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<div class="actions"><button type="submit">Conferma</button></div><p class="hint">Codice di prova: ${SANDBOX_OTP}</p></form>`;
}

const now8 = (d = new Date()) => d.toISOString().slice(0, 10).replace(/-/g, '');
const time6 = (d = new Date()) => d.toISOString().slice(11, 19).replace(/:/g, '');

interface ThreeDsOperation {
  codTrans: string;
  importo: number;
  contract: string;
  urlRisposta: string;
  nonce?: string;
  used?: boolean;
  createdAt: number;
}

export function sandboxApp(deps: { db: Db; payments: PaymentConfig; deliver: Deliver }) {
  const { db, deliver } = deps;
  const xpayKey = deps.payments.xpay.macKey;
  const ipg = deps.payments.ipg;
  const operations = new Map<string, ThreeDsOperation>();
  const app = new Hono();

  const form = async (c: Context) =>
    Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, str(v)])) as Record<string, string>;
  const storeCard = (contract: string, provider: string, pan: string, yyyymm: string) =>
    db
      .insertInto('sandbox_cards')
      .values({ contract_number: contract, provider, pan, expiry: yyyymm })
      .onConflict((oc) => oc.column('contract_number').doUpdateSet({ pan, expiry: yyyymm }))
      .execute();
  const cardOf = (contract: string) =>
    db.selectFrom('sandbox_cards').selectAll().where('contract_number', '=', contract).executeTakeFirst();

  // ---- XPay lightbox (card association, amount 0) ----
  const lightboxFields = [
    'alias',
    'importo',
    'divisa',
    'codTrans',
    'num_contratto',
    'tipo_servizio',
    'tipo_richiesta',
    'urlpost',
    'url',
    'url_back',
    'timeStamp',
    'languageId',
    'mac',
  ];
  const pick = (source: Record<string, string>, names: string[]) =>
    Object.fromEntries(names.map((n) => [n, str(source[n])]));
  const lightboxValid = (p: Record<string, string>) =>
    p['alias'] === deps.payments.xpay.alias &&
    sameSignature(
      p['mac'],
      xpayMac(
        [
          ['codTrans', p['codTrans'] ?? ''],
          ['divisa', p['divisa'] ?? ''],
          ['importo', p['importo'] ?? ''],
        ],
        xpayKey,
      ),
    );
  const refused = (c: Context, message: string) =>
    c.html(page('XPay Sandbox', html`<h1>XPay Sandbox</h1><p class="error" role="alert">${message}</p>`), 400);

  function lightboxPage(p: Record<string, string>, error?: string) {
    return page(
      'XPay Sandbox',
      html`<h1>XPay Sandbox</h1><p class="amount">Importo: ${formatEuro(Number(p['importo']) / 100)} — associazione della carta, nessun addebito</p>
${cardForm('/sandbox/xpay/lightbox/pay', p, error, '/sandbox/xpay/lightbox/cancel')}`,
    );
  }

  async function finishLightbox(
    c: Context,
    p: Record<string, string>,
    outcome: { ok: boolean; pan: string; yyyymm: string; message: string },
  ) {
    const data = now8();
    const orario = time6();
    const esito = outcome.ok ? 'OK' : 'KO';
    const codAut = outcome.ok ? String(randomInt(100000, 1000000)) : '';
    if (outcome.ok) await storeCard(p['num_contratto']!, 'XPAY', outcome.pan, outcome.yyyymm);
    const notification = {
      alias: p['alias']!,
      codTrans: p['codTrans']!,
      esito,
      importo: p['importo']!,
      divisa: p['divisa']!,
      data,
      orario,
      codAut,
      num_contratto: p['num_contratto']!,
      pan: maskPan(outcome.pan),
      brand: brandOf(outcome.pan),
      scadenza_pan: outcome.yyyymm,
      messaggio: outcome.message,
      mac: xpayMac(
        [
          ['codTrans', p['codTrans']!],
          ['esito', esito],
          ['importo', p['importo']!],
          ['divisa', p['divisa']!],
          ['data', data],
          ['orario', orario],
          ['codAut', codAut],
        ],
        xpayKey,
      ),
    };
    await deliver(p['urlpost']!, notification).catch((error: unknown) =>
      log.warn({ err: error }, 'sandbox: urlpost not delivered'),
    );
    return resultPage(c, p, esito);
  }

  function resultPage(c: Context, p: Record<string, string>, esito: 'OK' | 'KO' | 'ANNULLO') {
    let target = '';
    try {
      target = new URL(p['url'] ?? '').origin;
    } catch {
      /* no page to tell */
    }
    const message = JSON.stringify({ type: 'XPay_Payment_Result', esito, codTrans: p['codTrans'] }).replace(
      /</g,
      '\\u003c',
    );
    const title =
      esito === 'OK' ? 'Operazione completata' : esito === 'KO' ? 'Operazione rifiutata' : 'Operazione annullata';
    return c.html(
      page(
        'XPay Sandbox',
        html`<h1>${title}</h1><p>Puoi chiudere questa finestra.</p>
<script>window.parent.postMessage(${raw(message)}, ${raw(JSON.stringify(target || '*'))});</script>`,
      ),
    );
  }

  app.get('/xpay/lightbox', (c) => {
    const p = pick(c.req.query(), lightboxFields);
    if (!lightboxValid(p)) return refused(c, 'MAC non valido: richiesta rifiutata.');
    return c.html(lightboxPage(p));
  });
  app.post('/xpay/lightbox/cancel', async (c) => {
    const p = pick(await form(c), lightboxFields);
    if (!lightboxValid(p)) return refused(c, 'MAC non valido: richiesta rifiutata.');
    return resultPage(c, p, 'ANNULLO');
  });
  app.post('/xpay/lightbox/pay', async (c) => {
    const body = await form(c);
    const p = pick(body, lightboxFields);
    if (!lightboxValid(p)) return refused(c, 'MAC non valido: richiesta rifiutata.');
    const pan = str(body['pan']).replace(/\D/g, '');
    const card = checkCard(pan, str(body['expiry']).trim(), str(body['cvv']).trim());
    if ('error' in card) return c.html(lightboxPage(p, card.error), 422);
    if (card.behaviour === 'invalid')
      return finishLightbox(c, p, { ok: false, pan, yyyymm: card.yyyymm, message: 'Carta non valida' });
    if (card.behaviour === 'challenge')
      return c.html(page('XPay Sandbox', otpForm('/sandbox/xpay/lightbox/otp', { ...p, pan, yyyymm: card.yyyymm })));
    return finishLightbox(c, p, { ok: true, pan, yyyymm: card.yyyymm, message: 'Message OK' });
  });
  app.post('/xpay/lightbox/otp', async (c) => {
    const body = await form(c);
    const p = pick(body, lightboxFields);
    if (!lightboxValid(p)) return refused(c, 'MAC non valido: richiesta rifiutata.');
    const pan = str(body['pan']);
    if (behaviourOf(pan) !== 'challenge') return refused(c, 'Carta non riconosciuta.');
    const ok = str(body['otp']).trim() === SANDBOX_OTP;
    return finishLightbox(c, p, {
      ok,
      pan,
      yyyymm: str(body['yyyymm']),
      message: ok ? 'Message OK' : 'Autenticazione 3-D Secure non riuscita',
    });
  });

  // ---- XPay server-to-server API ----
  const api = async (
    c: Context,
    fields: string[],
    handle: (b: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ) => {
    const b = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const pairs = fields.map((f) => [f, b[f] === undefined ? '' : String(b[f])] as [string, string]);
    const timeStamp = String(Date.now());
    const sign = (answer: Record<string, unknown>) => {
      const out: Record<string, unknown> = { idOperazione: answer['idOperazione'] ?? '', ...answer, timeStamp };
      return {
        ...out,
        mac: xpayMac(
          [
            ['esito', String(out['esito'])],
            ['idOperazione', String(out['idOperazione'])],
            ['timeStamp', timeStamp],
          ],
          xpayKey,
        ),
      };
    };
    if (b['apiKey'] !== deps.payments.xpay.alias || !sameSignature(b['mac'], xpayMac(pairs, xpayKey))) {
      return c.json(sign({ esito: 'KO', errore: { codice: 3, messaggio: 'MAC errato' } }));
    }
    return c.json(sign(await handle(b)));
  };
  const ko = (messaggio: string, codice = 99) => ({ esito: 'KO', errore: { codice, messaggio } });

  app.post('/xpay/api/recurring/creaNonceRico', (c) =>
    api(c, ['apiKey', 'codiceTransazione', 'importo', 'divisa', 'timeStamp'], async (b) => {
      const contract = str(b['numeroContratto']);
      const importo = Number(b['importo']);
      if (!(await cardOf(contract))) return ko('Contratto non trovato', 50);
      if (!Number.isInteger(importo) || importo <= 0) return ko('Importo non valido', 2);
      const idOperazione = randomBytes(8).toString('hex');
      operations.set(idOperazione, {
        codTrans: str(b['codiceTransazione']),
        importo,
        contract,
        urlRisposta: str(b['urlRisposta']),
        createdAt: Date.now(),
      });
      for (const [id, op] of operations) if (Date.now() - op.createdAt > 3_600_000) operations.delete(id);
      const action = new URL('/sandbox/xpay/3ds', c.req.url).toString();
      return {
        esito: 'OK',
        idOperazione,
        html: String(await autoPost(action, { idOperazione }, 'Autenticazione 3-D Secure')),
      };
    }),
  );

  const threeDsDone = (c: Context, idOperazione: string, op: ThreeDsOperation, ok: boolean) => {
    const timeStamp = String(Date.now());
    const esito = ok ? 'OK' : 'KO';
    const xpayNonce = ok ? randomBytes(12).toString('hex') : '';
    if (ok) op.nonce = xpayNonce;
    return c.html(
      autoPost(op.urlRisposta, {
        esito,
        idOperazione,
        xpayNonce,
        timeStamp,
        mac: xpayMac(
          [
            ['esito', esito],
            ['idOperazione', idOperazione],
            ['xpayNonce', xpayNonce],
            ['timeStamp', timeStamp],
          ],
          xpayKey,
        ),
      }),
    );
  };
  app.post('/xpay/3ds', async (c) => {
    const idOperazione = str((await form(c))['idOperazione']);
    const op = operations.get(idOperazione);
    if (!op || op.nonce) return refused(c, 'Operazione non trovata o già conclusa.');
    const card = await cardOf(op.contract);
    if (card && behaviourOf(card.pan) === 'challenge') {
      return c.html(
        page(
          'Autenticazione 3-D Secure',
          html`<p class="amount">Pagamento di ${formatEuro(op.importo / 100)} con la carta ${maskPan(card.pan)}</p>${otpForm('/sandbox/xpay/3ds/otp', { idOperazione })}`,
        ),
      );
    }
    return threeDsDone(c, idOperazione, op, true);
  });
  app.post('/xpay/3ds/otp', async (c) => {
    const body = await form(c);
    const idOperazione = str(body['idOperazione']);
    const op = operations.get(idOperazione);
    if (!op || op.nonce) return refused(c, 'Operazione non trovata o già conclusa.');
    return threeDsDone(c, idOperazione, op, str(body['otp']).trim() === SANDBOX_OTP);
  });

  app.post('/xpay/api/recurring/pagamentoRicorrente3DS', (c) =>
    api(c, ['apiKey', 'codiceTransazione', 'importo', 'divisa', 'xpayNonce', 'timeStamp'], async (b) => {
      const nonce = str(b['xpayNonce']);
      const entry = [...operations.entries()].find(([, op]) => op.nonce === nonce && nonce !== '');
      if (!entry) return ko('Nonce non valido', 96);
      const [idOperazione, op] = entry;
      if (
        op.used ||
        op.codTrans !== str(b['codiceTransazione']) ||
        op.importo !== Number(b['importo']) ||
        op.contract !== str(b['numeroContratto'])
      ) {
        return ko('Nonce non valido per questa transazione', 96);
      }
      op.used = true;
      const card = await cardOf(op.contract);
      const declined = !card || behaviourOf(card.pan) === 'decline';
      const inserted = await db
        .insertInto('sandbox_transactions')
        .values({
          code: op.codTrans,
          provider: 'XPAY',
          contract_number: op.contract,
          authorised_cents: op.importo,
          captured_cents: null,
          status: declined ? 'DECLINED' : 'AUTHORISED',
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted) return ko('Transazione duplicata', 12);
      if (declined) return { ...ko('Autorizzazione negata', 116), idOperazione };
      return { esito: 'OK', idOperazione, codiceAutorizzazione: String(randomInt(100000, 1000000)) };
    }),
  );

  // The merchant-initiated payment on a stored contract (XPay.mitPreauthorise, decision 018): no
  // nonce, no cardholder. The noMit card's issuer refuses it; the decline card refuses every payment.
  app.post('/xpay/api/recurring/pagamentoRicorrente', (c) =>
    api(c, ['apiKey', 'numeroContratto', 'codiceTransazione', 'importo', 'divisa', 'timeStamp'], async (b) => {
      const contract = str(b['numeroContratto']);
      const importo = Number(b['importo']);
      const card = await cardOf(contract);
      if (!card) return ko('Contratto non trovato', 50);
      if (!Number.isInteger(importo) || importo <= 0) return ko('Importo non valido', 2);
      const behaviour = behaviourOf(card.pan);
      const refused = behaviour === 'decline' || behaviour === 'noMit';
      const idOperazione = randomBytes(8).toString('hex');
      const inserted = await db
        .insertInto('sandbox_transactions')
        .values({
          code: str(b['codiceTransazione']),
          provider: 'XPAY',
          contract_number: contract,
          authorised_cents: importo,
          captured_cents: null,
          status: refused ? 'DECLINED' : 'AUTHORISED',
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted) return ko('Transazione duplicata', 12);
      if (refused)
        return {
          ...ko(
            behaviour === 'noMit' ? 'Pagamento senza il titolare non consentito dalla banca' : 'Autorizzazione negata',
            116,
          ),
          idOperazione,
        };
      return { esito: 'OK', idOperazione, codiceAutorizzazione: String(randomInt(100000, 1000000)) };
    }),
  );

  async function settle(
    code: string,
    provider: string,
    amount: number,
    to: 'CAPTURED' | 'VOIDED',
  ): Promise<string | null> {
    const tx = await db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('code', '=', code)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!tx) return 'Transazione non trovata';
    if (tx.status !== 'AUTHORISED')
      return tx.status === 'CAPTURED' ? 'Transazione già contabilizzata' : 'Transazione non autorizzata o già stornata';
    if (to === 'CAPTURED' && (!Number.isInteger(amount) || amount < 0 || amount > tx.authorised_cents))
      return "Importo superiore all'autorizzato";
    const done = await db
      .updateTable('sandbox_transactions')
      .set({ status: to, captured_cents: to === 'CAPTURED' ? amount : null })
      .where('code', '=', code)
      .where('status', '=', 'AUTHORISED')
      .returning('code')
      .executeTakeFirst();
    return done ? null : 'Transazione già gestita';
  }
  app.post('/xpay/api/bo/contabilizza', (c) =>
    api(c, ['apiKey', 'codiceTransazione', 'divisa', 'importo', 'timeStamp'], async (b) => {
      const error = await settle(str(b['codiceTransazione']), 'XPAY', Number(b['importo']), 'CAPTURED');
      return error ? ko(error) : { esito: 'OK', idOperazione: randomBytes(8).toString('hex') };
    }),
  );
  app.post('/xpay/api/bo/storna', (c) =>
    api(c, ['apiKey', 'codiceTransazione', 'divisa', 'importo', 'timeStamp'], async (b) => {
      const error = await settle(str(b['codiceTransazione']), 'XPAY', Number(b['importo']), 'VOIDED');
      return error ? ko(error) : { esito: 'OK', idOperazione: randomBytes(8).toString('hex') };
    }),
  );

  // ---- Legacy hosted form (IPG Connect) ----
  const ipgFields = [
    'storename',
    'txntype',
    'timezone',
    'txndatetime',
    'hash_algorithm',
    'chargetotal',
    'currency',
    'hash',
    'hosteddataid',
    'hosteddataidtype',
    'addInfo3',
    'addInfo4',
    'responseSuccessURL',
    'responseFailURL',
    'transactionNotificationURL',
  ];
  const ipgValid = (p: Record<string, string>) =>
    p['storename'] === ipg.storename &&
    sameSignature(
      p['hash'],
      ipgHash([p['storename']!, p['txndatetime']!, p['chargetotal']!, p['currency']!, ipg.sharedSecret]),
    );
  const ipgRefused = (c: Context) =>
    c.html(
      page(
        'Pagamento sicuro — Sandbox',
        html`<h1>Pagamento sicuro — Sandbox</h1><p class="error" role="alert">Hash non valido</p>`,
      ),
      400,
    );
  const ipgCents = (p: Record<string, string>) => Math.round(Number(p['chargetotal']) * 100);

  function ipgPage(p: Record<string, string>, error?: string) {
    return page(
      'Pagamento sicuro — Sandbox',
      html`<h1>Pagamento sicuro — Sandbox</h1><p class="amount">Importo: ${formatEuro(ipgCents(p) / 100)}${ipgCents(p) <= 1 ? ' — verifica della carta, non addebitato' : ''}</p>
${cardForm('/sandbox/ipg/connect/pay', p, error)}`,
    );
  }

  async function finishIpg(
    c: Context,
    p: Record<string, string>,
    outcome: { ok: boolean; pan: string; yyyymm: string; reason: string },
  ) {
    const cents = ipgCents(p);
    const oid = p['addInfo3']!;
    const approval = outcome.ok
      ? `Y:${randomInt(100000, 1000000)}:0001:PPX:${randomInt(1000, 10000)}`
      : `N:-5101:${outcome.reason}`;
    if (outcome.ok && cents <= 1) await storeCard(p['hosteddataid']!, 'IPG', outcome.pan, outcome.yyyymm);
    await db
      .insertInto('sandbox_transactions')
      .values({
        code: oid,
        provider: 'IPG',
        contract_number: p['hosteddataid']!,
        authorised_cents: cents,
        captured_cents: null,
        status: outcome.ok ? 'AUTHORISED' : 'DECLINED',
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const common = {
      chargetotal: p['chargetotal']!,
      currency: p['currency']!,
      txndatetime: p['txndatetime']!,
      storename: p['storename']!,
      approval_code: approval,
      oid,
    };
    await deliver(p['transactionNotificationURL']!, {
      ...common,
      status: outcome.ok ? 'APPROVED' : 'DECLINED',
      hosteddataid: p['hosteddataid']!,
      cardnumber: maskPan(outcome.pan),
      ccbrand: brandOf(outcome.pan),
      expmonth: outcome.yyyymm.slice(4),
      expyear: outcome.yyyymm.slice(0, 4),
      addInfo3: oid,
      addInfo4: p['addInfo4']!,
      fail_reason: outcome.ok ? '' : outcome.reason,
      notification_hash: ipgHash([
        common.chargetotal,
        ipg.sharedSecret,
        common.currency,
        common.txndatetime,
        common.storename,
        approval,
      ]),
    }).catch((error: unknown) => log.warn({ err: error }, 'sandbox: notification not delivered'));
    return c.html(
      autoPost(outcome.ok ? p['responseSuccessURL']! : p['responseFailURL']!, {
        ...common,
        status: outcome.ok ? 'APPROVED' : 'DECLINED',
        fail_reason: outcome.ok ? '' : outcome.reason,
        response_hash: ipgHash([
          ipg.sharedSecret,
          approval,
          common.chargetotal,
          common.currency,
          common.txndatetime,
          common.storename,
        ]),
      }),
    );
  }

  app.post('/ipg/connect', async (c) => {
    const p = pick(await form(c), ipgFields);
    if (!ipgValid(p)) return ipgRefused(c);
    const stored = ipgCents(p) > 1 ? await cardOf(p['hosteddataid'] ?? '') : undefined;
    if (stored) {
      const behaviour = behaviourOf(stored.pan);
      if (behaviour === 'challenge')
        return c.html(
          page(
            'Pagamento sicuro — Sandbox',
            otpForm('/sandbox/ipg/connect/otp', { ...p, pan: stored.pan, yyyymm: stored.expiry }),
          ),
        );
      return finishIpg(c, p, {
        ok: behaviour !== 'decline',
        pan: stored.pan,
        yyyymm: stored.expiry,
        reason: 'Autorizzazione negata',
      });
    }
    return c.html(ipgPage(p));
  });
  app.post('/ipg/connect/pay', async (c) => {
    const body = await form(c);
    const p = pick(body, ipgFields);
    if (!ipgValid(p)) return ipgRefused(c);
    const pan = str(body['pan']).replace(/\D/g, '');
    const card = checkCard(pan, str(body['expiry']).trim(), str(body['cvv']).trim());
    if ('error' in card) return c.html(ipgPage(p, card.error), 422);
    if (card.behaviour === 'challenge')
      return c.html(
        page('Pagamento sicuro — Sandbox', otpForm('/sandbox/ipg/connect/otp', { ...p, pan, yyyymm: card.yyyymm })),
      );
    const verification = ipgCents(p) <= 1;
    const ok = card.behaviour === 'approve' || (card.behaviour === 'decline' && verification);
    return finishIpg(c, p, {
      ok,
      pan,
      yyyymm: card.yyyymm,
      reason: card.behaviour === 'invalid' ? 'Carta non valida' : 'Autorizzazione negata',
    });
  });
  app.post('/ipg/connect/otp', async (c) => {
    const body = await form(c);
    const p = pick(body, ipgFields);
    if (!ipgValid(p)) return ipgRefused(c);
    const ok = str(body['otp']).trim() === SANDBOX_OTP;
    return finishIpg(c, p, {
      ok,
      pan: str(body['pan']),
      yyyymm: str(body['yyyymm']),
      reason: 'Autenticazione 3-D Secure non riuscita',
    });
  });

  const ipgApi = (to: 'CAPTURED' | 'VOIDED') => async (c: Context) => {
    const b = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const [oid, chargetotal] = [str(b['oid']), str(b['chargetotal'])];
    const answer = (approval: string, reason = '') =>
      c.json({
        approval_code: approval,
        oid,
        chargetotal,
        fail_reason: reason,
        response_hash: ipgHash([ipg.sharedSecret, approval, oid, chargetotal]),
      });
    const expected = ipgHash([
      str(b['storename']),
      oid,
      chargetotal,
      str(b['currency']),
      str(b['txndatetime']),
      ipg.sharedSecret,
    ]);
    if (b['storename'] !== ipg.storename || !sameSignature(b['hash'], expected))
      return answer('N:-5003:Hash non valido', 'Hash non valido');
    const error = await settle(oid, 'IPG', Math.round(Number(chargetotal) * 100), to);
    return error ? answer(`N:-5010:${error}`, error) : answer(`Y:${randomInt(100000, 1000000)}:0001:PPX`);
  };
  app.post('/ipg/api/postauth', ipgApi('CAPTURED'));
  app.post('/ipg/api/void', ipgApi('VOIDED'));

  return app;
}
