// npm run lint: the code reaches other packages only through their public API.
// It scans src/, scripts/ and tests/ (*.ts, *.tsx, *.astro, *.mjs) and fails,
// printing file:line and what it found, on
//   - a member whose name starts with an underscore: `x._name`, `x?._name`,
//     `x['_name']`, `const { _name } = x` (a parameter or variable named
//     `_lock` is no member and is fine; a global of our own, declared in a
//     `declare global` block, is ours);
//   - a member known to be another package's internals (INTERNALS);
//   - an import of a package's non-public path: `pkg/dist/…`, `pkg/lib/…`,
//     `pkg/internal…`, `pkg/src/…`, unless the package's exports map lists it
//     (or, without one, its package.json names the file: main, style, types…).
// Our own code keeps no underscore members, so a hit is someone else's private
// state: it changes in any release, unannounced.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Members without an underscore that are still other packages' internals. */
export const INTERNALS = new Set([
  // node-postgres: a connection's prepared statements, a client's query queue.
  'parsedStatements',
  'activeQuery',
  'queryQueue',
  // Node's handles and stream state; node-postgres' query result and row accumulation (underscored, so caught anyway:
  // listed to say whose they are).
  '_handle',
  '_writeState',
  '_result',
  '_accumulateRows',
]);

export interface Finding {
  line: number;
  text: string;
  reason: string;
}

/** The package.json of an installed package, or undefined if it is not installed. */
export type PackageReader = (name: string) => Record<string, unknown> | undefined;

export interface ScanOptions {
  readPackage?: PackageReader;
  /** Underscore names our own code declares as globals (declaredGlobals()). */
  ownGlobals?: ReadonlySet<string>;
}

const privateName = (name: string, own: ReadonlySet<string> = new Set()) =>
  INTERNALS.has(name) || (name.startsWith('_') && !own.has(name));
const memberReason = (name: string) =>
  INTERNALS.has(name) ? `'${name}' is another package's internals` : `'${name}' is a private member`;

const NON_PUBLIC = /(^|\/)(dist|lib|src)(\/|$)|(^|\/)internals?(\/|$|[-_.])/;

/** Whether a package's exports map lists `./subpath` (exactly or through a `*` pattern). */
function exportsList(exports: unknown, subpath: string): boolean {
  if (!exports || typeof exports !== 'object' || Array.isArray(exports)) return false;
  const keys = Object.keys(exports).filter((k) => k.startsWith('.'));
  const wanted = `./${subpath}`;
  return keys.some((key) => {
    const star = key.indexOf('*');
    if (star === -1) return key === wanted || (key.endsWith('/') && wanted.startsWith(key));
    return wanted.startsWith(key.slice(0, star)) && wanted.endsWith(key.slice(star + 1));
  });
}

