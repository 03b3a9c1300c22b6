import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { bodyMassIndex } from '../../../src/contract/rules/vital-ranges'
import {
  AMENDABLE_FIELDS,
  type AmendableField,
  type Encounter,
  type EncounterAmendment,
  type EncounterAuthor,
  type FieldChange,
} from '../../../src/contract/schemas/encounters'
import type { Tx } from '../../db/client'
import {
  catalogueEntries,
  diagnoses as cie10,
  encounterAmendments,
  encounters,
  medicinePresentations,
  medicines,
  users,
} from '../../db/schema'
import { ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { type MessageKey, translate } from '../../platform/messages'

export type EncounterRow = typeof encounters.$inferSelect

/** API field (snake_case) → column, for every field a person fills in or amends. */
const FIELD_COLUMNS = {
  type: 'type',
  started_at: 'startedAt',
  modality: 'modality',
  call_duration: 'callDuration',
  reason_id: 'reasonId',
  weight_kg: 'weightKg',
  height_m: 'heightM',
  temperature_c: 'temperatureC',
  oximetry: 'oximetry',
  systolic: 'systolic',
  diastolic: 'diastolic',
  heart_rate: 'heartRate',
  respiratory_rate: 'respiratoryRate',
  glucose: 'glucose',
  diagnoses: 'diagnoses',
  subjective: 'subjective',
  objective: 'objective',
  analysis: 'analysis',
  plan: 'plan',
  prescription: 'prescription',
} as const satisfies Record<AmendableField, keyof EncounterRow>

const FIELDS = Object.keys(AMENDABLE_FIELDS) as AmendableField[]

/** The columns the given fields write; anything else in `fields` is not taken. */
export function columnsOf(fields: Partial<Record<string, unknown>>): Partial<EncounterRow> {
  const columns: Record<string, unknown> = {}
  for (const field of FIELDS) {
    if (field in fields) columns[FIELD_COLUMNS[field]] = fields[field] ?? null
  }
  return columns as Partial<EncounterRow>
}

/**
 * An instant as ISO 8601 in UTC, whatever form it came in (PostgreSQL's "2026-11-20 08:30:00+00",
 * an offset the form gave): the history sorts these strings on the device, and a pending
 * consultation's must sort with the pulled ones.
 */
function isoOf(instant: string): string {
  const time = Date.parse(instant)
  // A form JavaScript does not read (an offset without its colon) is left for PostgreSQL to read.
  return Number.isNaN(time) ? instant : new Date(time).toISOString()
}

/** A row (from the query builder, or the feed's JSON) as the API answers it. */
export function presentEncounter(row: EncounterRow, prescriber: EncounterAuthor | null): Encounter {
  return {
    id: row.id,
    patient_id: row.patientId,
    type: row.type as Encounter['type'],
    started_at: isoOf(row.startedAt),
    modality: row.modality as Encounter['modality'],
    call_duration: row.callDuration ?? null,
    reason_id: row.reasonId,
    weight_kg: row.weightKg ?? null,
    height_m: row.heightM ?? null,
    bmi: bodyMassIndex(row.weightKg, row.heightM),
    temperature_c: row.temperatureC ?? null,
    oximetry: row.oximetry ?? null,
    systolic: row.systolic ?? null,
    diastolic: row.diastolic ?? null,
    heart_rate: row.heartRate ?? null,
    respiratory_rate: row.respiratoryRate ?? null,
    glucose: row.glucose ?? null,
    diagnoses: row.diagnoses,
    subjective: row.subjective ?? null,
    objective: row.objective ?? null,
    analysis: row.analysis ?? null,
    plan: row.plan ?? null,
    prescription: row.prescription ?? [],
    prescriber,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt ?? null,
  }
}

/** Deep equality of JSON values, whatever the order of an object's keys (jsonb keeps its own). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  return [...keys].every((key) => sameJson(left[key] ?? null, right[key] ?? null))
}

/** A field's value as compared and kept in an amendment: instants in one form, absent as null. */
const comparable = (field: AmendableField, value: unknown) =>
  field === 'started_at' && typeof value === 'string' ? isoOf(value) : (value ?? null)

/** Whether a create repeats an earlier one: the same id, patient and fields (DESIGN §5). */
export function sameCreate(row: EncounterRow, request: Record<string, unknown>): boolean {
  if (row.patientId !== request.patient_id) return false
  const stored = presentEncounter(row, null) as unknown as Record<string, unknown>
  return FIELDS.every((field) =>
    sameJson(
      comparable(field, stored[field]),
      comparable(field, request[field] ?? (field === 'prescription' ? [] : null)),
    ),
  )
}

/** What an amendment really changes: each field whose value differs, before and after (NOM-004). */
export function fieldChanges(
  current: Encounter,
  changes: Partial<Record<string, unknown>>,
): Partial<Record<AmendableField, FieldChange>> {
  const found: Partial<Record<AmendableField, FieldChange>> = {}
  const before = current as unknown as Record<string, unknown>
  for (const field of FIELDS) {
    if (!(field in changes)) continue
    const was = comparable(field, before[field])
    const now = comparable(field, changes[field])
    if (!sameJson(was, now)) found[field] = { before: was, after: now }
  }
  return found
}

export async function findEncounter(tx: Tx, id: string): Promise<EncounterRow | null> {
  const [row] = await tx.select().from(encounters).where(eq(encounters.id, id))
  return row ?? null
}

/**
 * The accounts that wrote consultations or amendments, as a note prints them: full name,
 * practitioner title and cédula profesional. One statement for all of them.
 */
export async function authorsOf(tx: Tx, ids: Array<string | null>): Promise<Map<string, EncounterAuthor>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
  if (wanted.length === 0) return new Map()
  const title = alias(catalogueEntries, 'title')
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      secondLastName: users.secondLastName,
      license: users.professionalLicense,
      title: title.name,
    })
    .from(users)
    .leftJoin(title, eq(title.id, users.titleId))
    .where(inArray(users.id, wanted))
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: [row.name, row.lastName, row.secondLastName].filter(Boolean).join(' '),
        title: row.title ?? null,
        professional_license: row.license ?? null,
      },
    ]),
  )
}

