import { describe, expect, it } from 'vitest';
import { deepImport, scanSource } from './no-private-internals.ts';

const found = (source: string, fileName = 'x.ts') => scanSource(source, fileName).map((f) => `${f.line}: ${f.text}`);

describe('lint/no-private-internals', () => {
  it('flags a member whose name starts with an underscore, read with . or ?.', () => {
    expect(found('const a = socket._handle;\nconst b = stream?._writeState;')).toEqual([
      '1: socket._handle',
      '2: stream?._writeState',
    ]);
  });

  it('flags bracket access and destructuring of an underscore member', () => {
    expect(found(`x['_result'] = 1;\ny["_accumulateRows"]();\nconst { _handle: h } = z;`)).toEqual([
      "1: x['_result']",
      '2: y["_accumulateRows"]',
      '3: _handle: h',
    ]);
  });

  it("flags another package's internals without an underscore", () => {
    expect(found('delete client.connection.parsedStatements[name];')).toEqual([
      '1: client.connection.parsedStatements',
    ]);
  });

  it('leaves underscore parameters and variables, strings, comments and our own declared globals alone', () => {
    const source = `function f(_lock: number, [_a]: number[]) { const _unused = _lock; return x['value'] + ('._handle'); }
// a comment about ._handle
declare global { interface Window { __early?: string } }
const e = window.__early;
const g = (_event: Event) => this.value;`;
    expect(found(source)).toEqual([]);
  });

  it("reads an Astro component's frontmatter, scripts and markup", () => {
    const source = `---\nconst n = socket._handle;\n---\n<p>{item._private}</p>\n<script>window.x = y['_z'];</script>\n<style>.a { color: red; }</style>`;
    expect(found(source, 'x.astro')).toEqual(['2: socket._handle', '4: ._private', "5: y['_z']"]);
  });

  it("flags an import into a package's dist, lib, internal or src unless its package.json makes it public", () => {
    const packages: Record<string, Record<string, unknown>> = {
      listed: { exports: { '.': './index.js', './dist/*': './dist/*' } },
      closed: { exports: { '.': './index.js' } },
      styled: { main: 'dist/styled.js', style: 'dist/styled.css' },
      '@scope/open': { main: 'index.js' },
    };
    const read = (name: string) => packages[name];
    expect(deepImport('listed/dist/a.js', read)).toBeUndefined();
    expect(deepImport('closed/dist/a.js', read)).toMatch(/not in the exports of closed/);
    expect(deepImport('styled/dist/styled.css', read)).toBeUndefined();
    expect(deepImport('styled/lib/x.js', read)).toMatch(/not a public file of styled/);
    expect(deepImport('@scope/open/internal/x', read)).toMatch(/@scope\/open/);
    expect(deepImport('@scope/open/contrib/x', read)).toBeUndefined();
    expect(deepImport('./dist/local.ts', read)).toBeUndefined();
    expect(deepImport('node:internal/x', read)).toBeUndefined();
    const source = `import a from 'closed/dist/a.js';\nconst b = await import('closed/src/b.js');\nconst c = require('closed/lib/c');`;
    expect(scanSource(source, 'x.ts', { readPackage: read }).map((f) => f.line)).toEqual([1, 2, 3]);
  });
});
