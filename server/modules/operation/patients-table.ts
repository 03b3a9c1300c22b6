import { and, isNull, type SQL, sql } from 'drizzle-orm'
import type { DataTableQuery } from '../../../src/contract/schemas/data-table'
import type { Tx } from '../../db/client'
import { patients } from '../../db/schema'
import { paginateTable, type TableSpec, tableOrder, tableWhere } from '../../platform/data-table'
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

/**
 * The live patients the table shows, with the filters the platform's equality cannot express:
 * a subgroup is one of the patient's list. The `subgroup` key is taken out of the filters here.
 */
function baseOf(
  query: DataTableQuery,
  scope: SQL | undefined,
): { query: DataTableQuery; where: SQL | undefined } {
  const { subgroup, ...filters } = query.filters
  const inSubgroup =
    subgroup === undefined
      ? undefined
      : sql`${patients.subgroups} @> ${JSON.stringify([String(subgroup)])}::jsonb`
  return { query: { ...query, filters }, where: and(isNull(patients.deletedAt), inSubgroup, scope) }
}

/**
 * One page of the server-mode patients table, in the caller's tenant transaction; `scope` keeps a
 * professional to their assigned patients (`patientScope`).
 */
export function patientsPage(tx: Tx, query: DataTableQuery, basePath: string, scope?: SQL) {
  const base = baseOf(query, scope)
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
export async function patientsMatching(tx: Tx, query: DataTableQuery, scope?: SQL) {
  const base = baseOf(query, scope)
  return tx
    .select()
    .from(patients)
    .where(tableWhere(PATIENTS_TABLE, base.query, base.where))
    .orderBy(...tableOrder(PATIENTS_TABLE, base.query))
}
