// The shape of the code (docs/architecture.md §7, docs/decisions): imports flow one way,
// shared → shop (the browser core) → features → pages, and the server stays on
// the server. `npm run lint` checks it, with no exceptions.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment:
        'A feature never imports another feature: what two features share belongs in src/shop, src/shared, src/lib or src/components.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'The browser core (src/shop), lib, components and shared code import no feature.',
      severity: 'error',
      from: { path: '^src/(shop|lib|components|shared)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'browser-never-imports-server',
      comment: 'Browser code never imports src/server (secrets, database, node:*).',
      severity: 'error',
      from: { path: '^src/(shop|lib|components|shared|features|layouts|pages)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'demo-through-its-entry',
      comment:
        'The demo (src/demo: demo catalogue, demo operators, payment sandbox) is reached from the rest of src only through src/demo/entry.ts; scripts/ and tests/ may import its modules.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/demo/' },
      to: { path: '^src/demo/', pathNot: '^src/demo/entry\\.ts$' },
    },
    {
      name: 'demo-loaded-only-when-on',
      comment:
        'src/server loads src/demo/entry.ts with await import() where the demo is on (outside production), so a production process never loads the demo; a static import would load it everywhere.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/demo/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'browser-never-imports-demo',
      comment: 'Browser code never imports src/demo (it runs on the server, outside production).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(server|demo)/' },
      to: { path: '^src/demo/' },
    },
    {
      name: 'browser-calls-without-schemas',
      comment:
        "Browser code takes its calls from src/shared/contract/calls.generated.ts: endpoints.ts brings every schema of the contract with it (src/shared/contract/call.ts says why). Its types may be imported; the build's readers of the API (build-api.ts and the modules only pages' build runs) may import it.",
      severity: 'error',
      from: {
        path: '^src/(shop|lib|components|shared|features|layouts|pages)/',
        pathNot: '^src/(lib/build-api|components/service-facts|features/stores/stores-build)\\.ts$',
      },
      to: { path: '^src/shared/contract/endpoints\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared runs in the browser and in Node alike: no node:* modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'services-speak-the-domain',
      comment:
        'Services throw the outcomes of src/server/services/outcomes.ts and know nothing of HTTP: src/server/http.ts alone turns them into answers (docs/architecture.md §3). No service imports http.ts or hono.',
      severity: 'error',
      from: { path: '^src/server/services/' },
      to: { path: ['^src/server/http\\.ts$', '(^|/)node_modules/(hono|@hono/[^/]+)/'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(test|spec)\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
