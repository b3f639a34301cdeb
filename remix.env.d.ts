/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// AppLoadContext (the `context` of every loader and action) is declared in app/runtime/context.server.ts.
export {};
