import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { MassiveFilters, PatientFilters } from '../../../src/contract/schemas/assignments'
import { patientAssignments, patients } from '../../db/schema'

const COLUMNS = {
  administrative_status: patients.administrativeStatus,
  gender: patients.gender,
  exam_frequency: patients.examFrequency,
  address_state_code: patients.addressStateCode,
  address_municipality_code: patients.addressMunicipalityCode,
} as const satisfies Record<keyof PatientFilters, unknown>

/** One of the patient's subgroups (they are a list). */
export const inSubgroup = (subgroup: string): SQL =>
  sql`${patients.subgroups} @> ${JSON.stringify([subgroup])}::jsonb`

/** One of the patient's special sublabels (they are a list of ids). */
export const withSublabel = (sublabelId: string): SQL =>
  sql`${patients.specialSublabelIds} @> ${JSON.stringify([sublabelId])}::jsonb`

/** The live patients the top filters find (SPEC §2 /patients top filters); blank ones are ignored. */
export function patientFiltersWhere(filters: PatientFilters | MassiveFilters): SQL | undefined {
  // PatientFilters is MassiveFilters without the list filters: read from it, those are undefined.
  const { subgroup, special_sublabel: sublabel, ...fields } = filters as MassiveFilters
  return and(
    isNull(patients.deletedAt),
    subgroup ? inSubgroup(subgroup) : undefined,
    sublabel ? withSublabel(sublabel) : undefined,
    ...Object.entries(fields).map(([field, value]) =>
      value ? eq(COLUMNS[field as keyof PatientFilters], value) : undefined,
    ),
  )
}

/** No open assignment to anyone (`userId` omitted) or to that professional. */
export function notAssignedWhere(userId?: string): SQL {
  const toWhom = userId ? sql`and ${patientAssignments.userId} = ${userId}` : sql``
  return sql`not exists (select from ${patientAssignments}
                          where ${patientAssignments.patientId} = ${patients.id}
                            and ${patientAssignments.endedAt} is null ${toWhom})`
}
