import type { ReadingKind } from '../../../src/contract/schemas/readings'
import {
  bloodPressureReadings,
  glucoseReadings,
  habitReadings,
  nutritionReadings,
  somatometryReadings,
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
