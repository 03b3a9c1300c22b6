import { v7 as uuidv7 } from 'uuid'
import type {
  CatalogueEntry,
  OccupationalRisk,
  VaccinationSchemeDetails,
  VaccineDetails,
} from '../../src/contract/schemas/catalogue-definitions'
import { type LocalPatient, type LocalVaccinationRecord, openLocalDb } from '../../src/db/local-db'
import { REPACK_AFTER, readSummaries } from '../../src/db/summary-packs'
import {
  packVaccinationSummaries,
  vaccinationSummaryScope,
  vaccinationSummaryTables,
} from '../../src/db/vaccination-summary'
import { readVaccinationIndex } from '../../src/features/vaccinations/vaccination-index'
import type { VaccinationDueResult } from './api'

/**
 * `/vaccinations` over a large cache (issue 21's bench: due dates for 20 000 cached patients worked
 * out on the device ≤ 500 ms at 4× throttle): the index's whole read and work as its screen's live
 * query runs it (`readVaccinationIndex`: the catalogues and every row of the vaccination summary,
 * then the due-date rule per patient for today, the index's rows in its order). The patients and
 * doses are written as the pull writes them, in one transaction with the summary, so the database
 * keeps their rows (`vaccination-summary.ts`). The catalogue is the Mexican
 * adult scheme the demo seeds (Td, hepatitis B, influenza, SARS-CoV-2, neumococo, SR) with its
 * entries by age and by occupational risk; the patients are 18 to 70, with two to three doses each
 * on average. No server: the device is offline.
 */
const benchDb = (database: string) => openLocalDb({ tenant: 'bench', userId: `bench-${database}` })

const NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Jorge']
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez']
const RISKS: OccupationalRisk[][] = [['biological'], ['mechanical', 'physical'], ['chemical'], [], []]

const entry = (
  id: string,
  catalogue: string,
  name: string,
  position: number,
  details: VaccineDetails | VaccinationSchemeDetails,
  parentId: string | null = null,
): CatalogueEntry => ({
  id,
  catalogue,
  name,
  code: null,
  active: true,
  parent_id: parentId,
  parent_name: null,
  position,
  items: [],
  details: { ...details },
  updated_at: '2026-11-01T10:00:00.000Z',
})

const vaccine = (doses: number, interval: number, booster: number | null): VaccineDetails => ({
  disease: 'Bench',
  doses,
  interval_days: interval,
  booster_interval_days: booster,
  route: 'intramuscular',
})

const scheme = (over: Partial<VaccinationSchemeDetails>): VaccinationSchemeDetails => ({
  doses: null,
  age_from: null,
  age_to: null,
  sex: null,
  subgroups: [],
  risks: [],
  ...over,
})

const day = (date: Date) => date.toISOString().slice(0, 10)
const daysBefore = (today: Date, days: number) => day(new Date(today.getTime() - days * 86_400_000))

/**
 * The demo's Mexican adult scheme (Td, hepatitis B, influenza, SARS-CoV-2, neumococo, SR) with its
 * entries by age and by occupational risk: the vaccines' ids and every catalogue entry.
 */
export function benchVaccineCatalogue() {
  const ids = { td: uuidv7(), hb: uuidv7(), flu: uuidv7(), covid: uuidv7(), pneumo: uuidv7(), sr: uuidv7() }
  const entries = [
    entry(ids.td, 'vaccination-records', 'Td', 0, vaccine(3, 28, 3650)),
    entry(ids.hb, 'vaccination-records', 'Hepatitis B', 1, vaccine(3, 28, null)),
    entry(ids.flu, 'vaccination-records', 'Influenza estacional', 2, vaccine(1, 0, 365)),
    entry(ids.covid, 'vaccination-records', 'SARS-CoV-2', 3, vaccine(1, 0, 365)),
    entry(ids.pneumo, 'vaccination-records', 'Neumococo', 4, vaccine(1, 0, null)),
    entry(ids.sr, 'vaccination-records', 'SR', 5, vaccine(1, 0, null)),
    entry(uuidv7(), 'vaccination-scheme', 'Td — adultos', 0, scheme({ age_from: 20 }), ids.td),
    entry(uuidv7(), 'vaccination-scheme', 'Td — mantenimiento', 1, scheme({ risks: ['mechanical'] }), ids.td),
    entry(
      uuidv7(),
      'vaccination-scheme',
      'Hepatitis B — biológico',
      2,
      scheme({ risks: ['biological'] }),
      ids.hb,
    ),
    entry(uuidv7(), 'vaccination-scheme', 'Influenza — 60+', 3, scheme({ age_from: 60 }), ids.flu),
    entry(uuidv7(), 'vaccination-scheme', 'Influenza — salud', 4, scheme({ risks: ['biological'] }), ids.flu),
    entry(uuidv7(), 'vaccination-scheme', 'SARS-CoV-2 — 60+', 5, scheme({ age_from: 60 }), ids.covid),
    entry(uuidv7(), 'vaccination-scheme', 'Neumococo — 65+', 6, scheme({ age_from: 65 }), ids.pneumo),
    entry(uuidv7(), 'vaccination-scheme', 'SR — 20 a 39', 7, scheme({ age_from: 20, age_to: 39 }), ids.sr),
  ]
  return { ids, entries }
}

