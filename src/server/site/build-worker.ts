// The Astro build in a process of its own, forked by buildSite: it renders
// the site on the machine's other core while the shop's process goes on
// answering shoppers, and its memory goes back to the system when it exits.
// Catalogue data comes only from the API at SPESA_API_URL; this process is
// given no secret.
//   argv: <outDir> <projectRoot>
// Message to the parent at the end: { done: { peakRssMb } }.

export interface WorkerMessage {
  done?: { peakRssMb: number };
}

const [outDir, root] = process.argv.slice(2);
if (!outDir || !root || !process.send) {
  console.error('build-worker.ts is started by buildSite (src/server/site/build-site.ts), not by hand.');
  process.exit(2);
}

// The shop stopped (or died) mid-build: stop too rather than finish a site
// nobody will swap in.
let finished = false;
process.on('disconnect', () => {
  if (!finished) process.exit(1);
});

try {
  const { build } = await import('astro');
  await build({ root, outDir, logLevel: 'warn', mode: 'production' });
  finished = true;
  process.send({ done: { peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) } } satisfies WorkerMessage, () =>
    process.disconnect(),
  );
} catch (error) {
  console.error(error);
  finished = true;
  process.exitCode = 1;
  process.disconnect();
}
