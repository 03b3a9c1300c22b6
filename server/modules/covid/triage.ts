import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { bodyMassIndex } from '../../../src/contract/rules/vital-ranges'
import type {
  CovidAuthor,
  CovidTest,
  DeclinedFollowUp,
  Reclassification,
  TriageConsultation,
  TriageFields,
} from '../../../src/contract/schemas/covid'
import { parseInstant } from '../../../src/documents/zoned-time'
import type { Tx } from '../../db/client'
import {
  type covidTests,
  patients,
  referenceItems,
  type triageConsultations,
  type triageDeclines,
  type triageReclassifications,
  users,
} from '../../db/schema'
import { assertInScope } from '../../platform/assignment-scope'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { authorsOf } from '../operation/encounters'

export type ConsultationRow = typeof triageConsultations.$inferSelect
export type DeclineRow = typeof triageDeclines.$inferSelect
export type ReclassificationRow = typeof triageReclassifications.$inferSelect
export type CovidTestRow = typeof covidTests.$inferSelect

/** API field → column, for every field a professional fills in at a triage. */
const FIELD_COLUMNS = {
  consulted_at: 'consultedAt',
  status: 'status',
  covid_case: 'covidCase',
  advancement: 'advancement',
  ruled_out_reason: 'ruledOutReason',
  symptoms: 'symptoms',
  other_symptoms: 'otherSymptoms',
  first_symptom_date: 'firstSymptomDate',
  shortness_of_breath: 'shortnessOfBreath',
  cough_severity: 'coughSeverity',
  temperature_c: 'temperatureC',
  oximetry: 'oximetry',
  systolic: 'systolic',
  diastolic: 'diastolic',
  heart_rate: 'heartRate',
  respiratory_rate: 'respiratoryRate',
  weight_kg: 'weightKg',
  height_m: 'heightM',
  supplemental_oxygen: 'supplementalOxygen',
  consciousness: 'consciousness',
  chronic_degenerative_diseases: 'chronicDegenerativeDiseases',
  immunocompromises: 'immunocompromises',
  pregnancy: 'pregnancy',
  recontagion: 'recontagion',
  vaccinated: 'vaccinated',
  quarantine_start_date: 'quarantineStartDate',
  quarantine_end_date: 'quarantineEndDate',
  notes: 'notes',
  proposed_classification: 'proposedClassification',
  classification: 'chosenClassification',
  override_reason: 'overrideReason',
} as const satisfies Record<keyof TriageFields, keyof ConsultationRow>

const FIELDS = Object.keys(FIELD_COLUMNS) as Array<keyof TriageFields>

/** The columns a consultation's fields write; the chosen classification is also the current one. */
export function consultationColumns(fields: TriageFields): Partial<ConsultationRow> {
  const columns: Record<string, unknown> = {}
  for (const field of FIELDS) columns[FIELD_COLUMNS[field]] = fields[field] ?? null
  columns.classification = fields.classification
  return columns as Partial<ConsultationRow>
}

/**
 * An instant as ISO 8601 in UTC, whatever form it came in (PostgreSQL's "2026-11-20 08:30:00+00"
 * from the feed's JSON, an offset the form gave): the device sorts these strings.
 */
export function isoOf(instant: string): string {
  const time = parseInstant(instant).getTime()
  return Number.isNaN(time) ? instant : new Date(time).toISOString()
}

/** A consultation row as the API and the feed answer it. */
export function presentConsultation(row: ConsultationRow, author: CovidAuthor | null): TriageConsultation {
  const fields: Record<string, unknown> = {}
  for (const field of FIELDS) fields[field] = row[FIELD_COLUMNS[field]] ?? null
  return {
    ...(fields as unknown as TriageFields),
    id: row.id,
    patient_id: row.patientId,
    consulted_at: isoOf(row.consultedAt),
    symptoms: row.symptoms ?? [],
    other_symptoms: row.otherSymptoms ?? [],
    chronic_degenerative_diseases: row.chronicDegenerativeDiseases ?? [],
    immunocompromises: row.immunocompromises ?? [],
    bmi: bodyMassIndex(row.weightKg, row.heightM),
    news2_score: row.news2Score,
    chosen_classification: row.chosenClassification as TriageConsultation['chosen_classification'],
    classification: row.classification as TriageConsultation['classification'],
    reclassification_id: row.reclassificationId ?? null,
    author,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }
}

export function presentDecline(row: DeclineRow, author: CovidAuthor | null): DeclinedFollowUp {
  return {
    id: row.id,
    patient_id: row.patientId,
    declined_at: isoOf(row.declinedAt),
    kind: row.kind as DeclinedFollowUp['kind'],
    reason: row.reason,
    author,
    version: row.version,
    created_at: row.createdAt,
  }
}

export function presentReclassification(
  row: ReclassificationRow,
  author: CovidAuthor | null,
): Reclassification {
  return {
    id: row.id,
    patient_id: row.patientId,
    consultation_id: row.consultationId,
    reclassified_at: isoOf(row.reclassifiedAt),
    previous_classification: row.previousClassification as Reclassification['previous_classification'],
    classification: row.classification as Reclassification['classification'],
    reason: row.reason,
    author,
    version: row.version,
    created_at: row.createdAt,
  }
}

