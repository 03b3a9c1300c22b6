import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type DashboardFigures, dashboardFigures } from '../../../src/contract/rules/dashboard/figures'
import { dashboardFilterOf } from '../../../src/contract/rules/dashboard/scope'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import { TRIAGE_STATUSES } from '../../../src/contract/schemas/covid'
import type { SyncedEntity } from '../../../src/contract/schemas/sync'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aDashboardConsultation,
  aDashboardDisability,
  aDashboardDose,
  aDashboardTriage,
  addDays,
  buildPatient,
  emptyRows,
  insertDashboardData,
  readDashboardData,
  seedDashboardCatalog,
} from '../../../tests/fixtures/dashboard'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { type Tx, withTenant } from '../../db/client'
import {
  catalogueEntries,
  patientExamDues,
  patientLastTriage,
  patientSublabels,
  patients,
  patientVaccinationStates,
  periodicExams,
  triageConsultations,
  vaccinationRecords,
} from '../../db/schema'
import { recordChange } from '../../platform/change-log'
import { randomSource } from '../../seed/people'
import { bumpTenantCatalogVersion } from '../catalogs/tenant-versions'
import { consultationFiguresOf } from './consultation-figures'
import { dashboardScope } from './scope'

const ZONE = 'America/Mexico_City'

/**
 * The device and the server agree on a generated data set (issue 24, decision 0032): 160 patients
 * with the edges the rules care about drawn at random — 29 February birthdays, consultations near
 * local midnight, diagnoses sharing systems, overlapping disabilities across months, deleted rows,
 * scheme entries by age, sex, subgroup and risk — and every call's figures equal the rules' over
 * the same rows, for several filters.
 */
