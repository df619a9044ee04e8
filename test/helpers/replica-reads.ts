/**
 * Where the heavy reads of a service with a read replica went, as its metric counts them
 * (docs/decisions/0021-failover-and-read-replicas.md).
 */
import type { FastifyInstance } from 'fastify'
import { REPLICA_OUTCOMES, type ReplicaOutcome } from '../../src/db/read-replica.js'

export async function replicaReads(app: FastifyInstance): Promise<Record<ReplicaOutcome, number>> {
  const counts = Object.fromEntries(REPLICA_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ReplicaOutcome, number>
  const metric = app.metrics.registry.getSingleMetric('jornada_replica_reads_total')
  for (const value of (await metric!.get()).values) counts[value.labels.outcome as ReplicaOutcome] = value.value
  return counts
}
