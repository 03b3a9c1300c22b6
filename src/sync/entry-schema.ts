import type * as v from 'valibot'
import { CreatePatientRequest, UpdatePatientRequest } from '../contract/schemas/patient'
import { BloodPressureRequest, GlucoseRequest } from '../contract/schemas/readings'
import type { OutboxEntry } from '../db/local-db'
import { syncPaths } from './paths'

/**
 * The contract schema an entry's body must satisfy: the same one its mutator parsed it with and
 * the server's route checks, so an entry edited on the sync screen is held to the same rules.
 */
export function entrySchema(entry: Pick<OutboxEntry, 'kind' | 'path'>): v.GenericSchema {
  switch (entry.kind) {
    case 'patient.create':
      return CreatePatientRequest
    case 'patient.update':
      return UpdatePatientRequest
    case 'reading.create':
      return entry.path === syncPaths.createReading('glucose') ? GlucoseRequest : BloodPressureRequest
  }
}
