/**
 * The head of each employee's punch chain (its last seq and hash), so that verification can tell
 * a chain cut short at its end from a complete one. Existing chains get their current last punch
 * as head. Written to be re-runnable: on SQLite a migration is not one transaction, and a run cut
 * short between its steps must be able to run again. Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('punch_chain_heads')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('punch_chain_heads_tenant')
    .ifNotExists()
    .on('punch_chain_heads')
    .columns(['tenant_id', 'user_id'])
    .execute()
  // One lookup per employee (their highest seq), then that punch by the unique (tenant, user, seq).
  await sql`
    insert into punch_chain_heads (user_id, tenant_id, seq, hash)
    select p.user_id, p.tenant_id, p.seq, p.hash
    from punches p
    join (select tenant_id, user_id, max(seq) as seq from punches group by tenant_id, user_id) newest
      on newest.tenant_id = p.tenant_id and newest.user_id = p.user_id and newest.seq = p.seq
    where true -- tells SQLite's parser that the ON below starts the upsert, not another join condition
    on conflict (user_id) do nothing
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('punch_chain_heads').execute()
}
