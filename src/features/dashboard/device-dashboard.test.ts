import { describe, expect, it } from 'vitest'
import { type DashboardData, dashboardFigures } from '../../contract/rules/dashboard/figures'
import { dashboardPatientsOf } from '../../contract/rules/dashboard/patient-rows'
import type { DashboardFilter } from '../../contract/rules/dashboard/scope'
import { addDays } from '../../contract/rules/vaccination-due'
import type { SpecialLabel } from '../../contract/schemas/special-labels'
import { packDashboardSummaries } from '../../db/dashboard-summary'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { dueCatalogue } from '../../db/vaccination-due'
import {
  cacheVaccines,
  HEPATITIS_B,
  INFLUENZA,
  TETANUS,
  VACCINE_ENTRIES,
} from '../../db/vaccination-test-data'
import { applyChanges } from '../../sync/pull'
import { aDevice } from '../../sync/test-fixtures'
import { dashboardLabelsOf, monthRangeOf, readDeviceDashboard } from './device-dashboard'

const TODAY = '2026-11-26'
const ZONE = 'America/Mexico_City'
const id = (kind: number, n: number) =>
  `0193a7f2-0000-7000-8000-${String(kind).padStart(4, '0')}${String(n).padStart(8, '0')}`

const SHIFT_A = id(1, 1)
const SHIFT_B = id(1, 2)
const SYSTEMS = [id(2, 1), id(2, 2), id(2, 3)]
const TYPES = [id(3, 1), id(3, 2)]
const LABELS: SpecialLabel[] = [
  {
    id: id(4, 1),
    name: 'Embarazo',
    color: 'purple',
    icon: 'pregnancy',
    sublabels: [
      { id: id(5, 1), name: 'Primer trimestre' },
      { id: id(5, 2), name: 'Segundo trimestre' },
    ],
    updated_at: '2026-11-01T10:00:00.000Z',
  },
  {
    id: id(4, 2),
    name: 'Discapacidad',
    color: 'blue',
    icon: 'accessibility',
    sublabels: [{ id: id(5, 3), name: 'Motriz' }],
    updated_at: '2026-11-01T10:00:00.000Z',
  },
]
const SUBLABELS = [id(5, 1), id(5, 2), id(5, 3), id(5, 9) /* a deleted sublabel patients still carry */]
const CODES = ['J00', 'J02', 'M545', 'I10', 'E119', 'K29', 'A09']
const STATUSES = ['observation', 'suspicious', 'recovered', 'hospitalized', 'deceased']

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T
  return { next, int, pick }
}

type Change = Parameters<typeof applyChanges>[1]['changes'][number]
const upsert = (entity: Change['entity'], data: Record<string, unknown>): Change => ({
  entity,
  id: String(data.id),
  op: 'upsert',
  version: 1,
  data,
})

/** A dose as the feed brings it: not a booster, applied here, unless said. */
const aDose = (data: {
  id: string
  patient_id: string
  vaccine_id: string
  dose_number: number
  applied_on: string
  booster?: boolean
  deleted_at?: string
}): Change =>
  upsert('vaccination-record', {
    booster: false,
    folio: null,
    lot: null,
    vaccinated_abroad: false,
    country_code: null,
    adverse_reactions: [],
    early_dose_confirmed: false,
    ...data,
  })

/**
 * A clinic's worth of patients and records drawn at random over the edges the rules care about:
 * consultations near local midnight and across the period's ends, diagnoses sharing systems,
 * overlapping disabilities across months, deleted rows, a deleted patient, records of a patient
 * not on the device, doses early and late.
 */
