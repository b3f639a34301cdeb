/** oidc-provider ships no types; the tests use a few of its calls (tests/support/test-idps.ts). */
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
