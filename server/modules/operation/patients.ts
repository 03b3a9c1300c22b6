import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import {
  type CreatePatientRequest,
  type Patient,
  type PatientFields,
  withoutWriteOnly,
} from '../../../src/contract/schemas/patient'
import type { Tx } from '../../db/client'
import { patients } from '../../db/schema'
import { CLAIMED } from '../../platform/mutation'

type PatientRow = typeof patients.$inferSelect

/** API field (snake_case) → column (camelCase), for the fields a client may write. */
const FIELD_COLUMNS = {
  payroll_number: 'payrollNumber',
  key: 'key',
  administrative_status: 'administrativeStatus',
  name: 'name',
  last_name: 'lastName',
  second_last_name: 'secondLastName',
  birth_date: 'birthDate',
  nationality_code: 'nationalityCode',
  birth_state_code: 'birthStateCode',
  marital_status: 'maritalStatus',
  phone: 'phone',
  curp: 'curp',
  nss: 'nss',
  gender: 'gender',
  biological_sex: 'biologicalSex',
  hire_date: 'hireDate',
  exam_frequency: 'examFrequency',
  address_state_code: 'addressStateCode',
  address_municipality_code: 'addressMunicipalityCode',
  address_locality_code: 'addressLocalityCode',
  address_other: 'addressOther',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_relationship: 'emergencyContactRelationship',
  emergency_contact_phone: 'emergencyContactPhone',
  subgroups: 'subgroups',
  supervisor: 'supervisor',
  occupational_risks: 'occupationalRisks',
  special_sublabel_ids: 'specialSublabelIds',
  email: 'email',
  blood_type: 'bloodType',
} as const satisfies Record<keyof PatientFields, keyof PatientRow>

/** The columns a set of API fields writes (write-only fields, such as a password, write none). */
export function columnsOf(fields: Partial<PatientFields>): Partial<PatientRow> {
  const columns: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(fields)) {
    const column = FIELD_COLUMNS[field as keyof typeof FIELD_COLUMNS]
    if (column) columns[column] = value
  }
  return columns as Partial<PatientRow>
}

/** FIELD_COLUMNS as pairs, made once: presenting a row is a loop, not a new map per row. */
const FIELD_PAIRS = Object.entries(FIELD_COLUMNS) as Array<[string, keyof PatientRow]>

/**
 * The API's patient from its row. The change feed presents a thousand of these per page, so it
 * is a plain loop into one object rather than entries mapped and spread.
 */
export function presentPatient(row: PatientRow): Patient {
  const patient: Record<string, unknown> = { id: row.id }
  for (const [field, column] of FIELD_PAIRS) patient[field] = row[column] ?? null
  patient.has_account = row.userId !== null
  patient.version = row.version
  patient.created_at = row.createdAt
  patient.updated_at = row.updatedAt
  patient.deleted_at = row.deletedAt
  return patient as unknown as Patient
}

export async function findPatientRow(tx: Tx, id: string): Promise<PatientRow | null> {
  const [row] = await tx.select().from(patients).where(eq(patients.id, id))
  return row ?? null
}

/** Whether a create repeats an earlier one: the same id with the same fields (DESIGN §5). */
export function sameCreate(row: PatientRow, request: CreatePatientRequest): boolean {
  const { id: _id, ...fields } = withoutWriteOnly(request)
  const stored = presentPatient(row) as unknown as Record<string, unknown>
  // Lists (subgroups, sublabels) compare by content; JSON keeps their order and keys as sent.
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  return Object.entries(fields).every(([field, value]) => same(stored[field], value))
}

/** The patient a CURP belongs to in the caller's tenant (deleted ones too: the unique index keeps theirs). */
export const patientByCurp = async (tx: Tx, curp: string) => {
  const [row] = await tx
    .select({
      id: patients.id,
      administrativeStatus: patients.administrativeStatus,
      deletedAt: patients.deletedAt,
    })
    .from(patients)
    .where(eq(patients.curp, curp))
  return row ?? null
}

/**
 * The write of a patient update for `mutate`: the given fields, the version bumped, applied only
 * to the version the client saw, on a record not deleted (and any `also` condition); writing
 * nothing otherwise, for the route to find out why.
 */
export function patientUpdateWrite(
  tx: Tx,
  update: { id: string; base: number; fields: Partial<PatientFields>; userId: string | null; also?: SQL },
): SQL {
  return tx
    .update(patients)
    .set({
      ...columnsOf(update.fields),
      version: sql`${patients.version} + 1`,
      updatedAt: new Date().toISOString(),
      updatedBy: update.userId,
    })
    .where(
      and(
        eq(patients.id, update.id),
        eq(patients.version, update.base),
        isNull(patients.deletedAt),
        CLAIMED,
        update.also,
      ),
    )
    .returning()
    .getSQL()
}
