import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Peer feedback respondents (docs/decisions/240): who already answered a learner's feedback, as keys
// hashed with the learner's id (a browser's cookie, a signed-in colleague), and the browsers the
// learner opened their own link in. No link to an answer: no answer id, no time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback_respondents')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'char(64)', (c) => c.notNull())
    // 'answer': this respondent answered; 'owner': the learner themself (never counted, always refused).
    .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('answer', 'owner')`))
    .addPrimaryKeyConstraint('feedback_respondents_pkey', ['user_id', 'key_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback_respondents').execute();
}
