/**
 * The words of the monthly record, in the company's language. Spanish is complete because the
 * record is kept under Spanish law; English is complete for companies that chose it. Both
 * catalogues have the same keys (the type makes a missing one a compile error).
 */
import type { AnomalyType, PunchType } from '../attendance/index.js'

export type ReportLanguage = 'es' | 'en'

const es = {
  locale: 'es',
  pdfLang: 'es-ES',
  title: 'Registro de jornada',
  law: 'Art. 34.9 del Estatuto de los Trabajadores',
  company: 'Empresa',
  workCenter: 'Centro de trabajo',
  worker: 'Trabajador/a',
  month: 'Mes',
  columns: ['Día', 'Entradas y salidas', 'Pausas', 'Trabajado', 'Previsto', 'Saldo', 'Extra', 'Notas'],
  total: 'Total',
  daysWorked: (n: number) => `${n} días trabajados`,
  daysExpected: (n: number) => `${n} días previstos`,
  legend: 'Horas en h:mm, en la zona horaria indicada. R = trabajo a distancia. (+1) = al día siguiente.',
  corrected: 'corregido',
  /** The note of a day with punches made with a credential the company issued, and its legend. */
  companyIssued: 'credencial de la empresa (C)',
  companyIssuedLegend:
    '(C) = fichajes hechos con una credencial que emitió la empresa y el trabajador/a aún no había cambiado: pudo hacerlos otra persona.',
  signedCompanyIssued: 'Firmado con una credencial emitida por la empresa (C).',
  /** The anomalies, as the legend names the marks of the days (`!2`). */
  anomaly: {
    session_too_long: 'sesión sin salida',
    missing_break: 'sin pausa (art. 34.4)',
    punch_on_day_off: 'trabajo en día libre',
    short_daily_rest: 'descanso entre jornadas corto (art. 34.3)',
    long_ordinary_day: 'jornada ordinaria excedida (art. 34.3)',
    short_weekly_rest: 'descanso semanal corto (art. 37.1)',
    night_average_exceeded: 'promedio nocturno excedido (art. 36.1)',
    absence_overlaps_work: 'trabajo durante la ausencia (no computa)',
  } as Record<AnomalyType, string>,
  /** Before the marks the month uses: anomalies flag the record, never change it. */
  anomalyLegend: 'Incidencias:',
  corrections: (n: number) => `Correcciones (${n})`,
  none: 'Ninguna',
  status: { pending: 'pendiente', approved: 'aprobada', rejected: 'rechazada', cancelled: 'retirada' } as Record<
    string,
    string
  >,
  reason: 'Motivo',
  proposedBy: (who: string, when: string) => `Propuesta por ${who} el ${when}`,
  decidedBy: (who: string, when: string) => `Decidida por ${who} el ${when}`,
  withdrawn: (when: string) => `Retirada el ${when}`,
  note: 'Nota',
  changes: 'Cambios',
  punch: { in: 'entrada', out: 'salida', break_start: 'inicio de pausa', break_end: 'fin de pausa' } as Record<
    PunchType,
    string
  >,
  added: (what: string, at: string) => `se añade ${what} ${at}`,
  moved: (what: string, from: string, to: string) => `${what} ${from} -> ${to}`,
  voided: (what: string, at: string) => `se anula ${what} ${at}`,
  integrity: 'Integridad y firma',
  chainHead: 'Último eslabón de la cadena',
  noPunches: 'sin fichajes',
  contentHash: 'SHA-256 del contenido',
  generated: 'Generado',
  signature: 'Conformidad del trabajador',
  notSigned: 'Sin firmar electrónicamente',
  signedAt: (when: string, sha: string) => `Firmado electrónicamente el ${when} (SHA-256 ${sha})`,
  valid: 'Vigente.',
  superseded: (by: string | null) => `Sustituida por un cambio posterior${by ? ` (${by})` : ''}.`,
  workerSignature: 'Firma del trabajador/a',
  companySignature: 'Firma y sello de la empresa',
  signedOn: 'Fecha',
  overtime: 'Horas extraordinarias (art. 35 ET)',
  overtimeBasis: { daily: 'cómputo diario', weekly: 'cómputo semanal', monthly: 'cómputo mensual' } as Record<
    string,
    string
  >,
  noOvertime: 'Ninguna en este mes.',
  lotStatus: { pending: 'pendiente de decisión', approved: 'aprobadas', rejected: 'rechazadas' } as Record<
    string,
    string
  >,
  toBePaid: 'a abonar',
  lotLine: (hours: string, status: string, adjustment: boolean) => `${adjustment ? 'Ajuste: ' : ''}${hours} ${status}`,
  forceMajeure: 'fuerza mayor',
  restDueBy: (date: string) => `a compensar con descanso hasta el ${date}`,
  owedRest: 'Descanso pendiente',
  owedLine: (hours: string, month: string, date: string, overdue: boolean) =>
    `${hours} de ${month}, hasta el ${date}${overdue ? ' (vencido)' : ''}`,
  yearToCap: (year: number, counted: string, cap: string, atRisk: string | null) =>
    `Año ${year}: ${counted} computadas del máximo anual de ${cap}${atRisk ? `; ${atRisk} en riesgo si no se descansan en 4 meses` : ''} (art. 35.2 ET)`,
  overCap: (hours: string, cap: string) =>
    `${hours} por encima del máximo anual de ${cap} (art. 35.2 ET): la empresa ha superado el límite legal. Se deben igualmente.`,
  violation: (hours: string) =>
    `${hours} trabajadas siendo menor de 18 años: la ley prohíbe las horas extraordinarias a los menores (art. 6.3 ET), también por fuerza mayor. Se abonan como salario debido; no se aprueban ni se compensan con descanso.`,
  complementaryColumn: 'Complementarias',
  complementary: 'Horas complementarias (art. 12.5 ET)',
  noComplementary: 'Ninguna en este mes.',
  paidAsOrdinary: 'se abonan como horas ordinarias',
  complementaryYear: (year: number, done: string, limit: string) =>
    `Año ${year}: ${done} complementarias de ${limit} que permite el pacto (art. 12.5 ET)`,
  overPact: (hours: string) =>
    `${hours} por encima del pacto de horas complementarias (art. 12.5 ET). Se deben igualmente.`,
  noPact: (hours: string) =>
    `${hours} complementarias sin pacto escrito que las permita (art. 12.5 ET). Se deben igualmente.`,
  pactBelowMinimum:
    'Pacto de horas complementarias en un contrato de menos de 10 horas semanales: la ley no lo permite (art. 12.5.a ET).',
  partTimeOvertime:
    'Contrato a tiempo parcial: no se pueden realizar horas extraordinarias salvo por fuerza mayor (art. 12.4.c ET); las horas por encima de su jornada hasta la jornada completa son complementarias.',
  page: (i: number, n: number) => `Página ${i} de ${n}`,
  remote: 'R',
  companyTitle: 'Totales mensuales de la plantilla',
  companyColumns: [
    'Trabajador/a',
    'Trabajado',
    'Previsto',
    'Saldo',
    'Extra',
    'Complementarias',
    'Días trab.',
    'Días prev.',
  ],
  companyNote:
    'Horas en h:mm. Solo totales del mes por persona: sin fichajes, sin tipos de ausencia, sin datos personales.',
  employees: (n: number) => `${n} personas`,
  toDate: (date: string, expected: string, balance: string) =>
    `Mes en curso: a ${date}, previsto ${expected}, saldo ${balance}. Los días que faltan están previstos, no se deben. Estas cifras dependen del momento de lectura y no forman parte de lo firmado.`,
}