/**
 * The amendments of the given consultations, oldest first, each with its author's name
 * (NOM-004). The show call and the change feed answer them alike, so the device holds the same
 * history the server shows and prints it offline (decision 0024).
 */
export async function amendmentsOf(
  tx: Tx,
  encounterIds: string[],
): Promise<Map<string, EncounterAmendment[]>> {
  const found = new Map<string, EncounterAmendment[]>(encounterIds.map((id) => [id, []]))
  if (encounterIds.length === 0) return found
  const rows = await tx
    .select()
    .from(encounterAmendments)
    .where(inArray(encounterAmendments.encounterId, encounterIds))
    .orderBy(asc(encounterAmendments.version))
  const authors = await authorsOf(
    tx,
    rows.map((row) => row.amendedBy),
  )
  for (const row of rows) {
    const author = row.amendedBy ? authors.get(row.amendedBy) : undefined
    found.get(row.encounterId)?.push({
      id: row.id,
      version: row.version,
      amended_at: row.amendedAt,
      amended_by: author ? { id: author.id, name: author.name } : null,
      changes: row.changes,
    })
  }
  return found
}

interface Problems {
  errors: Record<string, string[]>
  lang: Lang
}
const note = (problems: Problems, path: string, key: MessageKey) => {
  problems.errors[path] = [translate(key, problems.lang)]
}

/** The ids among `ids` that are live, active values of the catalogue. */
export async function liveEntries(tx: Tx, catalogue: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await tx
    .select({ id: catalogueEntries.id })
    .from(catalogueEntries)
    .where(
      and(
        eq(catalogueEntries.catalogue, catalogue),
        inArray(catalogueEntries.id, ids),
        eq(catalogueEntries.active, true),
        isNull(catalogueEntries.deletedAt),
      ),
    )
  return new Set(rows.map((row) => row.id))
}

/** The codes among `codes` of the tenant's diagnoses catalogue or of CIE-10. */
async function knownDiagnosisCodes(tx: Tx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  const tenant = await tx
    .select({ code: catalogueEntries.code })
    .from(catalogueEntries)
    .where(
      and(
        eq(catalogueEntries.catalogue, 'diagnostics'),
        inArray(catalogueEntries.code, codes),
        eq(catalogueEntries.active, true),
        isNull(catalogueEntries.deletedAt),
      ),
    )
  const shared = await tx.select({ code: cie10.code }).from(cie10).where(inArray(cie10.code, codes))
  return new Set([...tenant, ...shared].map((row) => row.code as string))
}

