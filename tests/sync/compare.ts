import { sameValue } from '../../src/sync/merge'
import type { Device } from './device'
import type { ServerRecord } from './server'

/**
 * How a device's cache differs from what the server holds (DESIGN §8 "device equals server"):
 * every live record the server has, with the same version and every field the API shows, marked
 * synced; no deleted one (a pulled tombstone removes the row); and nothing else. One readable
 * line per difference, empty when they agree.
 */
export async function differencesFromServer(
  device: Device,
  held: {
    patients: Map<string, ServerRecord>
    readings: Map<string, ServerRecord>
    recordSections: Map<string, ServerRecord>
  },
): Promise<string[]> {
  const found: string[] = []
  const compare = (
    kind: string,
    local: Array<Record<string, unknown> & { id: string }>,
    server: Map<string, ServerRecord>,
  ) => {
    const mine = new Map(local.map((row) => [row.id, row]))
    for (const [id, record] of server) {
      const row = mine.get(id)
      if (record.deleted_at) {
        if (row) found.push(`${device.name}: ${kind} ${id} is deleted on the server`)
        continue
      }
      if (!row) {
        found.push(`${device.name}: ${kind} ${id} is missing`)
        continue
      }
      if (row.syncState !== 'synced') found.push(`${device.name}: ${kind} ${id} is ${String(row.syncState)}`)
      for (const [field, value] of Object.entries(record)) {
        if (!sameValue(row[field], value)) {
          found.push(
            `${device.name}: ${kind} ${id} ${field} is ${JSON.stringify(row[field])}, the server has ${JSON.stringify(value)}`,
          )
        }
      }
    }
    for (const id of mine.keys()) {
      if (!server.has(id)) found.push(`${device.name}: ${kind} ${id} is not on the server`)
    }
  }
  compare('patient', await device.db.patients.toArray(), held.patients)
  compare('reading', await device.db.readings.toArray(), held.readings)
  compare('record section entry', await device.db.recordSections.toArray(), held.recordSections)
  return found
}
