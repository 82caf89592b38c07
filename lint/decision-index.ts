// npm run lint: every decision record in docs/decisions/ is listed in the index of docs/architecture.md
// (its "## §8 Decision records" section) and has a status line of its own ("Status: accepted",
// "Status: superseded: …", "Status: accepted, superseded in part by 013"). Prints each record that is
// not, and fails. The links themselves (file exists, heading exists) are remark's (.remarkrc.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const INDEX = 'docs/architecture.md';
const RECORDS = 'docs/decisions';
/** The heading of the index's section in docs/architecture.md. */
const INDEX_HEADING = /^## .*Decision records\s*$/;
const STATUS_LINE = /^Status: \S/m;

/** The lines of the index's section: from its heading to the next heading of the same level. */
function indexSection(architecture: string): string | null {
  const lines = architecture.split('\n');
  const start = lines.findIndex((line) => INDEX_HEADING.test(line));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** What is wrong with the decision records under `root`, one line each, naming the file. */
export function decisionProblems(root: string): string[] {
  const records = readdirSync(join(root, RECORDS))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const section = indexSection(readFileSync(join(root, INDEX), 'utf8'));
  if (section === null) return [`${INDEX}: no "## … Decision records" section to list the records in`];
  const listed = new Set([...section.matchAll(/\]\(decisions\/([^)#\s]+)/g)].map((m) => m[1]));
  const problems: string[] = [];
  for (const name of records) {
    const file = `${RECORDS}/${name}`;
    if (!listed.has(name)) problems.push(`${file}: not listed in the index of ${INDEX} (Decision records)`);
    if (!STATUS_LINE.test(readFileSync(join(root, file), 'utf8')))
      problems.push(`${file}: no status line (a line of its own such as "Status: accepted")`);
  }
  return problems;
}

function main(root: string): void {
  const problems = decisionProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} with the decision records.`);
    process.exitCode = 1;
  }
}

if (import.meta.main) main(process.argv[2] ?? process.cwd());
