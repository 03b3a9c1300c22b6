import { inArray } from 'drizzle-orm'
import type { ReadingKind, ReadingRecorder } from '../../../src/contract/schemas/readings'
import type { Tx } from '../../db/client'
import {
  bloodPressureReadings,
  glucoseReadings,
  habitReadings,
  nutritionReadings,
  somatometryReadings,
  users,
} from '../../db/schema'

/** Each self-tracking kind's table: the routes, the PDFs and the change feed read the same. */
export const READING_TABLES = {
  'blood-pressure': bloodPressureReadings,
  glucose: glucoseReadings,
  somatometry: somatometryReadings,
  nutrition: nutritionReadings,
  habit: habitReadings,
} as const satisfies Record<ReadingKind, unknown>

export type ReadingTable = (typeof READING_TABLES)[ReadingKind]

/**
 * A reading as the API (and the change feed) answers it: snake_case, with its version. The
 * instant it was taken goes out as ISO 8601 (UTC), the form devices write it in: their logs and
 * charts select a date range by comparing these strings, which PostgreSQL's own text form
 * ("2026-11-20 08:30:00+00") would sort apart from the device's.
 */
export function presentReading(row: Record<string, unknown>) {
  const out: Record<string, unknown> = {}
  for (const [column, value] of Object.entries(row)) {
    if (column === 'tenantId' || column === 'createdBy' || column === 'updatedBy') continue
    out[column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] =
      column === 'takenAt' && typeof value === 'string' ? new Date(value).toISOString() : value
  }
  return out as { id: string; version: number; patient_id: string }
}

/**
 * Who recorded each of these readings, by its row (issue 17: a reading a nurse takes is not the
 * patient's self-tracking): the creating account's name, and whether that account is the
 * patient's own. One statement for all the rows; a reading with no known creator gets null.
 */
export async function recordersOf(
  tx: Tx,
  rows: Array<Record<string, unknown>>,
): Promise<Map<Record<string, unknown>, ReadingRecorder | null>> {
  const ids = [
    ...new Set(rows.map((row) => row.createdBy).filter((id): id is string => typeof id === 'string')),
  ]
  const accounts =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: users.id,
            name: users.name,
            lastName: users.lastName,
            secondLastName: users.secondLastName,
            patientId: users.patientId,
          })
          .from(users)
          .where(inArray(users.id, ids))
  const byId = new Map(accounts.map((account) => [account.id, account]))
  const recorders = new Map<Record<string, unknown>, ReadingRecorder | null>()
  for (const row of rows) {
    const account = typeof row.createdBy === 'string' ? byId.get(row.createdBy) : undefined
    recorders.set(
      row,
      account
        ? {
            name: [account.name, account.lastName, account.secondLastName].filter(Boolean).join(' '),
            by_patient: account.patientId !== null && account.patientId === row.patientId,
          }
        : null,
    )
  }
  return recorders
}