function generatedFeed(): Change[] {
  const random = randomSource(24)
  const changes: Change[] = []
  const day = (from: number, to: number) => addDays(TODAY, random.int(from, to))
  for (let n = 1; n <= 80; n += 1) {
    const patient = id(9, n)
    const deleted = n === 80
    changes.push(
      upsert('patient', {
        id: patient,
        name: `Paciente ${n}`,
        last_name: 'Prueba',
        curp: `CURP${String(n).padStart(14, '0')}`,
        birth_date: n % 17 === 0 ? '1984-02-29' : day(-25_000, -7_000),
        biological_sex: random.pick(['F', 'M']),
        subgroups: random.next() < 0.4 ? [SHIFT_A] : random.next() < 0.3 ? [SHIFT_B] : [],
        occupational_risks: random.next() < 0.3 ? ['biological'] : [],
        special_sublabel_ids: SUBLABELS.filter(() => random.next() < 0.2),
        hire_date: random.next() < 0.7 ? day(-3_000, -10) : null,
        exam_frequency: random.pick(['6-months', '1-year', '2-years', null]),
        ...(deleted && { deleted_at: '2026-11-01T10:00:00.000Z' }),
      }),
    )
  }
  // Patient 81 is not on this device: their records count nowhere.
  for (let n = 1; n <= 81; n += 1) {
    const patient = id(9, n)
    for (let k = random.int(0, 4); k > 0; k -= 1) {
      const codes = [random.pick(CODES), random.pick(CODES)].filter((code, i, all) => all.indexOf(code) === i)
      // Around local midnight (06:00 UTC) on some day of the last few months.
      const at = new Date(`${day(-150, 0)}T06:00:00.000Z`).getTime() + random.int(-90, 90) * 60_000
      changes.push(
        upsert('encounter', {
          id: id(10, n * 10 + k),
          patient_id: patient,
          started_at: new Date(at).toISOString(),
          diagnoses: codes.map((code) => ({
            code,
            name: `Diagnóstico ${code}${random.next() < 0.2 ? ' (renombrado)' : ''}`,
            affected_system_id: SYSTEMS[CODES.indexOf(code) % SYSTEMS.length],
          })),
          prescription: [],
          prescriber: null,
          ...(random.next() < 0.1 && { deleted_at: '2026-11-02T10:00:00.000Z' }),
        }),
      )
    }
    for (let k = random.int(0, 2); k > 0; k -= 1)
      changes.push(
        upsert('covid-consultation', {
          id: id(11, n * 10 + k),
          patient_id: patient,
          consulted_at: `${day(-300, 0)}T${String(random.int(0, 23)).padStart(2, '0')}:30:00.000Z`,
          status: random.pick(STATUSES),
          pregnancy: random.pick([true, false, null]),
          classification: 'low',
          proposed_classification: 'low',
        }),
      )
    for (let k = random.int(0, 3); k > 0; k -= 1)
      changes.push(
        aDose({
          id: id(12, n * 10 + k),
          patient_id: patient,
          vaccine_id: random.pick([HEPATITIS_B, TETANUS, INFLUENZA]),
          dose_number: k,
          applied_on: day(-4_000, 0),
          booster: random.next() < 0.2,
          ...(random.next() < 0.1 && { deleted_at: '2026-11-02T10:00:00.000Z' }),
        }),
      )
    for (let k = random.int(0, 2); k > 0; k -= 1)
      changes.push(
        upsert('periodic-exam', {
          id: id(13, n * 10 + k),
          patient_id: patient,
          examined_on: day(-900, 0),
          condition: 'compliant',
          clinical_exams: [],
          ...(random.next() < 0.15 && { deleted_at: '2026-11-02T10:00:00.000Z' }),
        }),
      )
    for (let k = random.int(0, 2); k > 0; k -= 1) {
      const start = day(-120, 10)
      changes.push(
        upsert('disability', {
          id: id(14, n * 10 + k),
          patient_id: patient,
          type_id: random.pick(TYPES),
          start_date: start,
          end_date: addDays(start, random.int(0, 40)),
          ...(random.next() < 0.1 && { deleted_at: '2026-11-02T10:00:00.000Z' }),
        }),
      )
    }
  }
  return changes
}

