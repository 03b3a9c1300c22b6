import { and, isNull, type SQL, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { DataTableQuery } from '../../../src/contract/schemas/data-table'
import { UNASSIGNED } from '../../../src/contract/schemas/patient-lookups'
import type { Tx } from '../../db/client'
import { patients } from '../../db/schema'
import { assignedTo } from '../../platform/assignment-scope'
import { paginateTable, type TableSpec, tableOrder, tableWhere } from '../../platform/data-table'
import { ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { inSubgroup, notAssignedWhere, withSublabel } from './patient-filters'
import { presentPatient } from './patients'

const fullName = sql`concat_ws(' ', ${patients.name}, ${patients.lastName}, ${patients.secondLastName})`

/** What the patients table may sort, search and filter by (SPEC issue: name, CURP, payroll number). */
export const PATIENTS_TABLE: TableSpec = {
  sortable: {
    full_name: fullName,
    name: patients.name,
    last_name: patients.lastName,
    curp: patients.curp,
    payroll_number: patients.payrollNumber,
    administrative_status: patients.administrativeStatus,
    updated_at: patients.updatedAt,
  },
  searchable: {
    full_name: fullName,
    curp: patients.curp,
    payroll_number: patients.payrollNumber,
  },
  filterable: { administrative_status: patients.administrativeStatus },
  tieBreaker: patients.id,
}

const isUuid = (value: string) => v.is(v.pipe(v.string(), v.uuid()), value)

/**
 * The patients assigned to a professional, or to nobody (UNASSIGNED). Any other value is a 422:
 * it would reach the database as a malformed uuid.
 */
function assignedWhere(value: string | number | boolean, lang: Lang): SQL {
  const chosen = String(value)
  if (chosen === UNASSIGNED) return notAssignedWhere()
  if (!isUuid(chosen)) throw new ValidationError({ filters: [translate('field.invalid', lang)] })
  return assignedTo(chosen, patients.id)
}

/**
 * The live patients the table shows, with the filters the platform's equality cannot express:
 * a subgroup or a special sublabel is one of the patient's list, an assigned professional one of
 * their open assignments. Those keys are taken out of the filters here.
 */
function baseOf(
  query: DataTableQuery,
  scope: SQL | undefined,
  lang: Lang,
): { query: DataTableQuery; where: SQL | undefined } {
  const { subgroup, assigned_to: assigned, special_sublabel: sublabel, ...filters } = query.filters
  return {
    query: { ...query, filters },
    where: and(
      isNull(patients.deletedAt),
      subgroup === undefined ? undefined : inSubgroup(String(subgroup)),
      sublabel === undefined ? undefined : withSublabel(String(sublabel)),
      assigned === undefined ? undefined : assignedWhere(assigned, lang),
      scope,
    ),
  }
}

/**
 * One page of the server-mode patients table, in the caller's tenant transaction; `scope` keeps a
 * professional to their assigned patients (`patientScope`).
 */
export function patientsPage(tx: Tx, query: DataTableQuery, basePath: string, lang: Lang, scope?: SQL) {
  const base = baseOf(query, scope, lang)
  return paginateTable({
    tx,
    table: patients,
    spec: PATIENTS_TABLE,
    query: base.query,
    basePath,
    ...(base.where && { where: base.where }),
    map: presentPatient,
  })
}

/** Every row the table's search and filters select, in its order: the download's rows. */
export async function patientsMatching(tx: Tx, query: DataTableQuery, lang: Lang, scope?: SQL) {
  const base = baseOf(query, scope, lang)
  return tx
    .select()
    .from(patients)
    .where(tableWhere(PATIENTS_TABLE, base.query, base.where))
    .orderBy(...tableOrder(PATIENTS_TABLE, base.query))
}