/** Fills a fresh database with the catalogue, the patients and their doses; answers how many doses. */
export async function vaccinationDueSeed(patients: number, database: string): Promise<number> {
  const db = benchDb(database)
  await db.delete()
  await db.open()
  const { ids, entries } = benchVaccineCatalogue()
  const today = new Date()
  const patientRows: LocalPatient[] = []
  const records: LocalVaccinationRecord[] = []
  const dose = (patientId: string, vaccineId: string, number: number, daysAgo: number) =>
    records.push({
      id: uuidv7(),
      patient_id: patientId,
      vaccine_id: vaccineId,
      dose_number: number,
      folio: `F-${records.length}`,
      applied_on: daysBefore(today, daysAgo),
      lot: 'L-2026',
      booster: false,
      vaccinated_abroad: false,
      country_code: null,
      adverse_reactions: [],
      early_dose_confirmed: false,
      version: 1,
      syncState: 'synced',
    })
  for (let index = 0; index < patients; index++) {
    const id = uuidv7()
    const age = 18 + (index % 53)
    patientRows.push({
      id,
      name: NAMES[index % NAMES.length],
      last_name: LAST_NAMES[(index * 7) % LAST_NAMES.length],
      second_last_name: LAST_NAMES[(index * 3) % LAST_NAMES.length],
      payroll_number: `N${String(index).padStart(6, '0')}`,
      curp: `BENC${String(index).padStart(6, '0')}HDFRRN09`,
      birth_date: `${today.getFullYear() - age}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      biological_sex: index % 2 === 0 ? 'female' : 'male',
      subgroups: [],
      occupational_risks: RISKS[index % RISKS.length],
      version: 1,
      syncState: 'synced',
    })
    // Td: a whole series, one halfway, or none (one in three each).
    const tdDoses = [3, 2, 0][index % 3] ?? 0
    for (let number = 1; number <= tdDoses; number++) dose(id, ids.td, number, 3000 - number * 40)
    if (index % 5 === 0)
      for (let number = 1; number <= (index % 4) + 1; number++) dose(id, ids.hb, number, 900 - number * 35)
    if (index % 4 === 0) dose(id, ids.flu, 1, 200 + (index % 300))
  }
  // In one transaction with the summary, as the feed's pull writes them: the summary is kept in it.
  await db.transaction('rw', [db.catalogueEntries, ...vaccinationSummaryScope(db)], async () => {
    await db.catalogueEntries.bulkPut(entries)
    await db.patients.bulkPut(patientRows)
    await db.vaccinationRecords.bulkPut(records)
  })
  db.close()
  return records.length
}

/** The index read and worked out `rounds` times over what `vaccinationDueSeed` left; the database goes after. */
export async function vaccinationDueOpen(rounds: number, database: string): Promise<VaccinationDueResult> {
  const db = benchDb(database)
  const today = day(new Date())
  try {
    const dueMs: number[] = []
    const readMs: number[] = []
    let rows = 0
    let overdue = 0
    // Right after a sync every row is read one by one; the screen then packs them (the hook's
    // effect), as it does here, and every later open reads the packs.
    let start = performance.now()
    const first = await readVaccinationIndex(db, today)
    const firstMs = performance.now() - start
    const unpacked = first.unpacked
    start = performance.now()
    if (unpacked > REPACK_AFTER) await packVaccinationSummaries(db)
    const packMs = performance.now() - start
    for (let round = 0; round < rounds; round++) {
      start = performance.now()
      const index = await readVaccinationIndex(db, today)
      dueMs.push(performance.now() - start)
      rows = index.entries.length
      overdue = index.entries.filter((row) => row.overdue_count > 0).length
      // Apart, the reads alone: how much of the figure IndexedDB takes.
      const reading = performance.now()
      await db.transaction(
        'r',
        [
          db.catalogueEntries,
          db.vaccinationSummaries,
          db.vaccinationSummaryChanges,
          db.vaccinationSummaryPacks,
        ],
        () => Promise.all([db.catalogueEntries.toArray(), readSummaries(vaccinationSummaryTables(db))]),
      )
      readMs.push(performance.now() - reading)
    }
    return { dueMs, readMs, rows, overdue, firstMs, unpacked, packMs }
  } finally {
    await db.delete()
  }
}
