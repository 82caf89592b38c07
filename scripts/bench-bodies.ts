// npm run bench:bodies [-- --depth 6000 --requests 200 --attackers 4]
// The nested-body attack of issue 65 replayed against a shop of its own (PGlite, or a fresh
// database on DATABASE_URL): /cli/health's median alone, then the attack's bodies one after
// another (each one's status, the shop's CPU per body read from /proc), then /cli/health's
// median while `attackers` clients loop /cli/health itself and while they loop the body, and
// the shop's memory before and after.
// Prints each figure with its target beside it; exits 1 when a target is missed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freshDatabase, startShop } from './bench-shop.helpers.ts';
import { percentiles } from './bench-load.ts';

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '6000' },
    requests: { type: 'string', default: '200' },
    attackers: { type: 'string', default: '4' },
  },
});
const depth = Number(values.depth);
const requests = Number(values.requests);
const attackers = Number(values.attackers);

/** The shop's CPU time (user + system) and resident memory, from /proc (Linux). */
function usage(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  const rssPages = Number(fields[21]); // rss (field 24)
  return { cpuMs: (ticks * 1000) / 100, rssMb: (rssPages * 4096) / 1024 / 1024 };
}

/** /cli/health's median and p99 over `count` calls one after another, in milliseconds. */
async function healthTimes(url: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/cli/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

/** What counts as unchanged on this machine: half as much again, or a millisecond. */
const noiseBound = (ms: number) => Math.max(ms * 1.5, ms + 1);

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'spesa-bench-bodies-'));
  const database = process.env['DATABASE_URL']
    ? await freshDatabase(process.env['DATABASE_URL'], 'spesa_bodies')
    : undefined;
  const shop = await startShop({
    DATA_DIR: join(work, 'pglite'),
    DATABASE_URL: database?.url ?? '',
    SITE_BUILD: 'off',
    NODE_ENV: 'development',
    CATALOGUE_PRODUCTS: '200',
  });
  const body = `{"username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
  const attack = () =>
    fetch(`${shop.url}/cli/profiles/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  try {
    // Warm up the server's paths first, so the figures after are of the attack, not of a cold start.
    await healthTimes(shop.url, 200);
    for (let i = 0; i < 20; i++) await (await attack()).arrayBuffer();
    const before = usage(shop.pid);
    const calm = await healthTimes(shop.url, 500);

    const statuses = new Map<number, number>();
    const cpuBefore = usage(shop.pid).cpuMs;
    for (let i = 0; i < requests; i++) {
      const res = await attack();
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    const cpuPerBody = (usage(shop.pid).cpuMs - cpuBefore) / requests;

    // /cli/health's median while `attackers` clients loop a call: the same clients looping
    // /cli/health itself (what any `attackers` busy clients cost the shop), then the attack.
    const underLoad = async (call: () => Promise<Response>) => {
      let looping = true;
      const loops = Array.from({ length: attackers }, async () => {
        let sent = 0;
        for (; looping; sent++) await (await call()).arrayBuffer();
        return sent;
      });
      const times = await healthTimes(shop.url, 500);
      looping = false;
      return { ...times, sent: (await Promise.all(loops)).reduce((a, b) => a + b, 0) };
    };
    const busy = await underLoad(() => fetch(`${shop.url}/cli/health`));
    const attacked = await underLoad(attack);
    const after = usage(shop.pid);

    const answers = [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(`\nA ${body.length.toLocaleString('en')}-byte body nested ${depth} deep, on POST /cli/profiles/login`);
    console.log(`  ${requests} bodies one after another: ${answers}`);
    const rows = [
      {
        figure: 'shop CPU per body',
        value: `${cpuPerBody.toFixed(2)} ms`,
        target: '≤ 5 ms',
        met: cpuPerBody <= 5,
      },
      { figure: 'answers', value: answers, target: `${requests} × 400`, met: statuses.get(400) === requests },
      {
        figure: '/cli/health p50 alone',
        value: `${calm.p50.toFixed(2)} ms (p99 ${calm.p99.toFixed(2)})`,
        target: '',
        met: true,
      },
      {
        figure: `/cli/health p50, ${attackers} clients looping /cli/health`,
        value: `${busy.p50.toFixed(2)} ms (p99 ${busy.p99.toFixed(2)})`,
        target: '',
        met: true,
      },
      {
        figure: `/cli/health p50, ${attackers} clients looping the body (${attacked.sent} sent)`,
        value: `${attacked.p50.toFixed(2)} ms (p99 ${attacked.p99.toFixed(2)})`,
        // Within the noise of a 2-core machine shared with the clients: as under any busy clients.
        target: `≤ ${noiseBound(busy.p50).toFixed(2)} ms`,
        met: attacked.p50 <= noiseBound(busy.p50),
      },
      {
        figure: 'shop RSS before → after',
        value: `${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB`,
        target: '≤ +50 MB',
        met: after.rssMb - before.rssMb <= 50,
      },
    ];
    console.table(rows.map((r) => ({ ...r, met: r.met ? 'yes' : 'NO' })));
    process.exitCode = rows.every((r) => r.met) ? 0 : 1;
  } finally {
    await shop.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