/** The rules' own input, made straight from the device's record tables (no summary). */
async function dataFromRecords(db: LocalDb): Promise<DashboardData> {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [])
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
  const catalogue = await dueCatalogue(db)
  const patients = dashboardPatientsOf({
    patients: (await db.patients.toArray()).map((patient: LocalPatient) => ({
      id: patient.id,
      deleted_at: patient.deleted_at,
      subgroups: strings(patient.subgroups),
      special_sublabel_ids: strings(patient.special_sublabel_ids),
      hire_date: text(patient.hire_date),
      exam_frequency: text(patient.exam_frequency),
      birth_date: String(patient.birth_date),
      biological_sex: text(patient.biological_sex),
      occupational_risks: strings(patient.occupational_risks),
    })),
    triage: (await db.covidConsultations.toArray()).map((row) => ({
      ...row,
      pregnancy: typeof row.pregnancy === 'boolean' ? row.pregnancy : null,
    })),
    doses: await db.vaccinationRecords.toArray(),
    exams: await db.periodicExams.toArray(),
    disabilities: await db.disabilities.toArray(),
  })
  return {
    patients,
    consultations: await db.encounters.toArray(),
    labels: dashboardLabelsOf(LABELS),
    vaccines: catalogue.vaccines,
    scheme: catalogue.scheme,
  }
}

const FILTERS: Array<[string, Omit<DashboardFilter, 'timeZone'>]> = [
  ['no filter', { period: { from: null, to: null }, subgroup: null, sublabels: null }],
  [
    'a period',
    { period: { from: addDays(TODAY, -60), to: addDays(TODAY, -10) }, subgroup: null, sublabels: null },
  ],
  ['a subgroup', { period: { from: null, to: null }, subgroup: SHIFT_A, sublabels: null }],
  [
    'a label',
    { period: { from: addDays(TODAY, -90), to: TODAY }, subgroup: null, sublabels: [id(5, 1), id(5, 2)] },
  ],
  [
    'a sublabel and a subgroup',
    { period: { from: null, to: null }, subgroup: SHIFT_B, sublabels: [id(5, 3)] },
  ],
]

