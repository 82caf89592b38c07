// The two card providers behind one shape (docs/architecture.md §4): the XPay-compatible
// gateway (lightbox boarding, recurring 3-D Secure nonce, deferred capture)
// and the legacy hosted form (IPG Connect). Requests are signed with the
// merchant's secret, which never leaves the server; answers and callbacks are
// verified before anything is believed. The transport is HTTP to the real
// provider, or an in-process call to the sandbox (same wire format).
import { randomBytes } from 'node:crypto';
import type { PaymentConfig } from '../config.ts';
import { euroText, ipgDateTime, ipgHash, sameSignature, xpayMac } from './signing.ts';

export type Transport = (url: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Plain HTTP JSON POST with a time limit, for the real providers. */
export const httpTransport: Transport = async (url, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new ProviderError(`HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
};

export class ProviderError extends Error {}

/** A provider answer: approved or not, the provider's ids, and a reason when refused. */
export interface ProviderResult {
  ok: boolean;
  operationId?: string | undefined;
  authCode?: string | undefined;
  message?: string | undefined;
  raw: Record<string, unknown>;
}

export const newCode = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${randomBytes(6).toString('hex')}`.toUpperCase().slice(0, 30);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** What both providers share: their settings, how to reach them, and their URLs on a base that may be relative (the sandbox). */
abstract class Provider<Cfg extends { url: string }> {
  readonly cfg: Cfg;
  readonly transport: Transport;
  constructor(cfg: Cfg, transport: Transport) {
    this.cfg = cfg;
    this.transport = transport;
  }

  endpoint(path: string, origin: string): string {
    return new URL(`${this.cfg.url.replace(/\/$/, '')}${path}`, origin).toString();
  }
}

// --- XPay -------------------------------------------------------------------

const XPAY_SERVICE = { tipo_servizio: 'paga_1click', tipo_richiesta: 'PP' } as const;

export class XPay extends Provider<PaymentConfig['xpay']> {
  readonly name = 'XPAY' as const;

  /** The signed parameters of the lightbox for a card association (amount 0). */
  lightbox(input: {
    codTrans: string;
    contract: string;
    timestamp: number;
    urlpost: string;
    url: string;
    origin: string;
  }) {
    const importo = 0;
    const divisa = 'EUR';
    const mac = xpayMac(
      [
        ['codTrans', input.codTrans],
        ['divisa', divisa],
        ['importo', importo],
      ],
      this.cfg.macKey,
    );
    const params = new URLSearchParams({
      alias: this.cfg.alias,
      importo: String(importo),
      divisa,
      codTrans: input.codTrans,
      num_contratto: input.contract,
      ...XPAY_SERVICE,
      urlpost: input.urlpost,
      url: input.url,
      url_back: input.url,
      timeStamp: String(input.timestamp),
      languageId: 'ITA',
      mac,
    });
    return { mac, url: `${this.endpoint('/lightbox', input.origin)}?${params}` };
  }

  /** The esito the gateway posts to urlpost after a lightbox: true when its MAC is ours. */
  verifyEsito(p: Record<string, string>): boolean {
    const expected = xpayMac(
      [
        ['codTrans', str(p['codTrans'])],
        ['esito', str(p['esito'])],
        ['importo', str(p['importo'])],
        ['divisa', str(p['divisa'])],
        ['data', str(p['data'])],
        ['orario', str(p['orario'])],
        ['codAut', str(p['codAut'])],
      ],
      this.cfg.macKey,
    );
    return sameSignature(p['mac'], expected);
  }

  private async call(
    path: string,
    origin: string,
    fields: [string, string | number][],
    extra: Record<string, unknown>,
    answerFields: string[],
  ): Promise<ProviderResult> {
    const timeStamp = Date.now();
    const pairs: [string, string | number][] = [['apiKey', this.cfg.alias], ...fields, ['timeStamp', timeStamp]];
    const body = { ...Object.fromEntries(pairs), ...extra, mac: xpayMac(pairs, this.cfg.macKey) };
    const raw = await this.transport(this.endpoint(path, origin), body);
    const expected = xpayMac(
      answerFields.map((f) => [f, str(raw[f])] as [string, string]),
      this.cfg.macKey,
    );
    if (!sameSignature(raw['mac'], expected)) throw new ProviderError('Risposta del gateway con firma non valida');
    const error = raw['errore'] as { messaggio?: string } | undefined;
    return {
      ok: raw['esito'] === 'OK',
      operationId: str(raw['idOperazione']) || undefined,
      authCode: str(raw['codiceAutorizzazione']) || undefined,
      message: error?.messaggio,
      raw,
    };
  }

  /** Starts a recurring 3-D Secure payment on a stored card: the answer's html runs the authentication. */
  createNonce(input: { codTrans: string; amountCents: number; contract: string; urlRisposta: string; origin: string }) {
    return this.call(
      '/api/recurring/creaNonceRico',
      input.origin,
      [
        ['codiceTransazione', input.codTrans],
        ['importo', input.amountCents],
        ['divisa', 'EUR'],
      ],
      { numeroContratto: input.contract, urlRisposta: input.urlRisposta },
      ['esito', 'idOperazione', 'timeStamp'],
    );
  }

  /** The 3-D Secure outcome the browser brings back to urlRisposta. */
  verifyNonceResult(p: Record<string, string>): boolean {
    const expected = xpayMac(
      [
        ['esito', str(p['esito'])],
        ['idOperazione', str(p['idOperazione'])],
        ['xpayNonce', str(p['xpayNonce'])],
        ['timeStamp', str(p['timeStamp'])],
      ],
      this.cfg.macKey,
    );
    return sameSignature(p['mac'], expected);
  }

  /** Authorises (holds) the amount with the nonce; captured later, for the picked amount only. */
  preauthorise(input: { codTrans: string; amountCents: number; contract: string; nonce: string; origin: string }) {
    return this.call(
      '/api/recurring/pagamentoRicorrente3DS',
      input.origin,
      [
        ['codiceTransazione', input.codTrans],
        ['importo', input.amountCents],
        ['divisa', 'EUR'],
        ['xpayNonce', input.nonce],
      ],
      { numeroContratto: input.contract },
      ['esito', 'idOperazione', 'timeStamp'],
    );
  }

  /**
   * Holds the amount on the stored contract without the cardholder (decision 018): the gateway's
   * recurring payment, a merchant-initiated transaction (MIT, unscheduled) on the contract the
   * cardholder created and authenticated with 3-D Secure in the lightbox. No nonce, no browser;
   * the card's issuer may refuse it, and the shopper then pays with 3-D Secure (preauthorise).
   */
  mitPreauthorise(input: { codTrans: string; amountCents: number; contract: string; origin: string }) {
    return this.call(
      '/api/recurring/pagamentoRicorrente',
      input.origin,
      [
        ['numeroContratto', input.contract],
        ['codiceTransazione', input.codTrans],
        ['importo', input.amountCents],
        ['divisa', 'EUR'],
      ],
      { tipoRichiesta: 'MIT_UNSCHEDULED' },
      ['esito', 'idOperazione', 'timeStamp'],
    );
  }

  capture(input: { codTrans: string; amountCents: number; origin: string }) {
    return this.call(
      '/api/bo/contabilizza',
      input.origin,
      [
        ['codiceTransazione', input.codTrans],
        ['divisa', 'EUR'],
        ['importo', input.amountCents],
      ],
      {},
      ['esito', 'idOperazione', 'timeStamp'],
    );
  }

  release(input: { codTrans: string; amountCents: number; origin: string }) {
    return this.call(
      '/api/bo/storna',
      input.origin,
      [
        ['codiceTransazione', input.codTrans],
        ['divisa', 'EUR'],
        ['importo', input.amountCents],
      ],
      {},
      ['esito', 'idOperazione', 'timeStamp'],
    );
  }
}

// --- Legacy hosted form (IPG Connect) -----------------------------------------

const IPG_CURRENCY = '978'; // ISO 4217 numeric for EUR

export class Ipg extends Provider<PaymentConfig['ipg']> {
  readonly name = 'IPG' as const;

  /** The hidden form's fields, signed with the shared secret (docs/product.md §3 legacy boarding form). */
  form(input: {
    oid: string;
    amountCents: number;
    hosteddataid: string;
    at: Date;
    origin: string;
    success: string;
    fail: string;
    notify: string;
    userId: number;
  }) {
    const txndatetime = ipgDateTime(input.at);
    const chargetotal = euroText(input.amountCents);
    return {
      serverUrl: this.endpoint('/connect', input.origin),
      storename: this.cfg.storename,
      txntype: 'preauth' as const,
      timezone: 'Europe/Rome',
      txndatetime,
      hash_algorithm: 'SHA256' as const,
      chargetotal,
      currency: IPG_CURRENCY,
      hash: ipgHash([this.cfg.storename, txndatetime, chargetotal, IPG_CURRENCY, this.cfg.sharedSecret]),
      hosteddataid: input.hosteddataid,
      hosteddataidtype: 'CARD',
      addInfo3: input.oid,
      addInfo4: String(input.userId),
      responseSuccessURL: input.success,
      responseFailURL: input.fail,
      transactionNotificationURL: input.notify,
    };
  }

  /** The server-to-server notification: notification_hash over chargetotal, secret, currency, txndatetime, storename, approval_code. */
  verifyNotification(p: Record<string, string>): boolean {
    const expected = ipgHash([
      str(p['chargetotal']),
      this.cfg.sharedSecret,
      str(p['currency']),
      str(p['txndatetime']),
      this.cfg.storename,
      str(p['approval_code']),
    ]);
    return str(p['storename']) === this.cfg.storename && sameSignature(p['notification_hash'], expected);
  }

  /** The browser's return to the success/fail URL: response_hash over secret, approval_code, chargetotal, currency, txndatetime, storename. */
  verifyResponse(p: Record<string, string>): boolean {
    const expected = ipgHash([
      this.cfg.sharedSecret,
      str(p['approval_code']),
      str(p['chargetotal']),
      str(p['currency']),
      str(p['txndatetime']),
      this.cfg.storename,
    ]);
    return sameSignature(p['response_hash'], expected);
  }

  private async call(path: string, origin: string, oid: string, amountCents: number): Promise<ProviderResult> {
    const chargetotal = euroText(amountCents);
    const txndatetime = ipgDateTime(new Date());
    const raw = await this.transport(this.endpoint(path, origin), {
      storename: this.cfg.storename,
      oid,
      chargetotal,
      currency: IPG_CURRENCY,
      txndatetime,
      hash: ipgHash([this.cfg.storename, oid, chargetotal, IPG_CURRENCY, txndatetime, this.cfg.sharedSecret]),
    });
    const expected = ipgHash([
      this.cfg.sharedSecret,
      str(raw['approval_code']),
      str(raw['oid']),
      str(raw['chargetotal']),
    ]);
    if (!sameSignature(raw['response_hash'], expected))
      throw new ProviderError('Risposta del gateway con firma non valida');
    return {
      ok: str(raw['approval_code']).startsWith('Y'),
      authCode: str(raw['approval_code']),
      message: str(raw['fail_reason']) || undefined,
      raw,
    };
  }

  capture(input: { codTrans: string; amountCents: number; origin: string }) {
    return this.call('/api/postauth', input.origin, input.codTrans, input.amountCents);
  }

  release(input: { codTrans: string; amountCents: number; origin: string }) {
    return this.call('/api/void', input.origin, input.codTrans, input.amountCents);
  }
}
