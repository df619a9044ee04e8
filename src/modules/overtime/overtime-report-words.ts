/**
 * The words of the representatives' monthly overtime report (RD 1561/1995, additional provision 3;
 * docs/decisions/0023-daily-limits-and-real-life.md) in the company's language: its PDF and its CSV
 * headers. Both catalogues have the same keys, and every column of the CSV has a heading in each
 * (the types make a missing one a compile error).
 */
import type { OVERTIME_REPORT_CSV_HEADER } from './overtime.logic.js'

export type OvertimeReportLanguage = 'es' | 'en'
export type OvertimeReportColumn = (typeof OVERTIME_REPORT_CSV_HEADER)[number]

/**
 * The CSV's headers. English keeps the JSON's field names, as the CSV always had them; Spanish
 * names the same figures in Spanish, in the same form (lower case, words joined by `_`).
 */
export const OVERTIME_CSV_HEADINGS: Record<OvertimeReportLanguage, Record<OvertimeReportColumn, string>> = {
  en: {
    user_id: 'user_id',
    full_name: 'full_name',
    pending_minutes: 'pending_minutes',
    approved_minutes: 'approved_minutes',
    force_majeure_minutes: 'force_majeure_minutes',
    rest_minutes: 'rest_minutes',
    pay_minutes: 'pay_minutes',
    rested_minutes: 'rested_minutes',
    scheduled_rest_minutes: 'scheduled_rest_minutes',
    paid_minutes: 'paid_minutes',
    owed_minutes: 'owed_minutes',
    overdue_minutes: 'overdue_minutes',
    violation_minutes: 'violation_minutes',
    complementary_minutes: 'complementary_minutes',
    year_counted_toward_cap_minutes: 'year_counted_toward_cap_minutes',
    year_at_risk_minutes: 'year_at_risk_minutes',
    cap_minutes: 'cap_minutes',
    year_over_cap_minutes: 'year_over_cap_minutes',
  },
  es: {
    user_id: 'id_trabajador',
    full_name: 'nombre',
    pending_minutes: 'minutos_pendientes',
    approved_minutes: 'minutos_aprobados',
    force_majeure_minutes: 'minutos_fuerza_mayor',
    rest_minutes: 'minutos_con_descanso',
    pay_minutes: 'minutos_con_pago',
    rested_minutes: 'minutos_descansados',
    scheduled_rest_minutes: 'minutos_descanso_programado',
    paid_minutes: 'minutos_pagados',
    owed_minutes: 'minutos_por_compensar',
    overdue_minutes: 'minutos_vencidos',
    violation_minutes: 'minutos_infraccion_menores',
    complementary_minutes: 'minutos_complementarios',
    year_counted_toward_cap_minutes: 'año_minutos_computados_tope',
    year_at_risk_minutes: 'año_minutos_en_riesgo_tope',
    cap_minutes: 'minutos_tope_anual',
    year_over_cap_minutes: 'año_minutos_sobre_tope',
  },
}

const es = {
  locale: 'es',
  pdfLang: 'es-ES',
  title: 'Horas extraordinarias del mes',
  law: 'Información a la representación legal de los trabajadores: RD 1561/1995, disposición adicional tercera; art. 35 del Estatuto de los Trabajadores',
  company: 'Empresa',
  month: 'Mes',
  basisLabel: 'Cómputo',
  basis: { daily: 'por días', weekly: 'por semanas', monthly: 'por meses' },
  generated: 'Generado',
  hoursHeading: 'Horas del mes y cómo se compensan',
  hoursColumns: [
    'Trabajador/a',
    'Pendientes de aprobar',
    'Aprobadas',
    'De ellas, fuerza mayor',
    'A compensar con descanso',
    'A compensar con pago',
    'Horas complemen­tarias',
  ],
  compensationHeading: 'Compensación hasta hoy y máximo anual',
  compensationColumns: [
    'Trabajador/a',
    'Descansadas',
    'Descanso programado',
    'Pagadas',
    'Por compensar',
    'De ellas, vencidas',
    'Año: computadas / máximo',
  ],
  total: 'Total',
  employees: (n: number) => `${n} ${n === 1 ? 'persona' : 'personas'}`,
  none: 'Ninguna persona hizo horas extraordinarias este mes.',
  legend:
    'Horas en h:mm. Una hora extraordinaria se aprueba con su compensación (descanso o pago), nunca se rechaza (art. 35 ET). La fuerza mayor (art. 35.3) no computa en el máximo anual. Las horas complementarias de quien trabaja a tiempo parcial (art. 12.5 ET) no son extraordinarias y se dan aparte.',
  flags: 'Avisos',
  overCap: (name: string, hours: string, cap: string) =>
    `${name}: ${hours} en el año por encima del máximo anual de ${cap} (art. 35.2 ET). Se deben igualmente.`,
  violation: (name: string, hours: string) =>
    `${name}: ${hours} trabajadas siendo menor de 18 años (art. 6.3 ET las prohíbe, también por fuerza mayor): se abonan como salario debido.`,
  overdue: (name: string, hours: string) => `${name}: ${hours} de descanso no disfrutado en plazo (art. 35.1 ET).`,
  page: (i: number, n: number) => `Página ${i} de ${n}`,
}

export type OvertimeReportWords = typeof es

const en: OvertimeReportWords = {
  locale: 'en-GB',
  pdfLang: 'en-GB',
  title: 'Overtime of the month',
  law: 'For the workers’ legal representatives: RD 1561/1995, additional provision 3; art. 35 of the Spanish Workers’ Statute',
  company: 'Company',
  month: 'Month',
  basisLabel: 'Counted',
  basis: { daily: 'by day', weekly: 'by week', monthly: 'by month' },
  generated: 'Generated',
  hoursHeading: 'The month’s hours and how they are compensated',
  hoursColumns: [
    'Worker',
    'Pending approval',
    'Approved',
    'Of which force majeure',
    'To be rested',
    'To be paid',
    'Comple­mentary hours',
  ],
  compensationHeading: 'Compensation so far and the annual cap',
  compensationColumns: [
    'Worker',
    'Rested',
    'Rest scheduled',
    'Paid',
    'Owed',
    'Of which overdue',
    'Year: counted / cap',
  ],
  total: 'Total',
  employees: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
  none: 'Nobody worked overtime this month.',
  legend:
    'Hours as h:mm. Overtime is approved with its compensation (rest or pay), never rejected (art. 35 of the Workers’ Statute). Force majeure (art. 35.3) does not count toward the annual cap. A part-timer’s complementary hours (art. 12.5) are not overtime and are given apart.',
  flags: 'Flags',
  overCap: (name: string, hours: string, cap: string) =>
    `${name}: ${hours} in the year over the annual cap of ${cap} (art. 35.2 of the Workers’ Statute). They are owed all the same.`,
  violation: (name: string, hours: string) =>
    `${name}: ${hours} worked while under 18 (art. 6.3 of the Workers’ Statute forbids it, force majeure included): paid as wages due.`,
  overdue: (name: string, hours: string) => `${name}: ${hours} of rest not taken in time (art. 35.1).`,
  page: (i: number, n: number) => `Page ${i} of ${n}`,
}

export const OVERTIME_REPORT_WORDS: Record<OvertimeReportLanguage, OvertimeReportWords> = { es, en }