describe('the dashboard’s SQL and its rules over generated data', () => {
  let t: TestApp
  let tenantId: string
  let admin: Record<string, string>
  let queries: string[]
  let vaccines: Record<string, string>
  let shiftA: string
  let chronicLabel: string
  let diabetes: string
  let trimester: string
  let adminEmail: string
  const today = zonedDayAndTime(new Date(), ZONE).day

  beforeAll(async () => {
    t = await buildTestApp()
    tenantId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const catalog = await seedDashboardCatalog(t.database.db, tenantId)
    vaccines = catalog.vaccines
    shiftA = catalog.shiftA
    chronicLabel = catalog.labels.chronic
    diabetes = catalog.sublabels.dm
    trimester = catalog.sublabels.t2
    const scheme = (vaccine: string, details: Record<string, unknown>) => ({
      tenantId,
      id: uuidv7(),
      catalogue: 'vaccination-scheme',
      name: `Esquema ${uuidv7()}`,
      nameKey: nameKey(`esquema ${uuidv7()}`),
      parentId: vaccine,
      details: { doses: null, age_from: null, age_to: null, sex: null, subgroups: [], risks: [], ...details },
    })
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .insert(catalogueEntries)
        .values([
          scheme(catalog.vaccines.flu, { age_from: 25, age_to: 40, sex: 'female', doses: 2 }),
          scheme(catalog.vaccines.hepb, { risks: ['biological'] }),
        ]),
    )
    const random = randomSource(24)
    const day = (from: number, to: number) => addDays(today, random.int(from, to))
    const systems = Object.values(catalog.systems)
    const codes = ['J00', 'J02', 'M54.5', 'I10', 'E11', 'K29', 'A09', 'B34'].map((code, index) => ({
      code,
      system: systems[index % systems.length] as string,
    }))
    const sublabels = Object.values(catalog.sublabels)
    const people = Array.from({ length: 160 }, (_, index) => {
      const leap = index % 17 === 0
      return buildPatient(tenantId, {
        birthDate: leap ? `${1960 + 4 * random.int(0, 10)}-02-29` : day(-30_000, -6_000),
        // The form's codes, none, and one the charts do not name (counted as unrecorded).
        biologicalSex: random.pick(['female', 'male', 'intersex', null, 'X']),
        subgroups: random.next() < 0.4 ? [catalog.shiftA] : [],
        occupationalRisks: random.next() < 0.3 ? ['biological'] : [],
        specialSublabelIds: sublabels.filter(() => random.next() < 0.2),
        hireDate: random.next() < 0.7 ? day(-3_000, -10) : null,
        examFrequency: random.pick(['1-year', '6-months', '2-years', 'weekly', null]),
        deletedAt: index % 23 === 5 ? '2026-01-01T00:00:00Z' : null,
      })
    })
    const rows = emptyRows()
    for (const person of people) {
      const patient = person.id as string
      for (let n = random.int(0, 4); n > 0; n--) {
        // Near local midnight (06:00 UTC) half of the time.
        const minute = random.next() < 0.5 ? random.int(5 * 60 + 30, 6 * 60 + 30) : random.int(0, 24 * 60 - 1)
        const instant = `${day(-500, 0)}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`
        const chosen = codes.filter(() => random.next() < 0.3).slice(0, 3)
        const diagnoses = (chosen.length > 0 ? chosen : [random.pick(codes)]).map(
          ({ code, system }) => [code, `${code} ${random.int(1, 2)}`, system] as [string, string, string],
        )
        const consultation = aDashboardConsultation(tenantId, patient, instant, diagnoses)
        if (random.next() < 0.05) consultation.deletedAt = '2026-01-01T00:00:00Z'
        rows.encounters.push(consultation)
      }
      for (let n = random.int(0, 3); n > 0; n--)
        rows.triage.push(
          aDashboardTriage(
            tenantId,
            patient,
            `${day(-400, 0)}T${String(random.int(0, 23)).padStart(2, '0')}:00:00Z`,
            random.pick(TRIAGE_STATUSES),
            random.pick([true, false, null]),
          ),
        )
      for (let n = random.int(0, 4); n > 0; n--)
        rows.doses.push(
          aDashboardDose(
            tenantId,
            patient,
            random.pick(Object.values(catalog.vaccines)),
            random.int(1, 3),
            day(-6_000, 0),
            { booster: random.next() < 0.2, deletedAt: random.next() < 0.05 ? '2026-01-01T00:00:00Z' : null },
          ),
        )
      for (let n = random.int(0, 2); n > 0; n--)
        rows.exams.push({
          tenantId,
          id: uuidv7(),
          patientId: patient,
          examinedOn: day(-900, 0),
          condition: 'compliant',
          deletedAt: random.next() < 0.1 ? '2026-01-01T00:00:00Z' : null,
        })
      for (let n = random.int(0, 3); n > 0; n--) {
        const start = day(-400, 0)
        rows.disabilities.push(
          aDashboardDisability(
            tenantId,
            patient,
            random.pick(Object.values(catalog.types)),
            start,
            addDays(start, random.int(0, 45)),
            { deletedAt: random.next() < 0.05 ? '2026-01-01T00:00:00Z' : null },
          ),
        )
      }
    }
    await insertDashboardData(t.database.db, tenantId, people, rows)
    const user = await buildUser(t.database.db, tenantId, {
      permissions: ['dashboard-index', 'assignments.all'],
    })
    adminEmail = user.email
    admin = (await signIn(t.app, 'acme.localhost', user.email)).headers
    queries = [
      '',
      `from=${addDays(today, -90)}&to=${today}`,
      `from=${addDays(today, -200)}&to=${addDays(today, -100)}`,
      `subgroup=${catalog.shiftA}&from=${addDays(today, -365)}`,
      `special_label=${catalog.labels.chronic}`,
      `special_label=${catalog.labels.pregnancy}&sublabel=${catalog.sublabels.t2}`,
    ]
  })
  afterAll(() => t.close())

  const ITEMS = {
    'affected-system': 'affectedSystems',
    'affected-system/top-five': 'topAffectedSystems',
    diagnostics: 'topDiagnoses',
    vaccines: 'vaccines',
    'periodic-exams': 'periodicExams',
    'closed-days-data': 'lostDays',
    covid: 'covid',
    'patients-chart': 'patients',
  } as const

  /** An answer without the names the server adds from the catalogues. */
  const unnamed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(unnamed)
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !['name', 'color', 'icon'].includes(key))
          .map(([key, item]) => [key, unnamed(item)]),
      )
    return value
  }

  it('gives every call’s figures, for every filter, as the rules do', async () => {
    const rows = await withTenant(t.database.db, tenantId, (tx) => readDashboardData(tx))
    const labels = rows.labels.map((label) => ({ id: label.id, sublabels: label.sublabels }))
    for (const query of queries) {
      const figures = dashboardFigures(
        rows,
        dashboardFilterOf(Object.fromEntries(new URLSearchParams(query)), labels, ZONE),
        today,
      )
      for (const [item, key] of Object.entries(ITEMS)) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/dashboard/${item}?${query}`,
          headers: admin,
        })
        expect(answer.statusCode).toBe(200)
        const data = answer.json().data
        expect(item === 'diagnostics' ? data : unnamed(data), `${item}?${query}`).toEqual(figures[key])
      }
      // The PDF's one pass over the consultation rows counts as the two calls do.
      const onePass = await withTenant(t.database.db, tenantId, async (tx) =>
        consultationFiguresOf(
          tx,
          // The administrator's: no user's assigned patients, the whole tenant.
          await dashboardScope(tx, null, Object.fromEntries(new URLSearchParams(query))),
        ),
      )
      expect(onePass, `one pass, ${query}`).toEqual({
        affectedSystems: figures.affectedSystems,
        topDiagnoses: figures.topDiagnoses,
      })
      const labelled = await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/special-labels?${query}`,
        headers: admin,
      })
      expect(unnamed(labelled.json().data), `special-labels?${query}`).toEqual({
        labels: figures.specialLabels,
        pregnancy: figures.pregnancy,
      })
    }
    // The data set exercises what it means to: figures that are not all zero.
    const all = dashboardFigures(rows, dashboardFilterOf({}, labels, ZONE), today)
    expect(all.topDiagnoses).toHaveLength(5)
    expect(all.lostDays.total_days).toBeGreaterThan(0)
    expect(all.vaccines.overdue).toBeGreaterThan(0)
    expect(all.vaccines.complete).toBeGreaterThan(0)
    expect(all.periodicExams.due_soon + all.periodicExams.expired).toBeGreaterThan(0)
    expect(all.patients.by_sex.intersex).toBeGreaterThan(0)
    expect(all.patients.by_sex.unrecorded).toBeGreaterThan(0)
    expect(all.patients.by_age.filter((row) => row.patients > 0).length).toBeGreaterThan(3)
  })

  /**
   * Each call answers, under each query, what the rules give over the rows as they are now on
   * `day`: `expected` picks its figures out of the rules', `answered` out of its data (without the
   * names the server adds, unless said).
   */
  async function expectCallsAgree(
    what: string,
    day: string,
    queries: string[],
    calls: Array<
      [item: string, expected: (figures: DashboardFigures) => unknown, answered?: (data: never) => unknown]
    >,
  ) {
    const rows = await withTenant(t.database.db, tenantId, (tx) => readDashboardData(tx))
    const labels = rows.labels.map((label) => ({ id: label.id, sublabels: label.sublabels }))
    for (const query of queries) {
      const filter = dashboardFilterOf(Object.fromEntries(new URLSearchParams(query)), labels, ZONE)
      const figures = dashboardFigures(rows, filter, day)
      for (const [item, expected, answered = unnamed] of calls) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/dashboard/${item}?${query}`,
          headers: admin,
        })
        expect(answered(answer.json().data as never), `${what}, ${item}?${query}`).toEqual(expected(figures))
      }
    }
  }

  /** The server's vaccination figures against the rules', over the rows as they are now, on `day`. */
  const expectVaccinesAgree = (day: string, what: string) =>
    expectCallsAgree(what, day, ['', `subgroup=${shiftA}`], [['vaccines', (figures) => figures.vaccines]])

  /** The change notes of written rows, as `returning` gives them. */
  const doseNote = {
    id: vaccinationRecords.id,
    patientId: vaccinationRecords.patientId,
    entity: sql<SyncedEntity>`'vaccination-record'`,
  }
  const patientNote = { id: patients.id, patientId: patients.id, entity: sql<SyncedEntity>`'patient'` }
  const triageNote = {
    id: triageConsultations.id,
    patientId: triageConsultations.patientId,
    entity: sql<SyncedEntity>`'triage-consultation'`,
  }
  const examNote = {
    id: periodicExams.id,
    patientId: periodicExams.patientId,
    entity: sql<SyncedEntity>`'periodic-exam'`,
  }

  /**
   * Writes as the app's routes do, each written record noted in the change feed in the same
   * transaction (DESIGN §5), which the kept answers follow (decision 0046).
   */
  async function written(
    write: (tx: Tx) => Promise<Array<{ id: string; patientId: string; entity: SyncedEntity }>>,
  ) {
    await withTenant(t.database.db, tenantId, async (tx) => {
      for (const row of await write(tx))
        await recordChange(tx, {
          tenantId,
          entity: row.entity,
          entityId: row.id,
          op: 'upsert',
          version: 1,
          patientId: row.patientId,
        })
    })
  }

  it('keeps each patient’s vaccination state true as doses, patients and the scheme change, and days pass', async () => {
    await expectVaccinesAgree(today, 'first, working every state out')
    const kept = () => withTenant(t.database.db, tenantId, (tx) => tx.select().from(patientVaccinationStates))
    const live = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(isNull(patients.deletedAt)),
    )
    expect((await kept()).length).toBe(live.length)
    await expectVaccinesAgree(today, 'again, from the kept states')

    // A worker whose second Td dose falls due in 20 days: overdue from the 21st, well before his
    // birthday (100 days away), which the later days below must see.
    const worker = buildPatient(tenantId, {
      birthDate: `1992-${addDays(today, 100).slice(5)}`,
      biologicalSex: 'male',
      subgroups: [],
      occupationalRisks: [],
    })
    await written(async (tx) => [
      ...(await tx.insert(patients).values(worker).returning(patientNote)),
      ...(await tx
        .insert(vaccinationRecords)
        .values(aDashboardDose(tenantId, worker.id as string, vaccines.td as string, 1, addDays(today, -10)))
        .returning(doseNote)),
    ])
    live.push({ id: worker.id as string })
    await expectVaccinesAgree(today, 'with a new patient')

    // A dose forgets its patient's state, and only theirs.
    const [first, second, third, fourth] = live.map((row) => row.id) as [string, string, string, string]
    await written((tx) =>
      tx
        .insert(vaccinationRecords)
        .values([
          aDashboardDose(tenantId, first, vaccines.td as string, 1, addDays(today, -30)),
          aDashboardDose(tenantId, first, vaccines.td as string, 2, today),
        ])
        .returning(doseNote),
    )
    expect((await kept()).map((row) => row.patientId)).not.toContain(first)
    expect((await kept()).length).toBe(live.length - 1)
    await expectVaccinesAgree(today, 'after two doses')
    await written((tx) =>
      tx
        .update(vaccinationRecords)
        .set({ deletedAt: new Date().toISOString() })
        .where(and(eq(vaccinationRecords.patientId, first), eq(vaccinationRecords.doseNumber, 2)))
        .returning(doseNote),
    )
    await expectVaccinesAgree(today, 'after a dose deleted')
    // A dose written to another patient by mistake and moved: both patients' states go.
    const fifth = live[4]?.id as string
    await written((tx) =>
      tx
        .update(vaccinationRecords)
        .set({ patientId: fifth })
        .where(and(eq(vaccinationRecords.patientId, first), eq(vaccinationRecords.doseNumber, 1)))
        .returning(doseNote),
    )
    expect((await kept()).map((row) => row.patientId)).not.toEqual(expect.arrayContaining([first]))
    expect((await kept()).map((row) => row.patientId)).not.toEqual(expect.arrayContaining([fifth]))
    await expectVaccinesAgree(today, 'after a dose moved to another patient')
    // The patient's age, sex, subgroups and risks.
    await written(async (tx) => [
      ...(await tx
        .update(patients)
        .set({ birthDate: '2000-01-01', biologicalSex: 'female' })
        .where(eq(patients.id, second))
        .returning(patientNote)),
      ...(await tx
        .update(patients)
        .set({ subgroups: [shiftA], occupationalRisks: ['biological'] })
        .where(inArray(patients.id, [third, fourth]))
        .returning(patientNote)),
    ])
    await expectVaccinesAgree(today, 'after patients changed')
    // Another scheme: every state worked out again.
    await withTenant(t.database.db, tenantId, async (tx) => {
      await tx.insert(catalogueEntries).values({
        tenantId,
        id: uuidv7(),
        catalogue: 'vaccination-scheme',
        name: 'Esquema Td adultos',
        nameKey: nameKey('esquema td adultos'),
        parentId: vaccines.td as string,
        details: { doses: 3, age_from: 18, age_to: 65, sex: null, subgroups: [], risks: [] },
      })
      await bumpTenantCatalogVersion(tx, tenantId, 'vaccination-scheme')
    })
    await expectVaccinesAgree(today, 'after a scheme entry added')

    // Later days: birthdays and due days pass; a kept state holds only as long as the calendar
    // leaves it alone. Across 29 February in a leap year and in a common one.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      for (const day of [
        addDays(today, 1),
        addDays(today, 45),
        addDays(today, 200),
        '2028-02-28',
        '2028-02-29',
        '2028-03-01',
        '2029-02-28',
        '2029-03-01',
      ]) {
        vi.setSystemTime(new Date(`${day}T18:00:00Z`))
        // A session of that day (the one of today has long expired by then).
        admin = (await signIn(t.app, 'acme.localhost', adminEmail)).headers
        await expectVaccinesAgree(day, `on ${day}`)
      }
    } finally {
      vi.useRealTimers()
    }
  })

  /** The server's periodic exam buckets against the rules', over the rows as they are now, on `day`. */
  const expectExamsAgree = (day: string, what: string) =>
    expectCallsAgree(
      what,
      day,
      ['', `subgroup=${shiftA}`],
      [['periodic-exams', (figures) => figures.periodicExams]],
    )

  it('keeps each patient’s next periodic exam true as exams and patients change, and days pass', async () => {
    const kept = () => withTenant(t.database.db, tenantId, (tx) => tx.select().from(patientExamDues))
    const keptIds = async () => (await kept()).map((row) => row.patientId)
    await expectExamsAgree(today, 'first, working every due day out')
    const live = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(isNull(patients.deletedAt)),
    )
    expect((await kept()).length).toBe(live.length)
    await expectExamsAgree(today, 'again, from the kept due days')

    // A new patient, hired 11 months ago on a yearly frequency: due soon, from their hire date.
    const hired = buildPatient(tenantId, { hireDate: addDays(today, -360), examFrequency: '1-year' })
    await written((tx) => tx.insert(patients).values(hired).returning(patientNote))
    await expectExamsAgree(today, 'with a new patient')
    expect(await keptIds()).toContain(hired.id)

    // An exam forgets its patient's due day, and only theirs.
    const [first, second, third] = live.map((row) => row.id) as [string, string, string]
    const before = (await kept()).length
    await written((tx) =>
      tx
        .insert(periodicExams)
        .values({ tenantId, id: uuidv7(), patientId: first, examinedOn: today, condition: 'compliant' })
        .returning(examNote),
    )
    expect(await keptIds()).not.toContain(first)
    expect((await kept()).length).toBe(before - 1)
    await expectExamsAgree(today, 'after an exam')
    // Deleted, then moved to another patient by mistake: both patients' days go.
    await written((tx) =>
      tx
        .update(periodicExams)
        .set({ deletedAt: new Date().toISOString() })
        .where(and(eq(periodicExams.patientId, first), eq(periodicExams.examinedOn, today)))
        .returning(examNote),
    )
    expect(await keptIds()).not.toContain(first)
    await expectExamsAgree(today, 'after an exam deleted')
    await written((tx) =>
      tx
        .update(periodicExams)
        .set({ patientId: second })
        .where(eq(periodicExams.patientId, first))
        .returning(examNote),
    )
    expect(await keptIds()).not.toEqual(expect.arrayContaining([first]))
    expect(await keptIds()).not.toEqual(expect.arrayContaining([second]))
    await expectExamsAgree(today, 'after exams moved to another patient')
    // The patient's hire date and frequency; a change of anything else keeps the day.
    await expectExamsAgree(today, 'before the patients change')
    await written(async (tx) => [
      ...(await tx
        .update(patients)
        .set({ hireDate: addDays(today, -20) })
        .where(eq(patients.id, hired.id as string))
        .returning(patientNote)),
      ...(await tx
        .update(patients)
        .set({ examFrequency: '6-months' })
        .where(eq(patients.id, third))
        .returning(patientNote)),
    ])
    expect(await keptIds()).not.toContain(hired.id)
    expect(await keptIds()).not.toContain(third)
    await expectExamsAgree(today, 'after hire dates and frequencies changed')
    const kept4 = (await kept()).length
    await written((tx) =>
      tx.update(patients).set({ name: 'Renombrada' }).where(eq(patients.id, third)).returning(patientNote),
    )
    expect((await kept()).length).toBe(kept4)
    // A patient deleted keeps their row, which no count reads any more.
    expect(await keptIds()).toContain(second)
    await written((tx) =>
      tx
        .update(patients)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(patients.id, second))
        .returning(patientNote),
    )
    expect(await keptIds()).toContain(second)
    await expectExamsAgree(today, 'after a patient deleted')

    // Later days: the kept days hold, and the buckets move with the calendar alone.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      for (const day of [addDays(today, 1), addDays(today, 11), addDays(today, 200), '2028-02-29']) {
        vi.setSystemTime(new Date(`${day}T18:00:00Z`))
        admin = (await signIn(t.app, 'acme.localhost', adminEmail)).headers
        await expectExamsAgree(day, `on ${day}`)
        expect((await kept()).length).toBe(kept4)
      }
    } finally {
      vi.useRealTimers()
    }
  })

  /** The server's COVID and pregnancy figures against the rules', over the rows as they are now. */
  const expectTriageAgree = (what: string) =>
    expectCallsAgree(
      what,
      today,
      ['', `subgroup=${shiftA}`, `from=${addDays(today, -30)}&to=${today}`],
      [
        ['covid', (figures) => figures.covid],
        [
          'special-labels',
          (figures) => figures.pregnancy,
          (data: { pregnancy: unknown }) => unnamed(data.pregnancy),
        ],
      ],
    )

  it('keeps each patient’s latest triage true as triage consultations are written, deleted and moved', async () => {
    const kept = () => withTenant(t.database.db, tenantId, (tx) => tx.select().from(patientLastTriage))
    const keptIds = async () => (await kept()).map((row) => row.patientId)
    await expectTriageAgree('first, working every latest triage out')
    const live = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select({ id: patients.id }).from(patients).where(isNull(patients.deletedAt)),
    )
    // Every live patient's (a patient deleted since an earlier count keeps a row no count reads).
    expect(await keptIds()).toEqual(expect.arrayContaining(live.map((row) => row.id)))
    // Patients without a triage are kept too, as a row of nulls.
    expect((await kept()).some((row) => row.consultedAt === null)).toBe(true)
    await expectTriageAgree('again, from the kept rows')

    // A new triage forgets its patient's latest, and only theirs: pregnant today, then hospitalised.
    const [first, second] = live.map((row) => row.id) as [string, string]
    const before = (await kept()).length
    await written((tx) =>
      tx
        .insert(triageConsultations)
        .values(aDashboardTriage(tenantId, first, new Date().toISOString(), 'hospitalized', true))
        .returning(triageNote),
    )
    expect(await keptIds()).not.toContain(first)
    expect((await kept()).length).toBe(before - 1)
    await expectTriageAgree('after a triage')
    // One dated before the latest: forgets too, and the latest stays.
    await written((tx) =>
      tx
        .insert(triageConsultations)
        .values(aDashboardTriage(tenantId, first, `${addDays(today, -3)}T15:00:00Z`, 'recovered', false))
        .returning(triageNote),
    )
    expect(await keptIds()).not.toContain(first)
    await expectTriageAgree('after an earlier triage')
    // The app never deletes or moves a triage (its role may only reclassify one), but a fix made in
    // the database by its owner is followed as well: deleted, the one before is the latest again;
    // moved to another patient, both patients' rows go.
    const ownerFix = async (change: Partial<typeof triageConsultations.$inferInsert>, where: SQL) => {
      const fixed = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local role none`)
        return tx.update(triageConsultations).set(change).where(where).returning(triageNote)
      })
      await written(async () => fixed)
    }
    await ownerFix(
      { deletedAt: new Date().toISOString() },
      and(eq(triageConsultations.patientId, first), eq(triageConsultations.status, 'hospitalized')) as SQL,
    )
    expect(await keptIds()).not.toContain(first)
    await expectTriageAgree('after a triage deleted')
    await ownerFix({ patientId: second }, eq(triageConsultations.patientId, first))
    expect(await keptIds()).not.toEqual(expect.arrayContaining([first]))
    expect(await keptIds()).not.toEqual(expect.arrayContaining([second]))
    await expectTriageAgree('after triage moved to another patient')
  })

  it('counts the special labels patients carry as their lists change', async () => {
    const expectLabelsAgree = (what: string) =>
      expectCallsAgree(
        what,
        today,
        ['', `subgroup=${shiftA}`, `special_label=${chronicLabel}`],
        [['special-labels', (figures) => ({ labels: figures.specialLabels, pregnancy: figures.pregnancy })]],
      )
    await expectLabelsAgree('as loaded')
    const carried = () =>
      withTenant(t.database.db, tenantId, (tx) => tx.select().from(patientSublabels)).then((rows) =>
        rows.map((row) => `${row.patientId} ${row.sublabelId}`).sort(),
      )
    const lists = async () => {
      const rows = await withTenant(t.database.db, tenantId, (tx) =>
        tx.select({ id: patients.id, sublabels: patients.specialSublabelIds }).from(patients),
      )
      return rows
        .flatMap((row) => [...new Set(row.sublabels)].map((sublabel) => `${row.id} ${sublabel}`))
        .sort()
    }
    expect(await carried()).toEqual(await lists())

    // A sublabel added to one patient, all taken from another, one put on a new patient; and a
    // patient deleted, who is no longer counted.
    const [first, second, third] = (
      await withTenant(t.database.db, tenantId, (tx) =>
        tx.select({ id: patients.id }).from(patients).where(isNull(patients.deletedAt)),
      )
    ).map((row) => row.id) as [string, string, string]
    const newcomer = buildPatient(tenantId, { specialSublabelIds: [diabetes, diabetes] })
    await written(async (tx) => [
      ...(await tx
        .update(patients)
        .set({ specialSublabelIds: [diabetes, trimester] })
        .where(eq(patients.id, first))
        .returning(patientNote)),
      ...(await tx
        .update(patients)
        .set({ specialSublabelIds: [] })
        .where(eq(patients.id, second))
        .returning(patientNote)),
      ...(await tx.insert(patients).values(newcomer).returning(patientNote)),
      ...(await tx
        .update(patients)
        .set({ specialSublabelIds: [diabetes], deletedAt: new Date().toISOString() })
        .where(eq(patients.id, third))
        .returning(patientNote)),
    ])
    expect(await carried()).toEqual(await lists())
    await expectLabelsAgree('after the lists changed')
  })
})
