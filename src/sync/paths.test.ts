import { describe, expect, it } from 'vitest'
import { isReplayable } from '../contract/endpoints/sync'
import { READING_KINDS } from '../contract/schemas/readings'
import { RECORD_SECTIONS } from '../contract/schemas/record-sections'
import { DEVICE_REPORT_KINDS } from './medical-report-kinds'
import { syncPaths } from './paths'

const ID = '0193a7f2-5b1e-7c3d-8e4f-000000000001'

/**
 * Every call an outbox entry can hold, with the method its mutator writes (creates POST, edits
 * PUT through queueEdit, deletes DELETE through queueDelete).
 */
const outboxCalls: Array<[string, string]> = [
  ['POST', syncPaths.createPatient],
  ['PUT', syncPaths.updatePatient(ID)],
  ['PUT', syncPaths.editPatientProfile],
  ...READING_KINDS.flatMap(
    (kind): Array<[string, string]> => [
      ['POST', syncPaths.createReading(kind)],
      ['PUT', syncPaths.updateReading(kind, ID)],
      ['DELETE', syncPaths.deleteReading(kind, ID)],
    ],
  ),
  ...RECORD_SECTIONS.flatMap(
    (section): Array<[string, string]> => [
      ['POST', syncPaths.createRecordSection(section)],
      ['PUT', syncPaths.updateRecordSection(section, ID)],
      ['DELETE', syncPaths.deleteRecordSection(section, ID)],
    ],
  ),
  ['POST', syncPaths.createEncounter],
  ['POST', syncPaths.updateEncounter(ID)],
  ['POST', syncPaths.createTriageConsultation(ID)],
  ['POST', syncPaths.declineFollowUp(ID)],
  ['POST', syncPaths.reclassifyTriage(ID)],
  ['POST', syncPaths.createCovidTest(ID)],
  ['PUT', syncPaths.updateCovidTest(ID, ID)],
  ['DELETE', syncPaths.deleteCovidTest(ID, ID)],
  // The medical reports (issue 23): created, amended with a POST, some deleted.
  ...DEVICE_REPORT_KINDS.flatMap(
    (kind): Array<[string, string]> => [
      ['POST', kind.create.path],
      ['POST', kind.amend.path(ID)],
      ...(kind.remove ? [['DELETE', kind.remove.path(ID)] as [string, string]] : []),
    ],
  ),
]

describe('the outbox paths', () => {
  it('may all travel in a sync batch (decision 0014), or the server would refuse them there', () => {
    const refused = outboxCalls.filter(([method, path]) => !isReplayable(method, path))
    expect(refused).toEqual([])
    expect(outboxCalls.length).toBeGreaterThan(10)
  })

  it('are the only calls a batch may carry', () => {
    expect(isReplayable('GET', syncPaths.updatePatient(ID))).toBe(false)
    expect(isReplayable('POST', '/api/operation/patients/create/extra')).toBe(false)
    expect(isReplayable('POST', '/api/iam/users/create')).toBe(false)
    expect(isReplayable('DELETE', syncPaths.updatePatient(ID))).toBe(false)
  })
})
