import { pathFor } from '../contract/endpoints/define'
import { bloodPressure, createPatient, glucose, updatePatient } from '../contract/endpoints/operation'
import type { ReadingKind } from '../db/local-db'

/**
 * The server paths the outbox writes into its entries, taken from the contract so that nothing
 * else repeats them. An entry keeps its path forever: a route renamed later must keep answering
 * the old one while devices still hold entries for it.
 */
export const syncPaths = {
  createPatient: pathFor(createPatient),
  updatePatient: (id: string) => pathFor(updatePatient, { id }),
  createReading: (kind: ReadingKind) =>
    pathFor(kind === 'blood-pressure' ? bloodPressure.create : glucose.create),
} as const
