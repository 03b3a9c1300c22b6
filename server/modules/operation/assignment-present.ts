import { sql } from 'drizzle-orm'
import type { AssignmentOutcome } from '../../../src/contract/schemas/assignments'
import type { patients, users } from '../../db/schema'

/** What a call did, every count given. */
export const outcome = (counts: Partial<AssignmentOutcome>): AssignmentOutcome => ({
  assigned: 0,
  unassigned: 0,
  requested: 0,
  refused: 0,
  request_id: null,
  ...counts,
})

/** `name last_name second_last_name` of a person row, as the screens show it. */
export const fullName = (table: typeof users | typeof patients) =>
  sql<string>`concat_ws(' ', ${table.name}, ${table.lastName}, ${table.secondLastName})`