export function presentCovidTest(row: CovidTestRow, author: CovidAuthor | null): CovidTest {
  return {
    id: row.id,
    patient_id: row.patientId,
    date: row.date,
    type: row.type,
    result: row.result,
    author,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    deleted_at: row.deletedAt ?? null,
  }
}

/** Each row with its author (who created it), in one statement for all of them. */
export async function withAuthors<R extends { createdBy: string | null }, T>(
  tx: Tx,
  rows: R[],
  present: (row: R, author: CovidAuthor | null) => T,
): Promise<T[]> {
  const authors = await authorsOf(
    tx,
    rows.map((row) => row.createdBy),
  )
  return rows.map((row) => present(row, (row.createdBy && authors.get(row.createdBy)) || null))
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

/** Whether a stored consultation is the one a create carries (a resend under another key). */
export function sameConsultation(row: ConsultationRow, patientId: string, fields: TriageFields): boolean {
  if (row.patientId !== patientId) return false
  const stored = presentConsultation(row, null) as unknown as Record<string, unknown>
  // The classification now may have been reclassified since; the choice is what was sent.
  stored.classification = row.chosenClassification
  return FIELDS.every((field) => {
    const sent = field === 'consulted_at' ? isoOf(fields[field]) : (fields[field] ?? null)
    return sameJson(stored[field] ?? null, sent)
  })
}

/** The lists each coded field's codes come from (reference lists; the score's are picklists). */
const CODED_FIELDS = {
  covid_case: 'cases-general',
  advancement: 'collaborator-advancement',
  ruled_out_reason: 'reason-ruled-out',
  symptoms: 'initial-symptoms',
  other_symptoms: 'other-sintoms',
  chronic_degenerative_diseases: 'chronic-degenerative-diseases',
  immunocompromises: 'immunocompromises',
  type: 'types-of-test',
  result: 'results-test',
} as const

/**
 * 422 with per-field messages unless every code the fields carry is an item of its list: a
 * symptom path names its index (`symptoms.2`), as the form shows it beside the chosen one.
 */
export async function assertKnownCodes(
  tx: Tx,
  fields: Partial<Record<keyof typeof CODED_FIELDS, unknown>>,
  lang: Lang,
): Promise<void> {
  const wanted = Object.entries(CODED_FIELDS).filter(
    ([field]) => fields[field as keyof typeof CODED_FIELDS] != null,
  )
  if (wanted.length === 0) return
  const lists = [...new Set(wanted.map(([, list]) => list))]
  const rows = await tx
    .select({ list: referenceItems.list, code: referenceItems.code })
    .from(referenceItems)
    .where(inArray(referenceItems.list, lists))
  const known = new Set(rows.map((row) => `${row.list}/${row.code}`))
  const errors: Record<string, string[]> = {}
  const message = [translate('covid.unknownCode', lang)]
  for (const [field, list] of wanted) {
    const value = fields[field as keyof typeof CODED_FIELDS]
    if (Array.isArray(value)) {
      value.forEach((code, index) => {
        if (!known.has(`${list}/${code}`)) errors[`${field}.${index}`] = message
      })
    } else if (!known.has(`${list}/${String(value)}`)) {
      errors[field] = message
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

/** The permissions that make a caller staff of the COVID module (the rest read as a patient). */
const STAFF = ['covid-index', 'covid-history', 'covid-create'] as const
export const actsAsStaff = (req: FastifyRequest) => STAFF.some((name) => req.user?.permissions.has(name))

/** The patient the caller is, in patient mode, or null. */
export async function ownPatientId(tx: Tx, req: FastifyRequest): Promise<string | null> {
  const user = req.user
  if (!user?.permissions.has('patient-covid')) return null
  const [me] = await tx.select({ patientId: users.patientId }).from(users).where(eq(users.id, user.id))
  return me?.patientId ?? null
}

/**
 * The live patient's birth date (the score counts the age), 404 unless the tenant has the
 * patient and the caller may act for them: staff for the patients in their care (all of them
 * with all-assignments); to read, also a patient for themselves (a nurse who is a patient too
 * reads her own record without having herself in her care). Whether someone is a patient is
 * itself patient data, so a patient out of reach is unknown, never forbidden.
 */
export async function patientInReach(
  tx: Tx,
  req: FastifyRequest,
  patientId: string,
  intent: 'read' | 'write' = 'read',
): Promise<{ birthDate: string }> {
  const [patient] = await tx
    .select({ birthDate: patients.birthDate })
    .from(patients)
    .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)))
  if (!patient) throw new NotFoundError()
  if (intent === 'read' && (await ownPatientId(tx, req)) === patientId) return patient
  if (!actsAsStaff(req)) throw new NotFoundError()
  await assertInScope(tx, req, patientId)
  return patient
}
