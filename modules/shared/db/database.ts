/**
 * The one typed Database: every module declares its own tables in tables.ts and
 * they are joined here (type-only imports; the one place shared/ looks into modules).
 */
import type { Kysely, Transaction } from 'kysely';
import type { IdentityTables } from '../../identity/tables';
import type { CatalogueTables } from '../../catalogue/tables';
import type { JourneysTables } from '../../journeys/tables';
import type { ActivitiesTables } from '../../activities/tables';
import type { SocialTables } from '../../social/tables';
import type { AdminTables } from '../../admin/tables';
import type { SharedTables } from '../tables';

export interface Database
  extends IdentityTables,
    CatalogueTables,
    JourneysTables,
    ActivitiesTables,
    SocialTables,
    AdminTables,
    SharedTables {}

export type { Kysely, Transaction, Selectable, Insertable, Updateable } from 'kysely';

/**
 * The one Db type every module function takes first: the database or a transaction, so the use
 * case that needs atomicity owns the transaction and passes it down.
 */
export type Db = Kysely<Database> | Transaction<Database>;