export type ReportWords = typeof es

const en: ReportWords = {
  locale: 'en-GB',
  pdfLang: 'en-GB',
  title: 'Working-time record',
  law: 'Art. 34.9 of the Spanish Workers’ Statute',
  company: 'Company',
  workCenter: 'Work center',
  worker: 'Worker',
  month: 'Month',
  columns: ['Day', 'Sessions', 'Breaks', 'Worked', 'Expected', 'Balance', 'Overtime', 'Notes'],
  total: 'Total',
  daysWorked: (n: number) => `${n} days worked`,
  daysExpected: (n: number) => `${n} days expected`,
  legend: 'Hours as h:mm, in the time zone shown. R = remote work. (+1) = the next day.',
  corrected: 'corrected',
  companyIssued: 'company-issued credential (C)',
  companyIssuedLegend:
    '(C) = punches made with a credential the company issued and the worker had not yet replaced: someone else may have made them.',
  signedCompanyIssued: 'Signed with a company-issued credential (C).',
  anomaly: {
    session_too_long: 'session left open',
    missing_break: 'no break (art. 34.4)',
    punch_on_day_off: 'work on a day off',
    short_daily_rest: 'short rest between days (art. 34.3)',
    long_ordinary_day: 'long ordinary day (art. 34.3)',
    short_weekly_rest: 'short weekly rest (art. 37.1)',
    night_average_exceeded: 'night average exceeded (art. 36.1)',
    absence_overlaps_work: 'work during the absence (not counted)',
  },
  anomalyLegend: 'Anomalies:',
  corrections: (n: number) => `Corrections (${n})`,
  none: 'None',
  status: { pending: 'pending', approved: 'approved', rejected: 'rejected', cancelled: 'withdrawn' },
  reason: 'Reason',
  proposedBy: (who: string, when: string) => `Proposed by ${who} on ${when}`,
  decidedBy: (who: string, when: string) => `Decided by ${who} on ${when}`,
  withdrawn: (when: string) => `Withdrawn on ${when}`,
  note: 'Note',
  changes: 'Changes',
  punch: { in: 'clock-in', out: 'clock-out', break_start: 'break start', break_end: 'break end' },
  added: (what: string, at: string) => `${what} added ${at}`,
  moved: (what: string, from: string, to: string) => `${what} ${from} -> ${to}`,
  voided: (what: string, at: string) => `${what} voided ${at}`,
  integrity: 'Integrity and signature',
  chainHead: 'Last link of the chain',
  noPunches: 'no punches',
  contentHash: 'Content SHA-256',
  generated: 'Generated',
  signature: 'Worker’s agreement',
  notSigned: 'Not signed electronically',
  signedAt: (when: string, sha: string) => `Signed electronically on ${when} (SHA-256 ${sha})`,
  valid: 'Valid.',
  superseded: (by: string | null) => `Superseded by a later change${by ? ` (${by})` : ''}.`,
  workerSignature: 'Worker’s signature',
  companySignature: 'Company’s signature and stamp',
  signedOn: 'Date',
  overtime: 'Overtime (art. 35 of the Workers’ Statute)',
  overtimeBasis: { daily: 'counted daily', weekly: 'counted weekly', monthly: 'counted monthly' },
  noOvertime: 'None this month.',
  lotStatus: { pending: 'awaiting a decision', approved: 'approved', rejected: 'rejected' },
  toBePaid: 'to be paid',
  lotLine: (hours: string, status: string, adjustment: boolean) =>
    `${adjustment ? 'Adjustment: ' : ''}${hours} ${status}`,
  forceMajeure: 'force majeure',
  restDueBy: (date: string) => `compensated by rest, due by ${date}`,
  owedRest: 'Rest owed',
  owedLine: (hours: string, month: string, date: string, overdue: boolean) =>
    `${hours} from ${month}, by ${date}${overdue ? ' (overdue)' : ''}`,
  yearToCap: (year: number, counted: string, cap: string, atRisk: string | null) =>
    `${year}: ${counted} counted of the annual cap of ${cap}${atRisk ? `; ${atRisk} at risk unless rested within 4 months` : ''} (art. 35.2)`,
  overCap: (hours: string, cap: string) =>
    `${hours} over the annual cap of ${cap} (art. 35.2 of the Workers’ Statute): the company went beyond the legal limit. They are owed all the same.`,
  violation: (hours: string) =>
    `${hours} worked while under 18: the law forbids overtime for minors (art. 6.3 of the Workers’ Statute), force majeure included. They are paid as wages due, never approved or compensated by rest.`,
  complementaryColumn: 'Complementary',
  complementary: 'Complementary hours (art. 12.5 of the Workers’ Statute)',
  noComplementary: 'None this month.',
  paidAsOrdinary: 'paid as ordinary hours',
  complementaryYear: (year: number, done: string, limit: string) =>
    `${year}: ${done} complementary of the ${limit} the pact allows (art. 12.5)`,
  overPact: (hours: string) =>
    `${hours} beyond the pact of complementary hours (art. 12.5). They are owed all the same.`,
  noPact: (hours: string) =>
    `${hours} of complementary hours with no written pact allowing them (art. 12.5). They are owed all the same.`,
  pactBelowMinimum:
    'A pact of complementary hours on a contract of less than 10 hours a week: the law allows none (art. 12.5.a).',
  partTimeOvertime:
    'Part-time contract: no overtime but in force majeure (art. 12.4.c of the Workers’ Statute); hours beyond the schedule up to full time are complementary hours.',
  page: (i: number, n: number) => `Page ${i} of ${n}`,
  remote: 'R',
  companyTitle: 'Monthly totals of the workforce',
  companyColumns: ['Worker', 'Worked', 'Expected', 'Balance', 'Overtime', 'Complementary', 'Days worked', 'Days exp.'],
  companyNote: 'Hours as h:mm. The month’s totals per person only: no punches, no absence types, no personal data.',
  employees: (n: number) => `${n} people`,
  toDate: (date: string, expected: string, balance: string) =>
    `Month under way: as of ${date}, expected ${expected}, balance ${balance}. Days still to come are planned, not owed. These figures depend on the moment of reading and are not part of what is signed.`,
}

export const REPORT_WORDS: Record<ReportLanguage, ReportWords> = { es, en }
