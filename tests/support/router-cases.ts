/** Route tables and URLs the router-patch tests compare the patched and the unpatched router on. */
export type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

/** Static, dynamic-first, splat, optional, index, pathless-layout, absolute and caseSensitive routes. */
export const mixedRoutes: Route[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'about', path: 'about' },
      { id: 'about-team', path: 'about/team' },
      { id: 'a', path: 'a', children: [{ id: 'a-index', index: true }, { id: 'a-b', path: 'b' }, { id: 'a-param', path: ':x' }] },
      { id: 'a-encoded-slash', path: 'a%2Fb' },
      { id: 'tilde', path: '~a' },
      { id: 'exact-case', path: 'Case/Exact', caseSensitive: true },
      { id: 'lang-docs', path: ':lang?/docs' },
      { id: 'shop', path: 'shop/new?' },
      { id: 'blog', path: 'en?/blog' },
      {
        id: 'user',
        path: 'users/:userId',
        children: [{ id: 'user-index', index: true }, { id: 'user-edit', path: 'edit' }, { id: 'user-files', path: 'files/*' }],
      },
      { id: 'pathless', children: [{ id: 'settings', path: 'settings' }, { id: 'settings-profile', path: 'settings/profile' }] },
      { id: 'absolute', path: '/absolute/x' },
      { id: 'robots', path: 'robots.txt' },
      { id: 'euro', path: '€uro' },
      { id: 'empty', path: '', children: [{ id: 'deep', path: 'deep/:x' }, { id: 'deep-index', index: true }] },
      { id: 'dyn', path: ':slug' },
      { id: 'dyn-fixed', path: ':section/fixed' },
      { id: 'catalog-splat', path: 'catalog/*' },
      { id: 'kind-list', path: ':kind/list' }, // outranks catalog/* for /catalog/list
      { id: 'splat', path: '*' },
    ],
  },
  { id: 'api', path: 'api', children: [{ id: 'api-user', path: 'users/:id' }, { id: 'api-splat', path: '*' }] },
  { id: 'top-case', path: 'Top', caseSensitive: true, children: [{ id: 'top-case-child', path: 'child' }] },
];

export const differentialUrls = [
  '/', '', '/about', '/About', '/ABOUT/', '/about/team', '/about/Team/', '/about/other', '/a', '/a/', '/A/B', '/a/b', '/a/b/',
  '/a/c', '/a/b/c', '/a%2Fb', '/a%2fb', '/%7Ea', '/~a', '/%7ea/', '/Case/Exact', '/case/exact', '/CASE/EXACT/', '/docs', '/en/docs',
  '/fr/docs/', '/shop', '/shop/new', '/Shop/New', '/shop/old', '/en/blog', '/blog', '/EN/BLOG', '/users/42', '/users/42/edit',
  '/users/42/files/a/b.pdf', '/users', '/Users/%20x/edit', '/settings', '/settings/profile', '/Settings/Profile/', '/absolute/x',
  '/absolute', '/robots.txt', '/ROBOTS.TXT', '/robots%2Etxt', '/elsewhere/fixed', '/unknown', '/unknown/deep/path', '/deep/1',
  '/api/users/7', '/API/users/7', '/api/nothing/here', '/Top/child', '/top/child', '//about', '//', '///a', '/about//team',
  '/%E2%82%ACuro', '/%E2%82%ACURO', '/%E2%82%AC/fixed', '/%zz', '/%zz/fixed', 'about', '/caf%C3%A9', '/about?x=1#h', '/a/b?q=1',
  '/users/42#top', '/catalog/list', '/Catalog/List/', '/catalog/other/x', '/catalog',
];

