/** Tables owned by the admin module (joined into the Database type in modules/shared/db). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminTables {}
