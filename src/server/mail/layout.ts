// The one look of every mail the shop sends (decision 023): the shop's logo,
// a title, the greeting and paragraphs, a large code to show at the counter,
// the facts (an amount to pay among them, stronger), a list, a button to the
// page where the shopper acts, and a footer. The HTML is made by react-email
// (tables and inline styles that mail programs keep, a viewport, the system
// font stack at 16 px, escaping by React); the plain-text part is written from
// the same content so that it reads alone. The elements are written with
// createElement, not JSX: Node runs the server's TypeScript by stripping types,
// which knows no JSX.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  render,
} from '@react-email/components';
import { createElement as h, type CSSProperties } from 'react';
import type { Mail } from './mailer.ts';

export interface MailContent {
  subject: string;
  /** The title at the top of the mail. */
  heading: string;
  /** The line inboxes show after the subject; the first paragraph when left out. */
  preview?: string;
  /** 'Ciao Anna,' */
  greeting?: string;
  paragraphs: string[];
  /** A code the shopper shows at the counter, written large. */
  code?: { label: string; value: string };
  /** Label and value; a strong one (the amount to pay) is written larger. */
  facts?: { label: string; value: string; strong?: boolean }[];
  list?: { title: string; items: string[] };
  /** The sentence before the link in the text, the button's words in the HTML, and the link. */
  action?: { text: string; label: string; href: string };
  closing?: string[];
}

/** The shop's address (PUBLIC_URL or the request's origin): the logo and the footer's link; none for mail without it. */
type ShopUrl = string | undefined;

