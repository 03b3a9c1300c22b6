import { describe, expect, it } from 'vitest'
import { aDevice } from '../sync/test-fixtures'
import type { LocalPatient, LocalVaccinationRecord } from './local-db'
import {
  dueByPatient,
  dueCatalogue,
  dueOf,
  dueOfEveryPatient,
  duePatientOf,
  nextDoseNumber,
  vaccinationRecordsOf,
} from './vaccination-due'
import {
  cacheVaccines,
  catalogueEntry,
  HEPATITIS_B,
  INFLUENZA,
  TETANUS,
  VACCINE_ENTRIES,
} from './vaccination-test-data'

const NURSE = '0193a7f2-5b1e-7c3d-8e4f-0000000000a1'
const WELDER = '0193a7f2-5b1e-7c3d-8e4f-0000000000a2'

const patient = (id: string, over: Partial<LocalPatient> = {}): LocalPatient => ({
  id,
  name: 'Rosa',
  last_name: 'Quintero',
  birth_date: '1985-03-17',
  biological_sex: 'female',
  subgroups: [],
  version: 1,
  syncState: 'synced',
  ...over,
})

let made = 0
const record = (
  patientId: string,
  vaccineId: string,
  appliedOn: string,
  over: Partial<LocalVaccinationRecord> = {},
): LocalVaccinationRecord => ({
  id: `0193a7f2-5b1e-7c3d-8e4f-${String(++made).padStart(12, '0')}`,
  patient_id: patientId,
  vaccine_id: vaccineId,
  dose_number: 1,
  folio: null,
  applied_on: appliedOn,
  lot: null,
  booster: false,
  vaccinated_abroad: false,
  country_code: null,
  adverse_reactions: [],
  early_dose_confirmed: false,
  version: 1,
  deleted_at: null,
  syncState: 'synced',
  ...over,
})

describe('gathering a patient’s due state', () => {
  it('reads the risks from occupational_risks when the row has them, and none otherwise', () => {
    expect(duePatientOf(patient(NURSE, { occupational_risks: ['biological', 'made-up'] }))).toEqual({
      birthDate: '1985-03-17',
      sex: 'female',
      subgroups: [],
      risks: ['biological'],
    })
    expect(duePatientOf(patient(WELDER))?.risks).toEqual([])
    // Without a birth date there is no age, so no due date.
    expect(duePatientOf(patient(WELDER, { birth_date: null }))).toBeNull()
  })

  it('applies hepatitis B to the biological risk only, counts the doses given and skips deleted ones', async () => {
    const { db } = aDevice()
    await cacheVaccines(db)
    const catalogue = await dueCatalogue(db)
    const nurse = patient(NURSE, { occupational_risks: ['biological'] })
    const records = [
      record(NURSE, HEPATITIS_B, '2026-09-01'),
      record(NURSE, HEPATITIS_B, '2026-10-01', { dose_number: 2 }),
      record(NURSE, HEPATITIS_B, '2026-10-05', { dose_number: 3, deleted_at: '2026-10-06T00:00:00Z' }),
      record(NURSE, TETANUS, '2020-05-10'),
    ]
    const due = dueOf(catalogue, nurse, records, '2026-11-25')
    expect(due?.status).toBe('incomplete')
    expect(due?.vaccines.map((vaccine) => [vaccine.vaccineId, vaccine.seriesGiven, vaccine.next])).toEqual([
      [HEPATITIS_B, 2, { doseNumber: 3, booster: false, dueDate: '2026-10-31' }],
      [TETANUS, 1, { doseNumber: 2, booster: true, dueDate: '2030-05-08' }],
    ])
    expect(due?.overdueCount).toBe(1)
    expect(dueOf(catalogue, patient(WELDER), [], '2026-11-25')?.vaccines.map((v) => v.vaccineId)).toEqual([
      TETANUS,
    ])
  })

  it('leaves out a switched-off scheme entry, and a vaccine without details', async () => {
    const { db } = aDevice()
    await db.catalogueEntries.bulkPut(
      VACCINE_ENTRIES.map((entry) =>
        entry.catalogue === 'vaccination-scheme' && entry.parent_id === TETANUS
          ? { ...entry, active: false }
          : entry,
      ),
    )
    await db.catalogueEntries.put(
      catalogueEntry({ id: 'no-details', catalogue: 'vaccination-records', name: 'Sin detalles' }),
    )
    const catalogue = await dueCatalogue(db)
    expect(catalogue.vaccines.map((v) => v.id)).toEqual([HEPATITIS_B, TETANUS, INFLUENZA])
    expect(catalogue.scheme.map((entry) => entry.vaccineId)).toEqual([HEPATITIS_B])
  })

  it('works every patient out from one read of all records, each with only their own', async () => {
    const { db } = aDevice()
    await cacheVaccines(db)
    await db.patients.bulkPut([
      patient(NURSE, { occupational_risks: ['biological'] }),
      patient(WELDER, { name: 'Juan' }),
      patient('no-birth', { birth_date: null }),
      patient('gone', { deleted_at: '2026-11-01T00:00:00Z' }),
    ])
    await db.vaccinationRecords.bulkPut([
      record(WELDER, TETANUS, '2025-01-10'),
      record(NURSE, TETANUS, '2010-01-10'),
      record(NURSE, HEPATITIS_B, '2026-11-20'),
    ])
    const due = await dueOfEveryPatient(db, '2026-11-25')
    expect([...due.keys()].sort()).toEqual([NURSE, WELDER].sort())
    expect(due.get(WELDER)).toMatchObject({ status: 'complete', overdueCount: 0 })
    expect(due.get(NURSE)).toMatchObject({ status: 'incomplete', overdueCount: 1 })
  })

  it('works out 20 000 patients in one pass', () => {
    const catalogue = {
      vaccines: [
        { id: HEPATITIS_B, doses: 3, intervalDays: 30, boosterIntervalDays: null },
        { id: TETANUS, doses: 1, intervalDays: 0, boosterIntervalDays: 3650 },
      ],
      scheme: [
        { vaccineId: TETANUS, doses: null, ageFrom: 18, ageTo: null, sex: null, subgroups: [], risks: [] },
      ],
    }
    const patients = Array.from({ length: 20_000 }, (_, i) => patient(`p${String(i).padStart(5, '0')}`))
    const records = patients.map((p) => record(p.id, TETANUS, '2020-01-01'))
    const due = dueByPatient(catalogue, patients, records, '2026-11-25')
    expect(due.size).toBe(20_000)
    expect(due.get('p19999')?.status).toBe('complete')
  })
})

describe('a patient’s records on the device', () => {
  it('lists the live ones oldest first and numbers a vaccine’s next dose after the highest', async () => {
    const { db } = aDevice()
    const later = record(NURSE, HEPATITIS_B, '2026-10-01', { dose_number: 2 })
    const earlier = record(NURSE, HEPATITIS_B, '2026-09-01')
    await db.vaccinationRecords.bulkPut([
      later,
      earlier,
      record(WELDER, HEPATITIS_B, '2026-09-15'),
      record(NURSE, TETANUS, '2026-09-20', { deleted_at: '2026-09-21T00:00:00Z' }),
    ])
    const records = await vaccinationRecordsOf(db, NURSE)
    expect(records.map((r) => r.id)).toEqual([earlier.id, later.id])
    expect(nextDoseNumber(records, HEPATITIS_B)).toBe(3)
    expect(nextDoseNumber(records, TETANUS)).toBe(1)
  })
})
