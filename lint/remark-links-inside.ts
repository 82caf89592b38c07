// npm run lint (remark, .remarkrc.mjs): no link of README.md or docs/ points outside the repository.
// remark-validate-links checks that a relative link's file and #heading exist, wherever the file is;
// this plugin refuses, on the file and line of the link:
//   - a relative link that climbs out of the folder remark runs in (the repository), e.g. ../shared/spec.md;
//   - an absolute path (/work/…) or a file: URL;
//   - an http(s) link to a file on a code host (github.com/…/blob|tree|raw/…, raw.githubusercontent.com,
//     gitlab's /-/blob/…): a file of this project is linked relatively, so that its existence is checked.
// Other http(s) links (a standard, a vendor's manual) and mailto: are left alone; nothing is fetched.
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/** The parts of a markdown tree (mdast) this plugin reads: links, images and link definitions have a url. */
interface MdNode {
  type: string;
  url?: string;
  children?: MdNode[];
  position?: unknown;
}

/** The parts of remark's VFile this plugin uses. */
interface DocFile {
  cwd: string;
  path: string;
  message(reason: string, options: { place?: unknown; ruleId: string; source: string }): unknown;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const CODE_HOST_FILE = [
  { host: /^(www\.)?github\.com$/, path: /^\/[^/]+\/[^/]+\/(blob|tree|raw|blame)\// },
  { host: /^raw\.githubusercontent\.com$/, path: /^\// },
  { host: /^(www\.)?gitlab\.com$/, path: /\/-\/(blob|tree|raw|blame)\// },
];

/** Why a link points outside the repository, or null when it does not. `from` is the linking file, absolute. */
export function outsideReason(url: string, from: string, root: string): string | null {
  if (url.startsWith('#')) return null;
  if (url.startsWith('/')) return `\`${url}\` is an absolute path: link to a file of the repository relatively`;
  if (SCHEME.test(url)) {
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
    if (scheme === 'file') return `\`${url}\` is a file outside the repository`;
    if (scheme !== 'http' && scheme !== 'https') return null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const hosted = CODE_HOST_FILE.some((rule) => rule.host.test(parsed.hostname) && rule.path.test(parsed.pathname));
    return hosted ? `\`${url}\` points at a file on a code host: link to a file of the repository relatively` : null;
  }
  const pathPart = url.replace(/[?#].*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    decoded = pathPart;
  }
  const fromRoot = relative(root, resolve(dirname(from), decoded));
  return fromRoot === '..' || fromRoot.startsWith('../') || isAbsolute(fromRoot)
    ? `\`${url}\` climbs out of the repository`
    : null;
}

function* linksOf(node: MdNode): Generator<MdNode & { url: string }> {
  if (typeof node.url === 'string') yield node as MdNode & { url: string };
  for (const child of node.children ?? []) yield* linksOf(child);
}

export default function remarkLinksInside() {
  return (tree: MdNode, file: DocFile): void => {
    const root = resolve(file.cwd);
    const from = resolve(file.cwd, file.path);
    for (const link of linksOf(tree)) {
      const reason = outsideReason(link.url, from, root);
      if (reason) file.message(reason, { place: link.position, ruleId: 'outside', source: 'remark-links-inside' });
    }
  };
}
