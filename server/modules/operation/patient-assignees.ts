import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { rowsOf, uuidArray } from '../../db/raw-sql'

/** Who has a patient in their care now: ids and names in the same order (by surname). */
export interface Assignees {
  assigned_user_ids: string[]
  assigned_user_names: string[]
}

/**
 * The open assignments of some patients, by patient id, in one read. The patient answers of the
 * list, its download and the change feed carry them, so a device can show and filter the
 * assigned professional offline; an assignment change notes the patient in the feed
 * (`assignment-writes.ts`), so the devices pull the new list.
 */
export async function assigneesOf(tx: Tx, patientIds: readonly string[]): Promise<Map<string, Assignees>> {
  const found = new Map<string, Assignees>()
  if (patientIds.length === 0) return found
  const rows = await rowsOf<{ patient_id: string; user_id: string; user_name: string }>(
    tx,
    sql`select a.patient_id, u.id as user_id, concat_ws(' ', u.name, u.last_name, u.second_last_name) as user_name
          from patient_assignments as a
          join users as u on u.id = a.user_id
         where a.patient_id = any(${uuidArray(patientIds)}) and a.ended_at is null
         order by u.last_name, u.name, u.id`,
  )
  for (const row of rows) {
    const held = found.get(row.patient_id) ?? { assigned_user_ids: [], assigned_user_names: [] }
    held.assigned_user_ids.push(row.user_id)
    held.assigned_user_names.push(row.user_name)
    found.set(row.patient_id, held)
  }
  return found
}

/** The patients with their assignees (none: empty lists). */
export async function withAssignees<P extends { id: string }>(
  tx: Tx,
  list: readonly P[],
): Promise<Array<P & Assignees>> {
  const found = await assigneesOf(
    tx,
    list.map((patient) => patient.id),
  )
  return list.map((patient) => ({
    ...patient,
    ...(found.get(patient.id) ?? { assigned_user_ids: [], assigned_user_names: [] }),
  }))
}