/** Why an import of `specifier` reaches into a package's non-public files, or undefined if it does not. */
export function deepImport(specifier: string, readPackage: PackageReader): string | undefined {
  // Relative paths, #subpath imports, node:, astro:, virtual: … are not packages' files.
  if (/^[./#]/.test(specifier) || /^[a-z][\w+.-]*:/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameParts).join('/');
  const subpath = parts.slice(nameParts).join('/');
  if (!subpath || !NON_PUBLIC.test(subpath)) return undefined;
  const manifest = readPackage(name);
  if (!manifest) return undefined;
  if (manifest['exports'] !== undefined) {
    return exportsList(manifest['exports'], subpath) ? undefined : `'${subpath}' is not in the exports of ${name}`;
  }
  // No exports map: the files its package.json names are its public ones (leaflet's style: dist/leaflet.css).
  const named = ['main', 'module', 'browser', 'style', 'types', 'typings']
    .map((field) => manifest[field])
    .filter((file): file is string => typeof file === 'string')
    .map((file) => file.replace(/^\.\//, ''));
  if (named.includes(subpath)) return undefined;
  return `'${subpath}' is not a public file of ${name} (no exports map; not its main, style or types)`;
}

/** What an Astro component holds as code: its frontmatter and <script> blocks, in place (the rest blanked). */
function astroCode(source: string): { code: string; template: string } {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  let code = '';
  let template = '';
  const front = /^(\s*---\r?\n)([\s\S]*?)(\r?\n---)/.exec(source);
  let rest = source;
  if (front) {
    code += blank(front[1]!) + front[2]! + blank(front[3]!);
    template += blank(front[0]);
    rest = source.slice(front[0].length);
  }
  // Scripts are code; styles and the markup's expressions are looked at as text.
  const pieces = rest.split(/(<script\b[^>]*>[\s\S]*?<\/script>|<style\b[^>]*>[\s\S]*?<\/style>)/);
  for (const piece of pieces) {
    const script = /^(<script\b[^>]*>)([\s\S]*)(<\/script>)$/.exec(piece);
    if (script) {
      code += blank(script[1]!) + script[2]! + blank(script[3]!);
      template += blank(piece);
    } else if (piece.startsWith('<style')) {
      code += blank(piece);
      template += blank(piece);
    } else {
      code += blank(piece);
      template += piece;
    }
  }
  return { code, template };
}

const scriptKind = (fileName: string) =>
  fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;

function parse(source: string, fileName: string): ts.SourceFile {
  const code = fileName.endsWith('.astro') ? astroCode(source).code : source;
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, scriptKind(fileName));
}

/** The underscore names a file declares as globals of its own: `declare global { interface Window { __name?: … } }`. */
export function declaredGlobals(source: string, fileName: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node, inGlobal: boolean): void => {
    const global = inGlobal || (ts.isModuleDeclaration(node) && node.name.text === 'global');
    if (global && (ts.isPropertySignature(node) || ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node))) {
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
      if (name?.startsWith('_')) names.add(name);
    }
    ts.forEachChild(node, (child) => visit(child, global));
  };
  visit(parse(source, fileName), false);
  return names;
}

/** The markup's `{expressions}` are not parsed: their member accesses are matched as text. */
const TEMPLATE_MEMBER = /(\?\.|\.)\s*([A-Za-z_$][\w$]*)|\[\s*(['"])([^'"\n]+)\3\s*\]/g;

/** The findings in one file's text; `fileName` decides how it is read (.ts, .tsx, .astro, .mjs). */
export function scanSource(source: string, fileName: string, options: ScanOptions = {}): Finding[] {
  const readPackage = options.readPackage ?? (() => undefined);
  const own = new Set([...(options.ownGlobals ?? []), ...declaredGlobals(source, fileName)]);
  const isPrivate = (name: string) => privateName(name, own);
  const findings: Finding[] = [];
  if (fileName.endsWith('.astro')) {
    const { template } = astroCode(source);
    for (const match of template.matchAll(TEMPLATE_MEMBER)) {
      const name = match[2] ?? match[4]!;
      if (!isPrivate(name)) continue;
      const line = template.slice(0, match.index).split('\n').length;
      findings.push({ line, text: match[0].trim(), reason: memberReason(name) });
    }
  }
  const file = parse(source, fileName);
  const report = (node: ts.Node, reason: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    findings.push({ line, text: node.getText(file).replace(/\s+/g, ' ').slice(0, 120), reason });
  };
  const importOf = (node: ts.Node, specifier: ts.Node | undefined) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const reason = deepImport(specifier.text, readPackage);
    if (reason) report(node, reason);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isPrivate(node.name.text)) {
      report(node, memberReason(node.name.text));
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      isPrivate(node.argumentExpression.text)
    ) {
      report(node, memberReason(node.argumentExpression.text));
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      // const { _name } = x, or { _name: alias }: a member read by destructuring.
      const key = node.propertyName ?? node.name;
      const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
      if (name && isPrivate(name)) report(node, memberReason(name));
    } else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      importOf(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      importOf(node, node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      importOf(node, node.argument.literal);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require') ||
        // require.resolve('…'), import.meta.resolve('…')
        (ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'resolve' &&
          ((ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'require') ||
            ts.isMetaProperty(node.expression.expression))))
    ) {
      importOf(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const seen = new Set<string>();
  return findings
    .sort((a, b) => a.line - b.line)
    .filter((f) => !seen.has(`${f.line} ${f.text}`) && seen.add(`${f.line} ${f.text}`));
}

const SCANNED = /\.(ts|tsx|astro|mjs)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SCANNED.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

function main(): void {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const manifests = new Map<string, Record<string, unknown> | undefined>();
  const readPackage: PackageReader = (name) => {
    if (!manifests.has(name)) {
      let manifest: Record<string, unknown> | undefined;
      try {
        manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
      } catch {
        manifest = undefined;
      }
      manifests.set(name, manifest);
    }
    return manifests.get(name);
  };
  const sources = ['src', 'scripts', 'tests'].flatMap((dir) =>
    [...files(join(root, dir))].map((path) => ({ path, source: readFileSync(path, 'utf8') })),
  );
  const ownGlobals = new Set(sources.flatMap(({ path, source }) => [...declaredGlobals(source, path)]));
  let count = 0;
  for (const { path, source } of sources) {
    for (const finding of scanSource(source, path, { readPackage, ownGlobals })) {
      console.error(`${relative(root, path)}:${finding.line}: ${finding.text}  (${finding.reason})`);
      count += 1;
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} access${count === 1 ? '' : 'es'} to another package's private fields or internals: use its public API instead.`,
    );
    process.exitCode = 1;
  }
}

if (import.meta.main) main();
