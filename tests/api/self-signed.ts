// A self-signed TLS certificate made with node:crypto alone, for the tests that run a
// server of their own over TLS (the SMTP server, the push service).
import { generateKeyPairSync, sign } from 'node:crypto';

/** DER: a tag, its length and its content. */
function der(tag: number, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  const n = content.length;
  const size = n < 0x80 ? Buffer.from([n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), size, content]);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a! + b!];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) groups.unshift(0x80 | (v & 0x7f));
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** A self-signed X.509 v3 certificate for `name` on an EC P-256 key, valid for a day, made with node:crypto alone. */
export function selfSigned(name: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
  const subject = der(0x30, der(0x31, der(0x30, oid('2.5.4.3'), der(0x0c, Buffer.from(name)))));
  const ecdsaWithSha256 = der(0x30, oid('1.2.840.10045.4.3.2'));
  const now = Date.now();
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    ecdsaWithSha256,
    subject,
    der(0x30, utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signed = der(0x30, tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  const lines = signed
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
  };
}
