// The import report as the catalogue CLIs print it.
import type { ImportReport } from './import.ts';

const SHOWN = 1000;

export function printReport(report: ImportReport, out: (line: string) => void = console.log): void {
  out(report.message);
  out('section          received  accepted  rejected');
  for (const [s, c] of Object.entries(report.counts)) {
    out(
      `${s.padEnd(15)} ${String(c.received).padStart(9)} ${String(c.accepted).padStart(9)} ${String(c.rejected).padStart(9)}`,
    );
  }
  if (report.imported && report.withdrawn > 0)
    out(`${report.withdrawn} products not in this feed are no longer sold (kept for orders and lists).`);
  for (const r of report.rejected.slice(0, SHOWN)) out(`rejected ${r.section}[${r.index}] ${r.key}: ${r.reason}`);
  if (report.rejected.length > SHOWN) out(`… and ${report.rejected.length - SHOWN} more rejected rows.`);
  for (const p of report.incomplete.slice(0, SHOWN))
    out(`incomplete products[${p.index}] ${p.barcode}: mancano ${p.missing.join(', ')}`);
  if (report.incomplete.length > SHOWN)
    out(`… and ${report.incomplete.length - SHOWN} more products without all mandatory food information.`);
  out(`${report.durationMs} ms`);
}
