import { flatRoutes } from 'remix-flat-routes';

/**
 * Remix classic compiler. `server` bundles server.ts together with the app into
 * build/index.js, so the web process has one module graph (one database handle).
 * v3_routeConfig is Vite-only and cannot be enabled here: see docs/decisions/001-stack-and-layout.md.
 * Routes: Remix's flat-routes convention with remix-flat-routes' "+" folders (app/routes/api+/post+/
 * savePost.ts is /api/post/savePost): docs/decisions/230-route-folders.md.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: 'app',
  server: './server.ts',
  serverBuildPath: 'build/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverDependenciesToBundle: [/^@conform-to\//],
  // Remix's own file scan is off; remix-flat-routes reads app/routes (the same names, plus folders).
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) => flatRoutes('routes', defineRoutes, { ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'] }),
  watchPaths: ['modules/**/*.ts'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // Off by measurement: the full manifest (4 KB gz, cached) beats per-request partial manifests (docs/decisions/140).
    v3_lazyRouteDiscovery: false,
  },
};