interface PrescribedPick {
  medicine_id: string
  presentation_id: string
}

/** The medicine-presentation pairs among `lines` that are live in the tenant's catalogue. */
async function livePresentations(
  tx: Tx,
  lines: PrescribedPick[],
): Promise<{ medicines: Set<string>; pairs: Set<string> }> {
  if (lines.length === 0) return { medicines: new Set(), pairs: new Set() }
  const found = await tx
    .select({ id: medicines.id })
    .from(medicines)
    .where(
      and(inArray(medicines.id, [...new Set(lines.map((l) => l.medicine_id))]), isNull(medicines.deletedAt)),
    )
  const pairs = await tx
    .select({ id: medicinePresentations.id, medicineId: medicinePresentations.medicineId })
    .from(medicinePresentations)
    .where(
      and(
        inArray(medicinePresentations.id, [...new Set(lines.map((l) => l.presentation_id))]),
        isNull(medicinePresentations.deletedAt),
      ),
    )
  return {
    medicines: new Set(found.map((row) => row.id)),
    pairs: new Set(pairs.map((row) => `${row.medicineId}/${row.id}`)),
  }
}

/**
 * 422 with per-field messages unless what the fields name is in the tenant's catalogues: the
 * reason a live, active consultation reason; each diagnosis a code of the tenant's diagnoses or
 * CIE-10, filed under a live affected system; each prescription line a live medicine and one of
 * its presentations. Only what is new is judged: a diagnosis or a line the consultation already
 * holds (`current`) stays valid after the catalogue drops it, so an old note can still be amended.
 */
export async function assertCatalogueValues(
  tx: Tx,
  fields: Partial<Record<string, unknown>>,
  current: Encounter | null,
  lang: Lang,
): Promise<void> {
  const problems: Problems = { errors: {}, lang }
  const reason = fields.reason_id
  if (typeof reason === 'string' && reason !== current?.reason_id) {
    if (!(await liveEntries(tx, 'consultReason', [reason])).has(reason)) {
      note(problems, 'reason_id', 'catalogue.unknownParent')
    }
  }
  if (Array.isArray(fields.diagnoses)) {
    const held = current?.diagnoses ?? []
    const fresh = (fields.diagnoses as Encounter['diagnoses'])
      .map((diagnosis, index) => ({ diagnosis, index }))
      .filter(({ diagnosis }) => !held.some((old) => sameJson(old, diagnosis)))
    const systems = await liveEntries(
      tx,
      'affected_system',
      fresh.map(({ diagnosis }) => diagnosis.affected_system_id),
    )
    const codes = await knownDiagnosisCodes(
      tx,
      fresh.map(({ diagnosis }) => diagnosis.code),
    )
    for (const { diagnosis, index } of fresh) {
      if (!codes.has(diagnosis.code)) note(problems, `diagnoses.${index}.code`, 'encounter.unknownDiagnosis')
      if (!systems.has(diagnosis.affected_system_id)) {
        note(problems, `diagnoses.${index}.affected_system_id`, 'catalogue.unknownParent')
      }
    }
  }
  if (Array.isArray(fields.prescription)) {
    const held = current?.prescription ?? []
    const fresh = (fields.prescription as Encounter['prescription'])
      .map((line, index) => ({ line, index }))
      .filter(
        ({ line }) =>
          !held.some(
            (old) => old.medicine_id === line.medicine_id && old.presentation_id === line.presentation_id,
          ),
      )
    const live = await livePresentations(
      tx,
      fresh.map(({ line }) => line),
    )
    for (const { line, index } of fresh) {
      if (!live.medicines.has(line.medicine_id)) {
        note(problems, `prescription.${index}.medicine_id`, 'medicine.unknown')
      } else if (!live.pairs.has(`${line.medicine_id}/${line.presentation_id}`)) {
        note(problems, `prescription.${index}.presentation_id`, 'encounter.unknownPresentation')
      }
    }
  }
  if (Object.keys(problems.errors).length > 0) throw new ValidationError(problems.errors)
}
