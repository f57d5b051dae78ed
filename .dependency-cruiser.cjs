/**
 * The walls of the layout (issue 22), checked by `npm run lint:deps` inside `npm test`. A new import across a wall
 * fails with the rule's name and comment. Never silence a rule: move the code (see the README's "Walls").
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared part into a module both sides import.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment:
        'A web feature imports only components, lib, hooks, the contract and its own files. What two features share moves to components/ or lib/; the app layer (app/) composes features.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature',
      severity: 'error',
      comment:
        'components/, lib/ and hooks/ serve every feature and import none (the app layer passes features in).',
      from: { path: '^apps/web/src/(components|lib|hooks)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment: 'Features do not import the app layer; the app layer imports features.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-db-to-above',
      severity: 'error',
      comment:
        'db/ (client, schema, migrations) is the bottom layer: it imports no module, route, plugin or the seed. The seed lives above the modules (src/seed/).',
      from: { path: '^apps/server/src/db/' },
      to: {
        path: '^apps/server/src/(modules|routes|plugins|seed|test)/|^apps/server/src/(app|services|server)\\.ts$',
      },
    },
    {
      name: 'server-modules-to-edge',
      severity: 'error',
      comment:
        'Domain modules know nothing of HTTP: no routes, plugins, the app, the composition root, the seed or fastify.',
      from: { path: '^apps/server/src/modules/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/(routes|plugins|seed)/|^apps/server/src/(app|services|server)\\.ts$|node_modules/(fastify|@fastify)/',
      },
    },
    {
      name: 'server-routes-build-no-services',
      severity: 'error',
      comment:
        'Routes take every service from the composition root (app.services, services.ts); they may import a service file for its types only.',
      from: { path: '^apps/server/src/routes/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/.+\\.service\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract package is shared by server and web: it imports neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'Server and web share only the contract package.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
