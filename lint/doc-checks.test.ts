// The docs' lint steps of npm run lint, run as the lint script runs them on a folder laid out like the
// repository: remark with .remarkrc.mjs (links resolve, none points outside) and lint/decision-index.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { decisionProblems } from './decision-index.ts';
import { outsideReason } from './remark-links-inside.ts';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const lintScript: string = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts.lint;
/** The lint script's own steps, so that the test runs what npm run lint runs. */
const step = (name: string) => {
  const command = lintScript.split(' && ').find((c) => c.startsWith(`${name} `));
  if (!command) throw new Error(`npm run lint has no step starting with '${name}'`);
  return command.split(' ').slice(1);
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const INDEX_HEAD =
  '# Architecture\n\n## §1 Shape\n\nSee [decision 002](decisions/002-b.md).\n\n## §8 Decision records\n\n';

/** A repository-like folder (README.md, docs/) beside a sibling folder `shared/` that holds a spec, as on this machine. */
function folder(files: Record<string, string>): string {
  const parent = mkdtempSync(join(tmpdir(), 'doc-checks-'));
  folders.push(parent);
  const root = join(parent, 'repo');
  const all = { '../shared/spec.md': '# Spec\n', ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const good = {
  'README.md': '# Spesa\n\n## Store staff\n\nSee [the guide](docs/guide.md#deadlines), [staff](#store-staff).\n',
  'docs/guide.md':
    '# Guide\n\n## Deadlines\n\nBack to the [README](../README.md#spesa), the [records](decisions/), [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110), <http://localhost:4321/app/>.\n',
  'docs/architecture.md': `${INDEX_HEAD}| Record | Decision |\n|---|---|\n| [001](decisions/001-a.md) | A |\n| [002](decisions/002-b.md) | B |\n`,
  'docs/decisions/001-a.md': '# 001 — A\n\nStatus: accepted\n',
  'docs/decisions/002-b.md': '# 002 — B\n\nStatus: superseded in part by 001\n',
};

const broken = {
  ...good,
  'README.md':
    '# Spesa\n\nThe [spec](../shared/spec.md) and [a file](https://github.com/acme/spesa/blob/main/src/x.ts).\n',
  'docs/guide.md':
    '# Guide\n\n## Deadlines\n\nSee [payments](payments.md), the [README](../README.md#no-such-heading) and [/work/shared/spec.md](/work/shared/spec.md).\n',
  // 002 is linked from §1 only, not from the index, and has no status line.
  'docs/architecture.md': `${INDEX_HEAD}| Record | Decision |\n|---|---|\n| [001](decisions/001-a.md) | A |\n`,
  'docs/decisions/002-b.md': '# 002 — B\n\nDecided in 2026.\n',
};

function remark(root: string) {
  const cli = join(repo, 'node_modules', 'remark-cli', 'cli.js');
  const args = [...step('remark'), '--rc-path', join(repo, '.remarkrc.mjs'), '--no-color'];
  return spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
}

/** remark's report: each file's name, then a line per message, a blank line after the file. */
function byFile(report: string): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const block of report.split('\n\n')) {
    const [name, ...lines] = block.trim().split('\n');
    if (name && lines.length > 0) files[name] = lines.map((line) => line.trim());
  }
  return files;
}

const DECISION_INDEX = 'lint/decision-index.ts';

function decisionIndex(root: string) {
  return spawnSync(process.execPath, [join(repo, DECISION_INDEX), root], { cwd: root, encoding: 'utf8' });
}

describe('the docs lint steps', () => {
  it('are steps of npm run lint', () => {
    expect(step('remark')).toContain('--frail');
    expect(lintScript).toContain(`node ${DECISION_INDEX} &&`);
  });

  it('pass on docs whose links resolve inside the repository and whose records are indexed with a status', () => {
    const root = folder(good);
    const links = remark(root);
    expect(links.stderr).toBe('');
    expect(links.status).toBe(0);
    const records = decisionIndex(root);
    expect(records.stderr).toBe('');
    expect(records.status).toBe(0);
  });

  it('fail on a missing file, a missing heading and links outside the repository, naming each file and link', () => {
    const links = remark(folder(broken));
    expect(links.status).toBe(1);
    const messages = byFile(links.stderr);
    expect(Object.keys(messages).sort()).toEqual(['README.md', 'docs/guide.md']);
    expect(messages['docs/guide.md']).toEqual([
      expect.stringMatching(/^5:5-5:28 +warning Cannot find file `payments\.md`/),
      expect.stringMatching(/Cannot find heading for `#no-such-heading` in `\.\.\/README\.md`/),
      expect.stringMatching(/`\/work\/shared\/spec\.md` is an absolute path/),
    ]);
    expect(messages['README.md']).toEqual([
      expect.stringMatching(/^3:5-3:30 +warning `\.\.\/shared\/spec\.md` climbs out of the repository/),
      expect.stringMatching(
        /`https:\/\/github\.com\/acme\/spesa\/blob\/main\/src\/x\.ts` points at a file on a code host/,
      ),
    ]);
  });

  it('fail on a record missing from the index and without a status line, naming the record', () => {
    const root = folder(broken);
    expect(decisionProblems(root)).toEqual([
      'docs/decisions/002-b.md: not listed in the index of docs/architecture.md (Decision records)',
      'docs/decisions/002-b.md: no status line (a line of its own such as "Status: accepted")',
    ]);
    const records = decisionIndex(root);
    expect(records.status).toBe(1);
    expect(records.stderr).toContain('docs/decisions/002-b.md: not listed in the index');
  });
});

describe('outsideReason', () => {
  const root = '/repo';
  const from = '/repo/docs/guide.md';
  it('leaves fragments, links inside the repository, public pages and mail alone', () => {
    for (const url of ['#x', 'decisions/', '../README.md#a', 'https://www.w3.org/TR/WCAG22/', 'mailto:a@b.it'])
      expect(outsideReason(url, from, root)).toBeNull();
  });
  it('refuses climbing out, absolute paths, file: URLs and files on code hosts', () => {
    for (const url of [
      '../../shared/spec.md',
      '../..',
      '/etc/hosts',
      'file:///work/shared/spec.md',
      'https://github.com/acme/spesa/tree/main/docs',
      'https://raw.githubusercontent.com/acme/spesa/main/README.md',
      'https://gitlab.com/acme/spesa/-/blob/main/README.md',
    ])
      expect(outsideReason(url, from, root)).not.toBeNull();
  });
});
