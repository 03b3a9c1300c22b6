import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { readVaccinationIndex } from '../features/vaccinations/vaccination-index'
import { updatePatient } from '../sync/mutators'
import { applyChanges } from '../sync/pull'
import { aDevice, aSyncedPatient, CURPS } from '../sync/test-fixtures'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  deleteVaccinationRecord,
} from '../sync/vaccination-mutators'
import { localDbName, openLocalDb } from './local-db'
import { readSummaries } from './summary-packs'
import { packVaccinationSummaries, vaccinationSummaryTables } from './vaccination-summary'
import { cacheVaccines, HEPATITIS_B, TETANUS } from './vaccination-test-data'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-00000000a101'
const RECORD = '0193a7f2-5b1e-7c3d-8e4f-00000000d101'

/** A dose as the feed carries it. */
const pulledRecord = (id: string, patientId: string, over: Record<string, unknown> = {}) => ({
  entity: 'vaccination-record' as const,
  id,
  op: 'upsert' as const,
  version: 1,
  data: {
    id,
    patient_id: patientId,
    vaccine_id: TETANUS,
    dose_number: 1,
    folio: 'F-7',
    applied_on: '2020-05-10',
    lot: null,
    booster: false,
    vaccinated_abroad: false,
    country_code: null,
    adverse_reactions: [],
    early_dose_confirmed: false,
    ...over,
  },
})

/** A patient as the feed carries them. */
const pulledPatient = (version: number, over: Record<string, unknown> = {}) => ({
  entity: 'patient' as const,
  id: PATIENT,
  op: 'upsert' as const,
  version,
  data: {
    id: PATIENT,
    name: 'Juan Carlos',
    last_name: 'Ramírez',
    second_last_name: 'Ortiz',
    payroll_number: 'N020511',
    curp: CURPS.juan,
    birth_date: '1990-05-12',
    biological_sex: 'male',
    subgroups: ['s-1'],
    occupational_risks: ['mechanical', 'made-up'],
    ...over,
  },
})

const td = (date: string, doseNumber = 1, booster = false) => ({
  vaccineId: TETANUS,
  doseNumber,
  applicationDate: date,
  booster,
})

