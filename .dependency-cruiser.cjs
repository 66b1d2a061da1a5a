/**
 * Which part of the code may import which (docs/ARCHITECTURE.md, "The map").
 * `scripts/check-imports.sh` runs these rules in `make test`; any match fails
 * the run. The rules hold the product code: tests (and the helpers under
 * server/test/, web/test/) may reach whatever they set up, and the server's
 * composition roots (app.ts registers every feature, main.ts starts it) are
 * left out, since in the folder-level view they would close a loop with every
 * feature through the shared files beside them (errors.ts, types.ts…).
 */
const FEATURE = '^server/src/modules/([^/]+)/';
const WEB_UI = ['^web/src/(ui|app|features|pages|layouts)/', '[.]tsx$', '(^|/)node_modules/(react|react-dom|react-router)/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-feature-circle',
      comment:
        'Server features depend on each other in one direction only, judged folder by folder: a feature that needs another calls its service, and that one never calls back, not even through a shared folder. What both need belongs in a shared home (access/, catalog/, kit-settings/, media/…).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'server-file-circle',
      comment:
        "No circle between the server's files either, inside a feature or through the files at server/src's top (errors.ts, types.ts…): a type two files share moves to a file both import (sync-context.ts), a helper two features share moves to a shared home (access/sliding-window.ts).",
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
    {
      name: 'server-feature-reads-sibling-repo',
      comment: "A feature's *.repo.ts is its own SQL: another feature calls that feature's service, or the shared home both need.",
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^server/src/modules/[^/]+/.+[.]repo[.]ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'server-route-imports-repo',
      comment: "Routes hold HTTP only: they call their feature's service, never a feature's SQL (reading a shared home such as the kit's settings is fine).",
      severity: 'error',
      from: { path: '^server/src/modules/.+[.]routes[.]ts$' },
      to: { path: '^server/src/modules/.+[.]repo[.]ts$' },
    },
    {
      name: 'server-shared-imports-feature',
      comment: 'The shared homes are below the features: they never import one (a rule two features need moves down here instead).',
      severity: 'error',
      from: { path: '^server/src/(access|catalog|http|kit-settings|media|db|zim)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'server-feature-imports-plugin',
      comment: "Plugins wire features into the app, above them: a feature never imports one (what both need, such as the page policy or the error mapping, lives in a shared home like http/).",
      severity: 'error',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/plugins/' },
    },
    {
      name: 'web-feature-imports-page',
      comment: 'Pages put features together; a feature never reaches up into a page (the router lives in web/src/app/).',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/pages/' },
    },
    {
      name: 'web-feature-circle',
      comment:
        'Web features depend on each other in one direction only, judged folder by folder: what two features both need (the session, shared widgets) lives in a layer below them (session/, ui/, offline/), never in one of them.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'web/src/app/ is the router and the start-up: it puts the features together, so a feature never imports it.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-layer-imports-feature',
      comment:
        "The session, the offline store, the layouts, ui/, api/ and i18n/ are below the features: features use them, never the other way round (a feature's part that another layer needs moves down).",
      severity: 'error',
      from: { path: '^web/src/(session|offline|layouts|ui|api|i18n)/' },
      to: { path: '^web/src/(features|pages|app)/' },
    },
    {
      name: 'contract-imports-node',
      comment: 'The contract runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^server/contract/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-imports-server',
      comment: 'The contract is what server and web share; it never depends on the server.',
      severity: 'error',
      from: { path: '^server/contract/src/' },
      to: { path: '^server/src/' },
    },
    {
      name: 'service-worker-reaches-ui',
      comment: 'The service worker bundle has no DOM and no React: nothing it imports, even indirectly, may be UI.',
      severity: 'error',
      from: { path: '^web/src/sw/sw[.]ts$' },
      to: { path: WEB_UI, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: {
      path: ['(^|/)dist/', '^[.]tsbuild/', '^[.]toolchain/', '[.]test[.]tsx?$', '^server/test/', '^web/(test|e2e)/', '^server/src/(app|main)[.]ts$'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
