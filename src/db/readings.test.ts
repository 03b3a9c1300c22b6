import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { type LocalDb, type LocalReading, localDbName, openLocalDb } from './local-db'
import { latestReading, readingsOf } from './readings'

const ANA = '0193a7f2-5b1e-7c3d-8e4f-00000000a0a0'
const BETO = '0193a7f2-5b1e-7c3d-8e4f-00000000b0b0'

let count = 0
const reading = (overrides: Partial<LocalReading>): LocalReading => ({
  id: `r${++count}`,
  patient_id: ANA,
  kind: 'somatometry',
  taken_at: '2026-11-20T08:00:00.000Z',
  weight_kg: 72,
  version: 1,
  deleted_at: null,
  syncState: 'synced',
  ...overrides,
})

describe('reading the self-tracking log on the device', () => {
  const opened: LocalDb[] = []
  const open = (userId: string) => {
    const db = openLocalDb({ tenant: 'demo', userId })
    opened.push(db)
    return db
  }
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete()
  })

  /** Ana's somatometry over a week, with others' readings and other kinds around it. */
  async function aWeek(db: LocalDb) {
    await db.readings.bulkAdd([
      reading({ id: 'day-3', taken_at: '2026-11-03T08:00:00.000Z', weight_kg: 71.5 }),
      reading({ id: 'day-1', taken_at: '2026-11-01T08:00:00.000Z', weight_kg: 72.4 }),
      reading({ id: 'day-2', taken_at: '2026-11-02T08:00:00.000Z', weight_kg: 72 }),
      reading({
        id: 'day-5-gone',
        taken_at: '2026-11-05T08:00:00.000Z',
        deleted_at: '2026-11-06T08:00:00.000Z',
      }),
      reading({ id: 'day-4', taken_at: '2026-11-04T23:59:59.999Z', weight_kg: 71.1, syncState: 'pending' }),
      reading({ id: 'beto', patient_id: BETO, taken_at: '2026-11-02T09:00:00.000Z' }),
      reading({ id: 'glucose', kind: 'glucose', glucose: 98, taken_at: '2026-11-02T07:00:00.000Z' }),
    ])
  }

  it('answers one patient’s live readings of one kind, oldest first', async () => {
    const db = open('u-log')
    await aWeek(db)
    const log = await readingsOf(db, ANA, 'somatometry')
    expect(log.map((r) => r.id)).toEqual(['day-1', 'day-2', 'day-3', 'day-4'])
    expect((await readingsOf(db, ANA, 'glucose')).map((r) => r.id)).toEqual(['glucose'])
    expect(await readingsOf(db, ANA, 'habit')).toEqual([])
  })

  it('keeps to the range, both ends included', async () => {
    const db = open('u-range')
    await aWeek(db)
    const ids = async (from?: string, to?: string) =>
      (await readingsOf(db, ANA, 'somatometry', from, to)).map((r) => r.id)
    expect(await ids('2026-11-02T08:00:00.000Z', '2026-11-04T23:59:59.999Z')).toEqual([
      'day-2',
      'day-3',
      'day-4',
    ])
    expect(await ids('2026-11-02T08:00:00.001Z', '2026-11-04T23:59:59.998Z')).toEqual(['day-3'])
    expect(await ids('2026-11-03T00:00:00.000Z')).toEqual(['day-3', 'day-4'])
    expect(await ids(undefined, '2026-11-01T08:00:00.000Z')).toEqual(['day-1'])
  })

  it('answers the latest live reading of a kind, or null', async () => {
    const db = open('u-latest')
    await aWeek(db)
    expect(await latestReading(db, ANA, 'somatometry')).toMatchObject({ id: 'day-4', weight_kg: 71.1 })
    expect(await latestReading(db, BETO, 'somatometry')).toMatchObject({ id: 'beto' })
    expect(await latestReading(db, ANA, 'nutrition')).toBeNull()
  })

  it('finds the readings a version 5 database held once it opens as version 6', async () => {
    const name = localDbName('demo', 'u-upgrade-5')
    const old = new Dexie(name)
    old.version(5).stores({
      patients: 'id, curp',
      readings: 'id, patient_id, [patient_id+taken_at], kind, syncState',
      shadows: '[entity+id]',
      outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
      conflicts: '++id, [entity+entityId]',
      rejections: '++id, entityId, at',
      meta: 'key',
      catalogItems: '[list+code], list',
      municipalities: '[federal_entity_code+code], federal_entity_code',
      localities: '[federal_entity_code+municipality_code+code], [federal_entity_code+municipality_code]',
      diagnoses: 'code',
      recordSections: 'id, patient_id, [patient_id+section], syncState',
    })
    await old
      .table('readings')
      .add(
        reading({ id: 'kept', kind: 'blood-pressure', systolic: 120, diastolic: 80, weight_kg: undefined }),
      )
    old.close()
    const db = open('u-upgrade-5')
    expect((await readingsOf(db, ANA, 'blood-pressure')).map((r) => r.id)).toEqual(['kept'])
  })
})
