/**
 * The form a report is answered in: `format=` wins; otherwise the first of the forms offered other
 * than JSON that the Accept header names; JSON by default. One rule for every report, whatever
 * module answers it.
 */
import type { FastifyRequest } from 'fastify'

export type ReportFormat = 'json' | 'csv' | 'pdf'

const MEDIA_TYPES: Record<Exclude<ReportFormat, 'json'>, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
}

export function negotiatedFormat<F extends ReportFormat>(
  request: FastifyRequest,
  format: F | undefined,
  offered: readonly Exclude<F, 'json'>[],
): F | 'json' {
  if (format) return format
  const accept = request.headers.accept ?? ''
  return offered.find((form) => accept.includes(MEDIA_TYPES[form])) ?? 'json'
}