describe('the professional’s dashboard on the device', () => {
  it.each(FILTERS)('gives the rules’ figures over the same records, under %s', async (_, filter) => {
    const { db } = aDevice()
    await cacheVaccines(db)
    await db.specialLabels.bulkPut(LABELS)
    await applyChanges(db, { changes: generatedFeed(), cursor: '1', hasMore: false })
    const withZone = { ...filter, timeZone: ZONE }
    const device = await readDeviceDashboard(db, withZone, TODAY)
    const expected = dashboardFigures(await dataFromRecords(db), withZone, TODAY)
    expect(device.figures).toEqual(expected)
    // The data set reaches every item: the comparison is not of empty figures.
    if (filter.subgroup === null && filter.sublabels === null && filter.period.from === null) {
      expect(expected.topDiagnoses).toHaveLength(5)
      expect(expected.covid.total).toBeGreaterThan(0)
      expect(expected.lostDays.total_days).toBeGreaterThan(0)
      expect(expected.pregnancy.total).toBeGreaterThan(0)
      expect(expected.vaccines.overdue).toBeGreaterThan(0)
      expect(expected.tasks.periodic_exams_due.length).toBeGreaterThan(0)
      expect(expected.periodicExams.applied + expected.periodicExams.expired).toBeGreaterThan(0)
    }
  })

  it('names the present patients and offers the subgroups they carry', async () => {
    const { db } = aDevice()
    await applyChanges(db, { changes: generatedFeed(), cursor: '1', hasMore: false })
    const device = await readDeviceDashboard(
      db,
      { period: { from: null, to: null }, subgroup: null, sublabels: null, timeZone: ZONE },
      TODAY,
    )
    expect(device.names.get(id(9, 1))).toBe('Paciente 1 Prueba')
    // The deleted patient is neither named nor counted.
    expect(device.names.has(id(9, 80))).toBe(false)
    expect(device.subgroupsInUse).toEqual([SHIFT_A, SHIFT_B])
    expect(device.figures.periodicExams.applied + device.figures.periodicExams.due_soon).toBeLessThanOrEqual(
      79,
    )
    const buckets = device.figures.periodicExams
    expect(buckets.applied + buckets.due_soon + buckets.expired + buckets.never_examined).toBe(79)
  })

  it('works out again, when opened again, the states that a dose, another day or another scheme changed', async () => {
    const { db } = aDevice()
    await cacheVaccines(db)
    await db.specialLabels.bulkPut(LABELS)
    await applyChanges(db, { changes: generatedFeed(), cursor: '1', hasMore: false })
    // Packed, as after a sync: each reading gives the same row objects, so states are kept.
    await packDashboardSummaries(db)
    const filter: DashboardFilter = { ...FILTERS[0]![1], timeZone: ZONE }
    const opened = async (today: string) => {
      const device = await readDeviceDashboard(db, filter, today)
      expect(device.figures).toEqual(dashboardFigures(await dataFromRecords(db), filter, today))
      return device.figures.vaccines
    }
    const first = await opened(TODAY)
    expect(await opened(TODAY)).toEqual(first)
    // An adult owing nothing but a Td (no biological risk, so no hepatitis B) is given one.
    const doses = await db.vaccinationRecords.toArray()
    const owingTd = (await db.patients.toArray()).find(
      (p) =>
        !p.deleted_at &&
        String(p.birth_date) < addDays(TODAY, -18 * 366) &&
        !(p.occupational_risks as string[] | undefined)?.includes('biological') &&
        !doses.some((dose) => dose.patient_id === p.id && dose.vaccine_id === TETANUS && !dose.deleted_at),
    )
    if (!owingTd) throw new Error('the data set has no adult owing only a Td')
    const td = aDose({
      id: id(12, 9_001),
      patient_id: owingTd.id,
      vaccine_id: TETANUS,
      dose_number: 1,
      applied_on: addDays(TODAY, -1),
    })
    await applyChanges(db, { changes: [td], cursor: '2', hasMore: false })
    const afterDose = await opened(TODAY)
    expect(afterDose.overdue).toBe(first.overdue - 1)
    // Ten years on, that Td's booster is overdue too.
    const later = await opened(addDays(TODAY, 3_651))
    expect(later.overdue).toBeGreaterThan(afterDose.overdue)
    expect(await opened(TODAY)).toEqual(afterDose)
    // The Td booster every year instead of every ten: the dose of yesterday holds, older ones not.
    await db.catalogueEntries.put({
      ...VACCINE_ENTRIES[1]!,
      details: { ...VACCINE_ENTRIES[1]!.details, booster_interval_days: 365 },
    })
    expect((await opened(TODAY)).overdue).not.toBe(afterDose.overdue)
  })

  it('reads the consultations of the UTC months the period’s days span in the zone, no more', () => {
    const november = { from: '2026-11-01', to: '2026-11-26' }
    // Central Mexico (UTC−6): 1 November starts at 06:00 UTC, the 26th ends on the 27th at 06:00.
    expect(monthRangeOf(november, 'America/Mexico_City')).toEqual({ from: '2026-11', to: '2026-11' })
    // Tokyo (UTC+9): 1 November starts on 31 October at 15:00 UTC.
    expect(monthRangeOf(november, 'Asia/Tokyo')).toEqual({ from: '2026-10', to: '2026-11' })
    // The last day of a month in central Mexico ends in the next month in UTC.
    expect(monthRangeOf({ from: '2026-10-01', to: '2026-10-31' }, 'America/Mexico_City')).toEqual({
      from: '2026-10',
      to: '2026-11',
    })
    expect(monthRangeOf({ from: null, to: null }, 'UTC')).toEqual({ from: null, to: null })
  })
})
