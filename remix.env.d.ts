/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import type { RequestStore } from './app/utils/request-context.server';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestStore {}
}
