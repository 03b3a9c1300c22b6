import { asc, eq, inArray } from 'drizzle-orm'
import type {
  VaccinationFieldChange,
  VaccinationRecord,
  VaccinationRecordAmendment,
  VaccinationRecordField,
  VaccinationRecordFields,
} from '../../../src/contract/schemas/vaccination-records'
import { VACCINATION_RECORD_FIELDS } from '../../../src/contract/schemas/vaccination-records'
import type { Tx } from '../../db/client'
import { vaccinationRecordAmendments, vaccinationRecords } from '../../db/schema'
import { authorsOf } from '../operation/encounters'

export type VaccinationRecordRow = typeof vaccinationRecords.$inferSelect

const FIELDS = Object.keys(VACCINATION_RECORD_FIELDS) as VaccinationRecordField[]

/** The record's fields as the contract names them. */
export function fieldsOf(row: VaccinationRecordRow): VaccinationRecordFields {
  return {
    vaccine_id: row.vaccineId,
    dose_number: row.doseNumber,
    folio: row.folio,
    applied_on: row.appliedOn,
    lot: row.lot,
    booster: row.booster,
    vaccinated_abroad: row.vaccinatedAbroad,
    country_code: row.countryCode,
    adverse_reactions: row.adverseReactions,
    early_dose_confirmed: row.earlyDoseConfirmed,
  }
}

/** The columns a create or an amendment writes, from the contract's fields (those present). */
export function columnsOf(fields: Partial<VaccinationRecordFields>) {
  return {
    ...(fields.vaccine_id !== undefined && { vaccineId: fields.vaccine_id }),
    ...(fields.dose_number !== undefined && { doseNumber: fields.dose_number }),
    ...(fields.folio !== undefined && { folio: fields.folio }),
    ...(fields.applied_on !== undefined && { appliedOn: fields.applied_on }),
    ...(fields.lot !== undefined && { lot: fields.lot }),
    ...(fields.booster !== undefined && { booster: fields.booster }),
    ...(fields.vaccinated_abroad !== undefined && { vaccinatedAbroad: fields.vaccinated_abroad }),
    ...(fields.country_code !== undefined && { countryCode: fields.country_code }),
    ...(fields.adverse_reactions !== undefined && { adverseReactions: fields.adverse_reactions }),
    ...(fields.early_dose_confirmed !== undefined && { earlyDoseConfirmed: fields.early_dose_confirmed }),
  }
}

/** Deep equality of JSON values, whatever the order of an object's keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].every((key) =>
    sameJson(left[key] ?? null, right[key] ?? null),
  )
}

/** Whether a create repeats an earlier one: the same id, patient and fields (DESIGN §5). */
export function sameCreate(row: VaccinationRecordRow, patientId: string, fields: VaccinationRecordFields) {
  return row.patientId === patientId && row.version === 1 && sameJson(fieldsOf(row), fields)
}

/** What an amendment really changes: each field whose value differs, before and after (NOM-004). */
export function fieldChanges(
  current: VaccinationRecordFields,
  changes: Partial<VaccinationRecordFields>,
): Partial<Record<VaccinationRecordField, VaccinationFieldChange>> {
  const found: Partial<Record<VaccinationRecordField, VaccinationFieldChange>> = {}
  for (const field of FIELDS) {
    if (!(field in changes)) continue
    const was = current[field] ?? null
    const now = changes[field] ?? null
    if (!sameJson(was, now)) found[field] = { before: was, after: now }
  }
  return found
}

export async function findVaccinationRecord(tx: Tx, id: string): Promise<VaccinationRecordRow | null> {
  const [row] = await tx.select().from(vaccinationRecords).where(eq(vaccinationRecords.id, id))
  return row ?? null
}

/**
 * The records as the API and the feed answer them: each with its author and its amendments,
 * oldest first, in two statements for all of them.
 */
export async function presentVaccinationRecords(
  tx: Tx,
  rows: VaccinationRecordRow[],
): Promise<VaccinationRecord[]> {
  const ids = rows.map((row) => row.id)
  const amendments =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(vaccinationRecordAmendments)
          .where(inArray(vaccinationRecordAmendments.recordId, ids))
          .orderBy(asc(vaccinationRecordAmendments.version))
  const authors = await authorsOf(tx, [
    ...rows.map((row) => row.createdBy),
    ...amendments.map((row) => row.amendedBy),
  ])
  const nameOf = (id: string | null) => {
    const author = id ? authors.get(id) : undefined
    return author ? { id: author.id, name: author.name } : null
  }
  const byRecord = new Map<string, VaccinationRecordAmendment[]>(ids.map((id) => [id, []]))
  for (const row of amendments) {
    byRecord.get(row.recordId)?.push({
      id: row.id,
      version: row.version,
      amended_at: row.amendedAt,
      amended_by: nameOf(row.amendedBy),
      changes: row.changes,
    })
  }
  return rows.map((row) => ({
    id: row.id,
    patient_id: row.patientId,
    ...fieldsOf(row),
    author: nameOf(row.createdBy),
    amendments: byRecord.get(row.id) ?? [],
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt ?? null,
  }))
}

export async function presentVaccinationRecord(
  tx: Tx,
  row: VaccinationRecordRow,
): Promise<VaccinationRecord> {
  return (await presentVaccinationRecords(tx, [row]))[0] as VaccinationRecord
}
