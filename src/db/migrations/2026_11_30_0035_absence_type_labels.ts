/**
 * Absence types named in each language the company gives (`labels`, JSON `{"es": …, "en": …}`),
 * so that the app shows a type in the person's language rather than the company's. The built-in
 * types of every existing company, where their label is still the one they were created with, get
 * both names. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

const BUILT_IN: Record<string, { es: string; en: string }> = {
  vacation: { es: 'Vacaciones', en: 'Vacation' },
  sick: { es: 'Baja por enfermedad', en: 'Sick leave' },
  justified: { es: 'Ausencia justificada', en: 'Justified absence' },
  personal: { es: 'Asuntos propios', en: 'Personal matters' },
  overtime_rest: { es: 'Descanso por horas extra', en: 'Overtime rest' },
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('absence_types').addColumn('labels', 'text').execute()
  for (const [key, labels] of Object.entries(BUILT_IN)) {
    await db
      .updateTable('absence_types')
      .set({ labels: JSON.stringify(labels) })
      .where('key', '=', key)
      .where('label', 'in', [labels.es, labels.en])
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('absence_types').dropColumn('labels').execute()
}
