import { and, eq } from 'drizzle-orm'
import {
  type RecordSection,
  type RecordSectionEntry,
  SECTION_FIELDS,
  SECTION_REFERENCES,
} from '../../../src/contract/schemas/record-sections'
import type { Tx } from '../../db/client'
import { recordSections, referenceItems } from '../../db/schema'
import { ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { assertLiveEntry } from '../catalogs/catalogues'
import { isLiveMedicine } from '../catalogs/medicines'

export type RecordSectionRow = typeof recordSections.$inferSelect

/** API field (snake_case) → column, for every field some section writes. */
const FIELD_COLUMNS = {
  medical_condition_id: 'medicalConditionId',
  medicine: 'medicine',
  medicine_id: 'medicineId',
  title: 'title',
  note: 'note',
  year: 'year',
  habit: 'habit',
  description: 'description',
  covid_status_id: 'covidStatusId',
} as const satisfies Record<string, keyof RecordSectionRow>

type Field = keyof typeof FIELD_COLUMNS

const fieldsOf = (section: RecordSection) => Object.keys(SECTION_FIELDS[section]) as Field[]

/** The columns a section's fields write; fields of other sections are not taken. */
export function columnsOf(
  section: RecordSection,
  fields: Record<string, unknown>,
): Partial<RecordSectionRow> {
  const columns: Record<string, unknown> = {}
  for (const field of fieldsOf(section)) {
    if (field in fields) columns[FIELD_COLUMNS[field]] = fields[field] ?? null
  }
  return columns as Partial<RecordSectionRow>
}

/** An entry as the API (and the change feed) answers it: its section's SPEC §3 fields. */
export function presentRecordSection(row: RecordSectionRow): RecordSectionEntry {
  const section = row.section as RecordSection
  const fields = Object.fromEntries(
    fieldsOf(section).map((field) => [field, row[FIELD_COLUMNS[field]] ?? null]),
  )
  return {
    id: row.id,
    patient_id: row.patientId,
    section,
    ...fields,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt,
  }
}

/** Whether a create repeats an earlier one: the same id, section, patient and fields (DESIGN §5). */
export function sameCreate(row: RecordSectionRow, section: RecordSection, request: Record<string, unknown>) {
  if (row.section !== section || row.patientId !== request.patient_id) return false
  const stored = presentRecordSection(row)
  return fieldsOf(section).every((field) => (stored[field] ?? null) === (request[field] ?? null))
}

/**
 * 422 unless every list code the fields carry (a COVID status) is in its reference list (SPEC §7
 * "Reference lists"; shared by all tenants), a medical condition is a live, active value of the
 * tenant's `medical-conditions` catalogue, and a medicine id is one of the tenant's medicines.
 */
export async function assertListCodes(tx: Tx, fields: Record<string, unknown>, lang: Lang): Promise<void> {
  const errors: Record<string, string[]> = {}
  for (const [field, value] of Object.entries(fields)) {
    const list = SECTION_REFERENCES[field]
    if (!list || typeof value !== 'string') continue
    const [item] = await tx
      .select({ code: referenceItems.code })
      .from(referenceItems)
      .where(and(eq(referenceItems.list, list), eq(referenceItems.code, value)))
    if (!item) errors[field] = [translate('field.invalid', lang)]
  }
  // A medical condition is a value of the tenant's catalogue (decision 0018). An old entry may
  // still carry a code of the shared list: it stays as it is until the condition is changed.
  if (typeof fields.medical_condition_id === 'string') {
    await assertLiveEntry(tx, 'medical-conditions', fields.medical_condition_id, 'medical_condition_id', lang)
  }
  // An active medication names a medicine of the tenant's catalogue (decision 0015).
  if (typeof fields.medicine_id === 'string' && !(await isLiveMedicine(tx, fields.medicine_id))) {
    errors.medicine_id = [translate('medicine.unknown', lang)]
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

export async function findRecordSection(tx: Tx, id: string): Promise<RecordSectionRow | null> {
  const [row] = await tx.select().from(recordSections).where(eq(recordSections.id, id))
  return row ?? null
}
