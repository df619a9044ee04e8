/**
 * The head of each employee's punch chain (its last seq and hash), so that verification can tell
 * a chain cut short at its end from a complete one. Existing chains get their current last punch
 * as head. Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('punch_chain_heads')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('punch_chain_heads_tenant').on('punch_chain_heads').columns(['tenant_id', 'user_id']).execute()
  await sql`
    insert into punch_chain_heads (user_id, tenant_id, seq, hash)
    select p.user_id, p.tenant_id, p.seq, p.hash
    from punches p
    where p.seq = (select max(q.seq) from punches q where q.tenant_id = p.tenant_id and q.user_id = p.user_id)
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('punch_chain_heads').execute()
}
