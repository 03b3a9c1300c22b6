import { afterEach, describe, expect, it } from 'vitest'
import { exampleDigitalRecord } from '../documents/digital-record-example'
import { TIMELINE_KINDS } from '../documents/record-timeline'
import { readDigitalRecord } from './digital-record'
import { storeDigitalRecord } from './digital-record-test-data'
import { type LocalDb, type LocalEncounter, openLocalDb } from './local-db'

describe('a patient’s digital record on the device', () => {
  const opened: LocalDb[] = []
  const open = () => {
    const db = openLocalDb({ tenant: 'demo', userId: `doctor-${opened.length}` })
    opened.push(db)
    return db
  }
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete()
  })

  it('reads every kind of the registry from a table the device has', () => {
    const tables = new Set(open().tables.map((table) => table.name))
    for (const kind of TIMELINE_KINDS) expect(tables.has(kind.table), kind.kind).toBe(true)
  })

  it('gathers the patient, the sections and each kind’s rows, as the server answers them', async () => {
    const db = open()
    const record = exampleDigitalRecord(20)
    await storeDigitalRecord(db, record)
    const read = await readDigitalRecord(db, record.patient.id)
    expect(read?.patient).toMatchObject({ id: record.patient.id, curp: 'HENG850312MGTRXD04' })
    expect(read?.sections.map((entry) => entry.id).sort()).toEqual(
      record.sections.map((entry) => entry.id).sort(),
    )
    for (const kind of TIMELINE_KINDS) {
      expect(read?.records[kind.kind].map((row) => row.id).sort(), kind.kind).toEqual(
        record.records[kind.kind].map((row) => row.id).sort(),
      )
    }
  })

  it('leaves out deleted rows and other patients’ records', async () => {
    const db = open()
    const record = exampleDigitalRecord(10)
    await storeDigitalRecord(db, record)
    const [first] = record.records.consultation
    await db.encounters.update(String(first?.id), { deleted_at: '2026-11-20 10:00:00+00' })
    await db.encounters.put({
      ...(first as unknown as LocalEncounter),
      id: 'another',
      patient_id: 'someone-else',
      syncState: 'synced',
    })
    const read = await readDigitalRecord(db, record.patient.id)
    expect(read?.records.consultation.map((row) => row.id)).toEqual(
      record.records.consultation.slice(1).map((row) => row.id),
    )
  })

  it('has no record of a patient it does not hold, or holds deleted', async () => {
    const db = open()
    const record = exampleDigitalRecord(2)
    expect(await readDigitalRecord(db, record.patient.id)).toBeNull()
    await storeDigitalRecord(db, record)
    await db.patients.update(record.patient.id, { deleted_at: '2026-11-20 10:00:00+00' })
    expect(await readDigitalRecord(db, record.patient.id)).toBeNull()
  })
})
