/**
 * A company made directly on the database, and workers added through the API of a service built on
 * it: where the failover and read-replica tests and benchmarks start
 * (docs/decisions/0021-failover-and-read-replicas.md).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/db/unit-of-work.js'
import { createTenant } from '../../src/modules/onboarding/onboarding.service.js'

export interface ClusterCompany {
  tenantId: string
  apiKey: string
  /** The administrator's key, as a request's headers. */
  headers: { authorization: string }
  /** The workers' ids, in the order they were added. */
  workers: string[]
}

export async function companyWithWorkers(
  app: FastifyInstance,
  db: Db,
  name: string,
  workers: readonly { full_name: string; hire_date?: string }[],
): Promise<ClusterCompany> {
  const mail = (who: string) => `${who}.${randomBytes(4).toString('hex')}@example.com`
  const created = await createTenant({ db, now: Date.now() }, { name, admin_email: mail('admin'), admin_name: 'Admin' })
  const headers = { authorization: `Bearer ${created.api_key}` }
  const ids: string[] = []
  for (const worker of workers) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { email: mail('worker'), ...worker },
    })
    assert.equal(res.statusCode, 201, res.body)
    ids.push(res.json().data.id)
  }
  return { tenantId: created.tenant.id, apiKey: created.api_key, headers, workers: ids }
}

/** `count` workers named Worker 0, Worker 1 and on. */
export function numberedWorkers(count: number, fields: { hire_date?: string } = {}) {
  return Array.from({ length: count }, (_, i) => ({ full_name: `Worker ${i}`, ...fields }))
}
