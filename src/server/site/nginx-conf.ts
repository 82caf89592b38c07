// The nginx server block of the built site (docs/deploy.md): the site's files
// from /srv/spesa/public/app (a link to the current build, switched at each
// publish), their gzip copies when the browser accepts gzip, the server's
// headers in every location (nginx drops a level's add_header lines where a
// location has its own), and everything else passed to the API processes.
import { APP_BASE } from '#src/shared/routes.ts';
import { CACHE_RULES, REVALIDATE } from './static-site.ts';

/** What the site's headers are made of, the same for every host (cdn-headers.ts). */
export interface SiteHeaders {
  /** Every header of a page (HTML) but Cache-Control; Strict-Transport-Security among them. */
  page: Map<string, string>;
  /** The policy of the files that run no inline code, and their extensions in this build (e.g. 'js'). */
  resource: { policy: string; extensions: string[] };
}

/** Files of the build that are for the host, not for browsers. */
const HOST_FILES = ['_headers', 'spesa.nginx.conf', 'csp-hashes.json', '.build-stamp.json'];

const quoted = (value: string) => `"${value.replace(/["\\$]/g, (c) => `\\${c}`)}"`;

function headerLines(headers: SiteHeaders, cacheControl: string): string[] {
  const lines: string[] = [];
  for (const [name, value] of headers.page) {
    if (name === 'Content-Security-Policy') lines.push(`add_header ${name} $spesa_csp always;`);
    else if (name === 'Strict-Transport-Security') lines.push(`add_header ${name} $spesa_hsts always;`);
    else lines.push(`add_header ${name} ${quoted(value)} always;`);
  }
  lines.push(`add_header Cache-Control ${quoted(cacheControl)} always;`);
  return lines;
}

const location = (match: string, lines: string[]) =>
  [`    location ${match} {`, ...lines.map((line) => `        ${line}`), '    }'].join('\n');

/** For nginx's http level (e.g. /etc/nginx/conf.d/spesa.conf): two maps, the API's upstream, one server. */
export function nginxConf(headers: SiteHeaders): string {
  const pagePolicy = headers.page.get('Content-Security-Policy') ?? '';
  const hsts = headers.page.get('Strict-Transport-Security') ?? '';
  const resources = headers.resource.extensions.join('|');
  const files = ['gzip_static on;', 'gzip_vary on;'];
  return `# Written by the site build (src/server/site/nginx-conf.ts): the headers the shop's server sends.
# Include it at nginx's http level; see docs/deploy.md for the paths and the TLS in front.
map $uri $spesa_csp {
${resources ? `    "~*\\.(${resources})$" ${quoted(headers.resource.policy)};\n` : ''}    default ${quoted(pagePolicy)};
}

# HSTS only behind TLS, as the shop's server: nginx's own or the load balancer's (X-Forwarded-Proto).
map "$scheme:$http_x_forwarded_proto" $spesa_hsts {
    "~https" ${quoted(hsts)};
    default "";
}

upstream spesa_api {
    # One line per API process host (npm run start:prod).
    server 127.0.0.1:4321;
    keepalive 32;
}

server {
    listen 8080;
    root /srv/spesa/public;

${location(`= ${APP_BASE}`, [`return 301 ${APP_BASE}/;`])}

${location(`^~ ${APP_BASE}/`, [
  ...files,
  'index index.html;',
  // A page's address has no trailing slash (/app/category/frutta): its index.html is served as the
  // shop's server serves it, not a 301 to the slash, whose absolute Location would name nginx's own
  // scheme and port (http, 8080) behind the TLS terminator.
  'try_files $uri $uri/index.html $uri/ =404;',
  `error_page 404 ${APP_BASE}/404.html;`,
  ...headerLines(headers, REVALIDATE),
])}

${CACHE_RULES.map((rule) =>
  location(`${rule.exact ? '=' : '^~'} ${rule.url}`, [
    ...files,
    'try_files $uri =404;',
    ...headerLines(headers, rule.cacheControl),
  ]),
).join('\n\n')}

${HOST_FILES.map((file) => location(`= ${APP_BASE}/${file}`, ['return 404;'])).join('\n\n')}

    # The API, the images, the payment callbacks: the Node processes, which set their own headers.
${location('/', [
  'proxy_pass http://spesa_api;',
  'proxy_http_version 1.1;',
  'proxy_set_header Connection "";',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  '# The live order streams: events go out as they come, and stay open.',
  'proxy_buffering off;',
  'proxy_read_timeout 1h;',
])}
}
`;
}