describe('the vaccination index’s summary', () => {
  it('follows doses recorded, amended and deleted here, in the mutators’ own transactions', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await aSyncedPatient(db, ctx)
    await vi.waitFor(async () => expect(await db.vaccinationSummaries.get(patient.id)).toBeDefined())
    expect(await db.vaccinationSummaries.get(patient.id)).toEqual({
      patient_id: patient.id,
      name: 'María Guadalupe González Martínez',
      sortName: 'maria guadalupe gonzalez martinez',
      payroll_number: 'N010245',
      curp: CURPS.guadalupe,
      birthDate: '1985-03-17',
      sex: null,
      subgroups: [],
      risks: [],
      doses: [],
    })

    const second = await createVaccinationRecord(db, ctx, {
      patient_id: patient.id,
      vaccine_id: HEPATITIS_B,
      dose_number: 2,
      applied_on: '2026-11-02',
    })
    const first = await createVaccinationRecord(db, ctx, {
      patient_id: patient.id,
      vaccine_id: HEPATITIS_B,
      dose_number: 1,
      applied_on: '2026-10-01',
    })
    // Oldest first, whatever order they were recorded in.
    expect((await db.vaccinationSummaries.get(patient.id))?.doses).toEqual([
      { vaccineId: HEPATITIS_B, doseNumber: 1, applicationDate: '2026-10-01', booster: false },
      { vaccineId: HEPATITIS_B, doseNumber: 2, applicationDate: '2026-11-02', booster: false },
    ])

    await amendVaccinationRecord(db, ctx, first.id, { applied_on: '2026-09-15' })
    expect((await db.vaccinationSummaries.get(patient.id))?.doses[0]?.applicationDate).toBe('2026-09-15')

    // A deleted dose counts no more.
    await deleteVaccinationRecord(db, ctx, second.id)
    expect((await db.vaccinationSummaries.get(patient.id))?.doses).toEqual([
      { vaccineId: HEPATITIS_B, doseNumber: 1, applicationDate: '2026-09-15', booster: false },
    ])
  })

  it('follows the feed: a dose before its patient, the patient, the patient deleted, the dose deleted', async () => {
    const { db } = aDevice()
    await applyChanges(db, { changes: [pulledRecord(RECORD, PATIENT)], cursor: '1', hasMore: false })
    // Kept, not listed: no patient here yet.
    expect(await db.vaccinationSummaries.get(PATIENT)).toMatchObject({
      name: null,
      birthDate: null,
      doses: [td('2020-05-10')],
    })

    await applyChanges(db, { changes: [pulledPatient(1)], cursor: '2', hasMore: false })
    expect(await db.vaccinationSummaries.get(PATIENT)).toEqual({
      patient_id: PATIENT,
      name: 'Juan Carlos Ramírez Ortiz',
      sortName: 'juan carlos ramirez ortiz',
      payroll_number: 'N020511',
      curp: CURPS.juan,
      birthDate: '1990-05-12',
      sex: 'male',
      subgroups: ['s-1'],
      // Only the risks the scheme knows.
      risks: ['mechanical'],
      doses: [td('2020-05-10')],
    })

    // A later booster and a new birth date, in one page.
    await applyChanges(db, {
      changes: [
        pulledPatient(2, { birth_date: '1991-01-02' }),
        pulledRecord('0193a7f2-5b1e-7c3d-8e4f-00000000d102', PATIENT, {
          dose_number: 2,
          applied_on: '2030-05-01',
          booster: true,
        }),
      ],
      cursor: '3',
      hasMore: false,
    })
    expect(await db.vaccinationSummaries.get(PATIENT)).toMatchObject({
      birthDate: '1991-01-02',
      doses: [td('2020-05-10'), td('2030-05-01', 2, true)],
    })

    // The patient leaves the device: no longer listed, the doses kept for their return.
    await applyChanges(db, {
      changes: [{ entity: 'patient', id: PATIENT, op: 'delete', version: 3, data: null }],
      cursor: '4',
      hasMore: false,
    })
    expect(await db.vaccinationSummaries.get(PATIENT)).toMatchObject({ name: null, birthDate: null })
    expect((await db.vaccinationSummaries.get(PATIENT))?.doses).toHaveLength(2)

    await applyChanges(db, {
      changes: [
        { ...pulledRecord(RECORD, PATIENT), op: 'delete', version: 2, data: null },
        {
          ...pulledRecord('0193a7f2-5b1e-7c3d-8e4f-00000000d102', PATIENT),
          op: 'delete',
          version: 2,
          data: null,
        },
      ],
      cursor: '5',
      hasMore: false,
    })
    // Neither a patient nor a dose: no row.
    expect(await db.vaccinationSummaries.get(PATIENT)).toBeUndefined()
  })

  it('takes a patient’s edit made in the patients’ own transaction right after it, the doses kept', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createVaccinationRecord(db, ctx, {
      patient_id: patient.id,
      vaccine_id: TETANUS,
      dose_number: 1,
      applied_on: '2020-05-10',
    })
    // The patient mutator keeps to the patients' tables: the summary follows once it commits.
    await updatePatient(db, ctx, patient.id, { name: 'Lupita', birth_date: '1986-04-01' })
    await vi.waitFor(async () =>
      expect(await db.vaccinationSummaries.get(patient.id)).toMatchObject({
        name: 'Lupita González Martínez',
        birthDate: '1986-04-01',
        doses: [td('2020-05-10')],
      }),
    )
    // Any write of the patients, whoever makes it.
    await db.patients.update(patient.id, { occupational_risks: ['biological'] })
    await vi.waitFor(async () =>
      expect((await db.vaccinationSummaries.get(patient.id))?.risks).toEqual(['biological']),
    )
    expect((await db.vaccinationSummaries.get(patient.id))?.doses).toEqual([td('2020-05-10')])
  })

  it('is computed again whole when a table is cleared', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createVaccinationRecord(db, ctx, {
      patient_id: patient.id,
      vaccine_id: TETANUS,
      dose_number: 1,
      applied_on: '2020-05-10',
    })
    await applyChanges(db, { changes: [pulledRecord(RECORD, PATIENT)], cursor: '1', hasMore: false })
    expect(await db.vaccinationSummaries.count()).toBe(2)
    await db.vaccinationRecords.clear()
    await vi.waitFor(async () => expect(await db.vaccinationSummaries.count()).toBe(1))
    expect((await db.vaccinationSummaries.get(patient.id))?.doses).toEqual([])
    // Computed whole, and packed so.
    expect(await readSummaries(vaccinationSummaryTables(db))).toMatchObject({
      unpacked: 0,
      rows: [{ patient_id: patient.id }],
    })
    await db.patients.clear()
    await vi.waitFor(async () => expect(await db.vaccinationSummaries.count()).toBe(0))
  })

  it('is what the index lists: patients here with a birth date, worked out for the day, in its order', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    await aSyncedPatient(db, ctx)
    await applyChanges(db, {
      changes: [
        pulledPatient(1),
        pulledRecord(RECORD, PATIENT),
        // A dose of a patient not on the device, and a patient without a birth date.
        pulledRecord('0193a7f2-5b1e-7c3d-8e4f-00000000d103', 'absent'),
        {
          ...pulledPatient(1, { name: 'Sin', last_name: 'Fecha', birth_date: null, curp: CURPS.ana }),
          id: '0193a7f2-5b1e-7c3d-8e4f-00000000a102',
        },
      ],
      cursor: '1',
      hasMore: false,
    })
    await vi.waitFor(async () => expect(await db.vaccinationSummaries.count()).toBe(4))
    const before = await readVaccinationIndex(db, '2030-05-07')
    expect(before.entries.map((entry) => [entry.patient_name, entry.status, entry.next_due_date])).toEqual([
      // Td due since her 18th birthday: overdue, so first.
      ['María Guadalupe González Martínez', 'incomplete', '2003-03-17'],
      ['Juan Carlos Ramírez Ortiz', 'complete', '2030-05-08'],
    ])
    expect(before.entries[1]).toMatchObject({ id: PATIENT, next_vaccine_name: 'Td', subgroups: ['s-1'] })
    // The day moves on; nothing was written: the booster is overdue now.
    const after = await readVaccinationIndex(db, '2030-05-09')
    expect(after.entries.find((entry) => entry.patient_id === PATIENT)).toMatchObject({
      status: 'incomplete',
      overdue_count: 1,
    })
    expect(after.subgroupsInUse).toEqual(['s-1'])
  })

  it('is read from its packs and the rows changed since, packed again on demand', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await applyChanges(db, {
      changes: [pulledPatient(1), pulledRecord(RECORD, PATIENT)],
      cursor: '1',
      hasMore: false,
    })
    await vi.waitFor(async () => expect(await db.vaccinationSummaries.count()).toBe(2))
    // Nothing packed yet: every row is read by itself.
    expect((await readSummaries(vaccinationSummaryTables(db))).unpacked).toBe(2)
    await packVaccinationSummaries(db)
    expect(await db.vaccinationSummaryChanges.count()).toBe(0)
    const packed = await readSummaries(vaccinationSummaryTables(db))
    expect(packed.unpacked).toBe(0)
    expect(packed.rows.map((row) => row.patient_id).sort()).toEqual([patient.id, PATIENT].sort())
    expect(packed.rows.find((row) => row.patient_id === PATIENT)?.doses).toEqual([td('2020-05-10')])

    // A dose deleted and a patient gone after the packing: their rows override the packed copies.
    await applyChanges(db, {
      changes: [
        { ...pulledRecord(RECORD, PATIENT), op: 'delete', version: 2, data: null },
        { entity: 'patient', id: PATIENT, op: 'delete', version: 2, data: null },
      ],
      cursor: '2',
      hasMore: false,
    })
    const after = await readSummaries(vaccinationSummaryTables(db))
    expect(after.unpacked).toBe(1)
    expect(after.rows.map((row) => row.patient_id)).toEqual([patient.id])
    await updatePatient(db, ctx, patient.id, { name: 'Lupita' })
    await vi.waitFor(async () =>
      expect((await readSummaries(vaccinationSummaryTables(db))).rows[0]?.name).toBe(
        'Lupita González Martínez',
      ),
    )
  })

  it('is built on version 16 from the rows a version-14 device holds', async () => {
    const userId = 'nurse-upgrade-14'
    const old = new Dexie(localDbName('demo', userId))
    old.version(14).stores({
      patients: 'id, curp, [sortName+id]',
      vaccinationRecords: 'id, patient_id, [patient_id+applied_on], vaccine_id, syncState',
    })
    await old.table('patients').bulkAdd([
      { ...pulledPatient(1).data, version: 1, syncState: 'synced', sortName: 'juan carlos ramirez ortiz' },
      {
        id: 'gone',
        name: 'Ida',
        last_name: 'Baja',
        deleted_at: '2026-11-01T00:00:00Z',
        version: 2,
        syncState: 'synced',
      },
    ])
    await old.table('vaccinationRecords').bulkAdd([
      { ...pulledRecord(RECORD, PATIENT).data, version: 1, syncState: 'synced' },
      {
        ...pulledRecord('r-deleted', PATIENT, { applied_on: '2021-01-01' }).data,
        deleted_at: '2026-11-02T00:00:00Z',
        version: 2,
        syncState: 'synced',
      },
      { ...pulledRecord('r-absent', 'absent').data, version: 1, syncState: 'synced' },
    ])
    old.close()

    const db = openLocalDb({ tenant: 'demo', userId })
    try {
      expect(await db.vaccinationSummaries.get(PATIENT)).toMatchObject({
        name: 'Juan Carlos Ramírez Ortiz',
        birthDate: '1990-05-12',
        doses: [td('2020-05-10')],
      })
      expect(await db.vaccinationSummaries.get('absent')).toMatchObject({
        name: null,
        doses: [td('2020-05-10')],
      })
      // A deleted patient without doses has none.
      expect(await db.vaccinationSummaries.get('gone')).toBeUndefined()
      expect(await db.vaccinationSummaries.count()).toBe(2)
      // Packed at once: the index's first read is the quick one.
      const read = await readSummaries(vaccinationSummaryTables(db))
      expect(read.unpacked).toBe(0)
      expect(read.rows.map((row) => row.patient_id).sort()).toEqual([PATIENT, 'absent'].sort())
    } finally {
      await db.delete()
    }
  })
})