// The look of docs/architecture.md §6, as mail programs take it: inline styles, no web font.
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const BRAND_DARK = '#a8420a';
const TEXT = '#1f1f1f';
const MUTED = '#595959';
const LINE = '#dedede';
const s = {
  body: { margin: 0, padding: '16px 0', backgroundColor: '#f7f7f5', fontFamily: FONT, color: TEXT },
  card: {
    width: '100%',
    maxWidth: '600px',
    backgroundColor: '#ffffff',
    border: `1px solid ${LINE}`,
    borderRadius: '8px',
  },
  header: { padding: '20px 24px 12px', borderBottom: `4px solid #f28c28` },
  wordmark: { margin: 0, fontSize: '24px', fontWeight: 800, color: BRAND_DARK, fontFamily: FONT },
  main: { padding: '8px 24px 24px' },
  heading: { margin: '16px 0 12px', fontSize: '22px', lineHeight: '1.3', color: TEXT, fontFamily: FONT },
  text: { margin: '0 0 14px', fontSize: '16px', lineHeight: '1.5', color: TEXT, fontFamily: FONT },
  codeBox: {
    margin: '4px 0 18px',
    padding: '14px 12px',
    backgroundColor: '#fff4e8',
    border: `2px solid ${BRAND_DARK}`,
    borderRadius: '8px',
    textAlign: 'center',
  },
  codeLabel: { margin: 0, fontSize: '14px', color: MUTED, fontFamily: FONT },
  codeValue: {
    margin: '4px 0 0',
    fontSize: '36px',
    lineHeight: '1.2',
    fontWeight: 800,
    letterSpacing: '6px',
    color: TEXT,
    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  facts: { margin: '0 0 16px', borderTop: `1px solid ${LINE}` },
  factLabel: { margin: '8px 0 0', fontSize: '14px', lineHeight: '1.4', color: MUTED, fontFamily: FONT },
  factValue: { margin: '0 0 8px', fontSize: '16px', lineHeight: '1.4', fontWeight: 600, color: TEXT, fontFamily: FONT },
  factStrong: {
    margin: '0 0 8px',
    fontSize: '22px',
    lineHeight: '1.3',
    fontWeight: 800,
    color: TEXT,
    fontFamily: FONT,
  },
  listTitle: { margin: '0 0 6px', fontSize: '16px', fontWeight: 700, color: TEXT, fontFamily: FONT },
  list: { margin: '0 0 16px', paddingLeft: '20px', fontSize: '16px', lineHeight: '1.5', fontFamily: FONT },
  button: {
    display: 'block',
    margin: '8px 0 20px',
    padding: '14px 20px',
    backgroundColor: BRAND_DARK,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '17px',
    fontWeight: 700,
    textAlign: 'center',
    fontFamily: FONT,
  },
  footer: { padding: '0 24px 20px' },
  small: { margin: '12px 0 0', fontSize: '13px', lineHeight: '1.5', color: MUTED, fontFamily: FONT },
} satisfies Record<string, CSSProperties>;

function header(shopUrl: ShopUrl) {
  const logo = shopUrl
    ? h(Img, { src: `${shopUrl}/app/logo-mail.png`, width: 232, height: 48, alt: 'Spesa online' })
    : h(Text, { style: s.wordmark }, 'Spesa online');
  return h(Section, { style: s.header }, logo);
}

function facts(content: MailContent) {
  if (!content.facts?.length) return null;
  return h(
    Section,
    { style: s.facts },
    ...content.facts.map((f) =>
      h(
        'div',
        { key: f.label },
        h(Text, { style: s.factLabel }, f.label),
        h(Text, { style: f.strong ? s.factStrong : s.factValue }, f.value),
      ),
    ),
  );
}

function email(content: MailContent, shopUrl: ShopUrl) {
  const { code, list, action } = content;
  return h(
    Html,
    { lang: 'it' },
    h(
      Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('title', null, content.subject),
    ),
    h(Preview, null, content.preview ?? content.paragraphs[0] ?? content.heading),
    h(
      Body,
      { style: s.body },
      h(
        Container,
        { style: s.card },
        header(shopUrl),
        h(
          Section,
          { style: s.main },
          h(Heading, { as: 'h1', style: s.heading }, content.heading),
          content.greeting ? h(Text, { style: s.text }, content.greeting) : null,
          ...content.paragraphs.map((p) => h(Text, { key: p, style: s.text }, p)),
          code
            ? h(
                Section,
                { style: s.codeBox },
                h(Text, { style: s.codeLabel }, code.label),
                h(Text, { style: s.codeValue }, code.value),
              )
            : null,
          facts(content),
          list?.items.length
            ? h(
                'div',
                null,
                h(Text, { style: s.listTitle }, list.title),
                h('ul', { style: s.list }, ...list.items.map((i) => h('li', { key: i }, i))),
              )
            : null,
          action ? h(Button, { href: action.href, style: s.button }, action.label) : null,
          ...(content.closing ?? []).map((p) => h(Text, { key: p, style: s.text }, p)),
        ),
        h(
          Section,
          { style: s.footer },
          h(Hr, { style: { borderColor: LINE, margin: 0 } }),
          h(
            Text,
            { style: s.small },
            'Spesa online, la spesa dei punti vendita della cooperativa in Puglia e Basilicata.',
            shopUrl
              ? [' ', h(Link, { key: 'shop', href: `${shopUrl}/app/`, style: { color: BRAND_DARK } }, 'Vai al negozio')]
              : null,
          ),
          h(Text, { style: s.small }, 'Questa e-mail è inviata automaticamente: non rispondere a questo indirizzo.'),
        ),
      ),
    ),
  );
}

/** The plain-text part: the same content, in the order the HTML shows it, readable alone. */
function plainText(content: MailContent): string {
  const block = (lines: string[]) => (lines.length ? [...lines, ''] : []);
  return [
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...block([
      ...(content.code ? [`${content.code.label}: ${content.code.value}`] : []),
      ...(content.facts ?? []).map((f) => `${f.label}: ${f.value}`),
    ]),
    ...(content.list?.items.length ? block([`${content.list.title}`, ...content.list.items.map((i) => `- ${i}`)]) : []),
    ...(content.action ? [content.action.text, content.action.href, ''] : []),
    ...(content.closing ?? []).flatMap((p) => [p, '']),
  ].join('\n');
}

/** A mail's subject, plain text and HTML, for any recipient. */
export type RenderedMail = Omit<Mail, 'to'> & { html: string };

/** The mail of `content`: its subject, the plain text and the HTML. */
export async function renderMail(content: MailContent, shopUrl: ShopUrl): Promise<RenderedMail> {
  return {
    subject: content.subject,
    text: plainText(content),
    html: await render(email(content, shopUrl)),
  };
}
