import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardFigures } from '../../../src/contract/rules/dashboard/figures'
import { patientsByAge } from '../../../src/contract/rules/dashboard/patients-test-data'
import { dashboardFilterOf } from '../../../src/contract/rules/dashboard/scope'
import { pdfText } from '../../../src/documents/pdf-text'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aDashboardConsultation,
  aDashboardDisability,
  aDashboardDose,
  aDashboardTriage,
  addDays,
  buildPatient,
  type DashboardCatalog,
  emptyRows,
  examFor,
  insertDashboardData,
  noteAChange,
  readDashboardData,
  seedDashboardCatalog,
} from '../../../tests/fixtures/dashboard'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, patientAssignments, referenceItems } from '../../db/schema'
import { COVID_LISTS } from '../../seed/covid-lists'

const ZONE = 'America/Mexico_City'
const MARCH = 'from=2026-03-01&to=2026-03-31'
const ITEMS = [
  'affected-system',
  'affected-system/top-five',
  'diagnostics',
  'special-labels',
  'vaccines',
  'periodic-exams',
  'closed-days-data',
  'covid',
  'patients-chart',
] as const

/**
 * The dashboard's calls (SPEC §7 "Dashboard reports and exports", issue 24, decision 0032) over a
 * data set whose figures are known by construction: each route's figures, the same rows through
 * `src/contract/rules/dashboard` giving the same figures (the device and the server agree), the
 * professional's scope, the filters, the PDF, access, validation and tenant isolation.
 */
describe('the dashboard calls', () => {
  let t: TestApp
  let acmeId: string
  let catalog: DashboardCatalog
  let admin: Record<string, string>
  let professional: Record<string, string>
  let professionalPatients: Set<string>
  let withoutPermission: Record<string, string>
  let intruder: Record<string, string>
  const today = zonedDayAndTime(new Date(), ZONE).day
  const at = (day: string) => `${day}T18:00:00Z`
  const P: Record<string, string> = {}

  beforeAll(async () => {
    t = await buildTestApp()
    const items = Object.entries(COVID_LISTS).flatMap(([list, entries]) =>
      entries.map(([code, nameEs, nameEn], sort) => ({ list, code, nameEs, nameEn, sort })),
    )
    await t.database.db.insert(referenceItems).values(items).onConflictDoNothing()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedDashboardCatalog(t.database.db, acmeId)
    const { systems: S, sublabels: L, vaccines: V, types: D } = catalog

    const applied = examFor(addDays(today, 11))
    const dueIn10 = examFor(addDays(today, 10))
    const dueToday = examFor(today)
    const lateByOne = examFor(addDays(today, -1))
    const hiredLate = examFor(addDays(today, -5))
    const person = (name: string, fields: Parameters<typeof buildPatient>[1]) => {
      const row = buildPatient(acmeId, { birthDate: '1990-05-10', examFrequency: '1-year', ...fields })
      P[name] = row.id as string
      return row
    }
    const people = [
      person('p1', {
        subgroups: [catalog.shiftA],
        specialSublabelIds: [L.dm],
        examFrequency: applied.frequency,
      }),
      person('p2', { specialSublabelIds: [L.dm, L.hta], examFrequency: dueIn10.frequency }),
      person('p3', {
        subgroups: [catalog.shiftA],
        specialSublabelIds: [L.t1],
        examFrequency: dueToday.frequency,
      }),
      person('p4', { specialSublabelIds: [L.t2, L.dm], examFrequency: lateByOne.frequency }),
      person('p5', { specialSublabelIds: [uuidv7()], hireDate: null }),
      person('p6', {
        birthDate: '1950-02-01',
        specialSublabelIds: [L.hta],
        hireDate: hiredLate.examinedOn,
        examFrequency: hiredLate.frequency,
      }),
      person('p7', { specialSublabelIds: [L.dm], deletedAt: '2026-01-01T00:00:00Z' }),
    ]
    const rows = emptyRows()
    const c = (patient: string, startedAt: string, ...diagnoses: Array<[string, string, string]>) =>
      rows.encounters.push(aDashboardConsultation(acmeId, P[patient] as string, startedAt, diagnoses))
    c('p1', '2026-03-02T16:00:00Z', ['J00', 'Rinofaringitis', S.resp], ['M54.5', 'Lumbago', S.musc])
    c('p1', '2026-03-10T16:00:00Z', ['J00', 'Rinofaringitis aguda', S.resp])
    c('p2', '2026-03-15T16:00:00Z', ['J00', 'Rinofaringitis aguda', S.resp], ['J02', 'Faringitis', S.resp])
    c('p3', '2026-03-20T16:00:00Z', ['I10', 'Hipertensión', S.card])
    c('p4', '2026-04-01T05:30:00Z', ['M54.5', 'Lumbago', S.musc]) // 31 March, 23:30 in Mexico City
    c('p4', '2026-04-01T06:30:00Z', ['E11', 'Diabetes', S.general]) // 1 April there
    c('p5', '2026-03-05T16:00:00Z', ['B34', 'Infección viral', S.resp])
    c('p6', '2026-03-06T16:00:00Z', ['Z00', 'Examen general', S.general])
    c('p5', '2026-02-27T16:00:00Z', ['A09', 'Gastroenteritis', S.general])
    c('p7', '2026-03-06T16:00:00Z', ['K29', 'Gastritis', S.general])

    const triage = (patient: string, day: string, status: string, pregnancy: boolean | null = null) =>
      rows.triage.push(aDashboardTriage(acmeId, P[patient] as string, at(day), status, pregnancy))
    triage('p1', addDays(today, -20), 'suspicious')
    triage('p1', addDays(today, -3), 'observation')
    triage('p2', addDays(today, -1), 'hospitalized')
    triage('p3', addDays(today, -5), 'recovered', true)
    triage('p5', addDays(today, -10), 'observation', true)
    triage('p6', addDays(today, -300), 'patient_contact', true)
    triage('p7', addDays(today, -2), 'observation')

    const dose = (patient: string, vaccine: string, n: number, day: string, extra = {}) =>
      rows.doses.push(aDashboardDose(acmeId, P[patient] as string, vaccine, n, day, extra))
    dose('p1', V.td, 1, addDays(today, -100))
    dose('p1', V.td, 2, addDays(today, -60))
    dose('p2', V.td, 1, addDays(today, -100))
    dose('p2', V.td, 2, addDays(today, -60))
    dose('p3', V.td, 1, addDays(today, -40))
    dose('p4', V.td, 1, addDays(today, -10))
    dose('p4', V.td, 2, addDays(today, -5), { deletedAt: '2026-01-01T00:00:00Z' })
    dose('p6', V.td, 1, addDays(today, -5000))
    dose('p6', V.td, 2, addDays(today, -4900))

    const exam = (patient: string, examinedOn: string, extra = {}) =>
      rows.exams.push({
        tenantId: acmeId,
        id: uuidv7(),
        patientId: P[patient] as string,
        examinedOn,
        condition: 'compliant',
        ...extra,
      })
    exam('p1', applied.examinedOn)
    exam('p1', addDays(applied.examinedOn, -400))
    exam('p2', dueIn10.examinedOn)
    exam('p3', dueToday.examinedOn)
    exam('p4', lateByOne.examinedOn)
    exam('p5', addDays(today, -30), { deletedAt: '2026-01-01T00:00:00Z' })

    const disability = (patient: string, type: string, start: string, end: string, extra = {}) =>
      rows.disabilities.push(aDashboardDisability(acmeId, P[patient] as string, type, start, end, extra))
    disability('p1', D.initial, '2026-03-30', '2026-04-02')
    disability('p1', D.relapse, '2026-04-01', '2026-04-05')
    disability('p2', D.initial, '2026-03-10', '2026-03-10')
    disability('p4', D.initial, '2026-03-01', '2026-03-20', { deletedAt: '2026-03-21T00:00:00Z' })
    disability('p7', D.initial, '2026-03-01', '2026-03-20')
    await insertDashboardData(t.database.db, acmeId, people, rows)

    const globexPatient = buildPatient(globexId)
    const globexRows = emptyRows()
    globexRows.encounters.push(
      aDashboardConsultation(globexId, globexPatient.id as string, '2026-03-03T16:00:00Z', [
        ['J00', 'Rinofaringitis', uuidv7()],
      ]),
    )
    await insertDashboardData(t.database.db, globexId, [globexPatient], globexRows)

    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    admin = (await sign('acme.localhost', acmeId, ['dashboard-index', 'assignments.all'])).headers
    const doctor = await sign('acme.localhost', acmeId, ['dashboard-index'])
    professional = doctor.headers
    professionalPatients = new Set([P.p1 as string, P.p2 as string])
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(patientAssignments).values(
        [...professionalPatients].map((patientId) => ({
          tenantId: acmeId,
          id: uuidv7(),
          patientId,
          userId: doctor.id,
        })),
      ),
    )
    withoutPermission = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, ['dashboard-index', 'assignments.all'])).headers
  })
  afterAll(() => t.close())

  const get = async (headers: Record<string, string>, item: string, query = '') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/${item}${query ? `?${query}` : ''}`,
      headers,
    })
    return { status: answer.statusCode, body: answer.json() }
  }
  const data = async (headers: Record<string, string>, item: string, query = '') => {
    const answer = await get(headers, item, query)
    expect(answer.status).toBe(200)
    return answer.body.data
  }
  /** The lower of two ids in code-unit order first. */
  const ordered = (a: string, b: string) => (a < b ? [a, b] : [b, a])

  describe('figures known by construction (administrator: the whole tenant)', () => {
    it('top 5 diagnoses: most consultations first, ties by the lower code, the latest name', async () => {
      expect(await data(admin, 'diagnostics', MARCH)).toEqual([
        { code: 'J00', name: 'Rinofaringitis aguda', consultations: 3, patients: 2 },
        { code: 'M54.5', name: 'Lumbago', consultations: 2, patients: 2 },
        { code: 'B34', name: 'Infección viral', consultations: 1, patients: 1 },
        { code: 'I10', name: 'Hipertensión', consultations: 1, patients: 1 },
        { code: 'J02', name: 'Faringitis', consultations: 1, patients: 1 },
      ])
    })

    it('affected systems: once per consultation, by month of the local day, named', async () => {
      const { systems: S } = catalog
      const [first, second] = ordered(S.card, S.general)
      const answer = await data(admin, 'affected-system', MARCH)
      expect(answer.systems).toEqual([
        { affected_system_id: S.resp, name: 'Respiratorio', consultations: 4, patients: 3 },
        { affected_system_id: S.musc, name: 'Musculoesquelético', consultations: 2, patients: 2 },
        expect.objectContaining({ affected_system_id: first, consultations: 1, patients: 1 }),
        expect.objectContaining({ affected_system_id: second, consultations: 1, patients: 1 }),
      ])
      expect(answer.months).toHaveLength(4)
      expect(answer.months.every((row: { month: string }) => row.month === '2026-03')).toBe(true)
      // Across a month's end: 31 March at 23:30 in Mexico City (1 April in UTC) is March's.
      const spring = await data(admin, 'affected-system', 'from=2026-03-01&to=2026-04-30')
      expect(spring.months.filter((row: { month: string }) => row.month === '2026-04')).toEqual([
        { affected_system_id: S.general, month: '2026-04', consultations: 1 },
      ])
      expect(spring.months).toContainEqual({ affected_system_id: S.musc, month: '2026-03', consultations: 2 })
      const top = await data(admin, 'affected-system/top-five', MARCH)
      expect(top.map((row: { affected_system_id: string }) => row.affected_system_id)).toEqual([
        S.resp,
        S.musc,
        first,
        second,
      ])
    })

    it('special labels and pregnancy: carriers counted once, deleted patients and sublabels nowhere', async () => {
      const { labels: Lb, sublabels: L } = catalog
      const answer = await data(admin, 'special-labels')
      const byId = Object.fromEntries(
        answer.labels.map(
          (label: {
            label_id: string
            patients: number
            sublabels: Array<{ sublabel_id: string; patients: number }>
          }) => [
            label.label_id,
            [label.patients, Object.fromEntries(label.sublabels.map((s) => [s.sublabel_id, s.patients]))],
          ],
        ),
      )
      expect(byId[Lb.pregnancy]).toEqual([2, { [L.t1]: 1, [L.t2]: 1 }])
      expect(byId[Lb.chronic]).toEqual([4, { [L.dm]: 3, [L.hta]: 2 }])
      // Labelled p3 and p4; reported at triage p3 and p5 (p6's answer is 300 days old).
      expect(answer.pregnancy).toMatchObject({ total: 3, labelled: 2, reported_at_triage: 2 })
    })

    it('vaccines: doses in the period by vaccine, scheme states today', async () => {
      const answer = await data(admin, 'vaccines', `from=${addDays(today, -120)}&to=${today}`)
      expect(answer).toEqual({
        vaccines: [{ vaccine_id: catalog.vaccines.td, name: 'Td', doses: 6, patients: 4 }],
        complete: 1,
        incomplete: 5,
        overdue: 4,
      })
    })

    it('periodic exams: the 10-day window’s edges, expired from the hire date, a deleted exam ignored', async () => {
      expect(await data(admin, 'periodic-exams')).toEqual({
        applied: 1,
        due_soon: 2,
        expired: 2,
        never_examined: 1,
      })
    })

    it('lost days: overlaps once, by type and month, within the period', async () => {
      const { types } = catalog
      expect(await data(admin, 'closed-days-data')).toEqual({
        total_days: 8,
        patients: 2,
        types: [
          { type_id: types.initial, name: 'Inicial', days: 5 },
          { type_id: types.relapse, name: 'Recaída', days: 3 },
        ],
        months: [
          { month: '2026-03', type_id: types.initial, days: 3 },
          { month: '2026-04', type_id: types.initial, days: 2 },
          { month: '2026-04', type_id: types.relapse, days: 3 },
        ].sort((a, b) => (a.month + a.type_id < b.month + b.type_id ? -1 : 1)),
      })
      const april = await data(admin, 'closed-days-data', 'from=2026-04-01&to=2026-04-03')
      expect(april.total_days).toBe(3)
    })

    it('patient charts: the live patients by sex and by age band today, whatever the period', async () => {
      const charts = await data(admin, 'patients-chart', MARCH)
      expect(charts.total).toBe(6)
      expect(Object.values(charts.by_sex).reduce((sum: number, n) => sum + (n as number), 0)).toBe(6)
      // Born in 1990 (35 or 36 today) and in 1950; the deleted p7 is not counted.
      expect(charts.by_age).toEqual(patientsByAge({ '30_39': 5, '60_plus': 1 }))
      expect((await data(professional, 'patients-chart')).total).toBe(2)
    })

    it('COVID: by the latest consultation’s status, in the period when one is given', async () => {
      expect(await data(admin, 'covid')).toMatchObject({
        observation: 2,
        hospitalized: 1,
        recovered: 1,
        patient_contact: 1,
        suspicious: 0,
        total: 5,
      })
      const recent = await data(admin, 'covid', `from=${addDays(today, -15)}`)
      expect(recent).toMatchObject({ observation: 2, patient_contact: 0, total: 4 })
    })
  })

  describe('filters and scope', () => {
    it('counts a professional without all-assignments over their patients only', async () => {
      expect(
        (await data(professional, 'diagnostics', MARCH)).map((d: { code: string }) => [d.code, d]),
      ).toEqual([
        ['J00', expect.objectContaining({ consultations: 3, patients: 2 })],
        ['J02', expect.objectContaining({ consultations: 1 })],
        ['M54.5', expect.objectContaining({ consultations: 1 })],
      ])
      expect(await data(professional, 'periodic-exams')).toEqual({
        applied: 1,
        due_soon: 1,
        expired: 0,
        never_examined: 0,
      })
    })

    it('narrows by subgroup item, special label and sublabel', async () => {
      const bySubgroup = await data(admin, 'diagnostics', `${MARCH}&subgroup=${catalog.shiftA}`)
      expect(
        bySubgroup.map((d: { code: string; consultations: number }) => [d.code, d.consultations]),
      ).toEqual([
        ['J00', 2],
        ['I10', 1],
        ['M54.5', 1],
      ])
      const chronic = await data(admin, 'periodic-exams', `special_label=${catalog.labels.chronic}`)
      expect(chronic).toEqual({ applied: 1, due_soon: 1, expired: 2, never_examined: 0 })
      const hta = await data(admin, 'special-labels', `sublabel=${catalog.sublabels.hta}`)
      expect(
        hta.labels.find((l: { label_id: string }) => l.label_id === catalog.labels.chronic).patients,
      ).toBe(2)
      const mismatch = `special_label=${catalog.labels.pregnancy}&sublabel=${catalog.sublabels.hta}`
      expect((await data(admin, 'covid', mismatch)).total).toBe(0)
    })

    it('offers the subgroup items in use and the live labels in get-filters/dashboard', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/operation/get-filters/dashboard',
        headers: admin,
      })
      expect(answer.statusCode).toBe(200)
      const filters = answer.json().data
      expect(filters.subgroups).toEqual([{ id: catalog.shiftA, name: 'Turno: Turno A' }])
      expect(filters.special_labels.map((l: { name: string }) => l.name)).toEqual([
        'Embarazo',
        'Enfermedad crónica',
      ])
      expect(filters.special_labels[0].sublabels.map((s: { name: string }) => s.name)).toEqual([
        'Primer trimestre',
        'Segundo trimestre',
      ])
    })

    it('audits each call with its filters, naming no patient', async () => {
      await data(admin, 'covid', 'from=2026-01-01')
      const entries = await withTenant(t.database.db, acmeId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'dashboard.covid'))),
      )
      expect(
        entries.some((e) => e.entityId === null && JSON.stringify(e.details).includes('2026-01-01')),
      ).toBe(true)
    })
  })

  describe('the device and the server agree', () => {
    const queries = [
      '',
      MARCH,
      `from=${addDays(today, -120)}&to=${today}`,
      'from=2026-04-01&to=2026-04-03',
      `subgroup=${'SHIFT'}`,
      `special_label=${'CHRONIC'}`,
    ]
    const resolved = (query: string) =>
      query.replace('SHIFT', catalog.shiftA).replace('CHRONIC', catalog.labels.chronic)

    /** An answer without the names, colours and icons the server adds from the catalogues. */
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

    /** Each call's answer, without the catalogue's names (a diagnosis' name is the rule's own). */
    async function serverFigures(headers: Record<string, string>, query: string) {
      const answers = await Promise.all(ITEMS.map((item) => data(headers, item, query)))
      return Object.fromEntries(
        ITEMS.map((item, index) => [item, item === 'diagnostics' ? answers[index] : unnamed(answers[index])]),
      )
    }

    /** What the rules give for the rows, with the names the server adds left out. */
    function ruleFigures(rows: Awaited<ReturnType<typeof readDashboardData>>, query: string) {
      const params = Object.fromEntries(new URLSearchParams(query))
      const labels = rows.labels.map((l) => ({ id: l.id, sublabels: l.sublabels }))
      const figures = dashboardFigures(rows, dashboardFilterOf(params, labels, ZONE), today)
      return {
        'affected-system': figures.affectedSystems,
        'affected-system/top-five': figures.topAffectedSystems,
        diagnostics: figures.topDiagnoses,
        'special-labels': { labels: figures.specialLabels, pregnancy: figures.pregnancy },
        vaccines: figures.vaccines,
        'periodic-exams': figures.periodicExams,
        'closed-days-data': figures.lostDays,
        covid: figures.covid,
        'patients-chart': figures.patients,
      }
    }

    it('gives the administrator’s figures from the rules over the same rows', async () => {
      const rows = await withTenant(t.database.db, acmeId, (tx) => readDashboardData(tx))
      for (const query of queries.map(resolved)) {
        expect(await serverFigures(admin, query), query).toEqual(ruleFigures(rows, query))
      }
    })

    it('gives in the PDF the top five affected systems of the rules, taken from its whole list, and the consultation items of its one pass (the calls after it reuse them)', async () => {
      const rows = await withTenant(t.database.db, acmeId, (tx) => readDashboardData(tx))
      for (const query of queries.map(resolved)) {
        // A change first, so that the PDF works every answer out rather than reusing the calls'.
        await withTenant(t.database.db, acmeId, (tx) => noteAChange(tx, acmeId))
        const pdf = await t.app.inject({
          method: 'POST',
          url: '/api/dashboard/download-pdf',
          headers: admin,
          payload: Object.fromEntries(new URLSearchParams(query)),
        })
        expect(pdf.statusCode, query).toBe(200)
        const expected = ruleFigures(rows, query)
        const topFive = await data(admin, 'affected-system/top-five', query)
        expect(unnamed(topFive), query).toEqual(expected['affected-system/top-five'])
        // Kept by the PDF from one pass over the rows (decision 0049), as their calls count them.
        expect(unnamed(await data(admin, 'affected-system', query)), query).toEqual(
          expected['affected-system'],
        )
        expect(await data(admin, 'diagnostics', query), query).toEqual(expected.diagnostics)
      }
    })

    it('gives a professional’s figures from the rules over their cached patients', async () => {
      const rows = await withTenant(t.database.db, acmeId, (tx) =>
        readDashboardData(tx, professionalPatients),
      )
      for (const query of queries.map(resolved)) {
        expect(await serverFigures(professional, query), query).toEqual(ruleFigures(rows, query))
      }
    })
  })

  describe('the PDF', () => {
    it('prints the figures the calls answer, in the request’s language', async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/download-pdf',
        headers: { ...admin, 'accept-language': 'es' },
        payload: { from: '2026-03-01', to: '2026-03-31', time_zone: ZONE },
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      const stamp = today.split('-').reverse().join('_')
      expect(answer.headers['content-disposition']).toContain(`tablero_${stamp}.pdf`)
      const text = pdfText(answer.rawPayload).join('\n')
      expect(text).toContain('Top 5 diagnósticos')
      expect(text).toContain('Rinofaringitis aguda')
      expect(text).toContain('Periodo: 2026/03/01 a 2026/03/31')
      expect(text).toContain('Hospitalizado')
    })

    it('answers PDFs asked at once, whose lanes want more connections than the database has', async () => {
      await withTenant(t.database.db, acmeId, (tx) => noteAChange(tx, acmeId))
      // The tests' pool holds 4 connections (PostgreSQL); 6 PDFs want 12 for their lanes at once.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/dashboard/download-pdf',
            headers: admin,
            payload: { from: '2026-03-01', to: '2026-03-31', time_zone: ZONE },
          }),
        ),
      )
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200)
        expect(pdfText(answer.rawPayload).join('\n')).toContain('Rinofaringitis aguda')
      }
    })

    it('answers 500 when one of its items fails, once both lanes have ended, and the next PDF is drawn', async () => {
      await withTenant(t.database.db, acmeId, (tx) => noteAChange(tx, acmeId))
      const pdf = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/dashboard/download-pdf',
          headers: admin,
          payload: { from: '2026-03-01', to: '2026-03-31', time_zone: ZONE },
        })
      // The app's role may not rename a table: its owner may.
      const asOwner = (statement: ReturnType<typeof sql>) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local role none`)
          await tx.execute(statement)
        })
      // The lost days' item reads the disabilities, and no other item of the PDF does.
      await asOwner(sql`alter table disabilities rename to disabilities_away`)
      try {
        const failed = await pdf()
        expect(failed.statusCode).toBe(500)
        expect(failed.body).not.toContain('disabilities')
        // Neither lane left a transaction open (on the embedded database, the rename back would wait).
        const open = (await t.database.db.execute(
          sql`select count(*)::int as open from pg_stat_activity
               where datname = current_database() and state like 'idle in transaction%'`,
        )) as unknown as { rows: unknown[] }
        expect(open.rows).toEqual([{ open: 0 }])
      } finally {
        await asOwner(sql`alter table disabilities_away rename to disabilities`)
      }
      const drawn = await pdf()
      expect(drawn.statusCode).toBe(200)
      expect(pdfText(drawn.rawPayload).join('\n')).toContain('Rinofaringitis aguda')
    })

    it('refuses a bad body with 422 and per-field messages', async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/download-pdf',
        headers: admin,
        payload: { from: '2026-03-31', to: '2026-03-01' },
      })
      expect(answer.statusCode).toBe(422)
      expect(answer.json().errors.to).toBeDefined()
    })
  })

  describe('access and validation', () => {
    it('answers 401 without a token and 403 without dashboard-index, on every call', async () => {
      for (const item of ITEMS) {
        expect((await get({ host: 'acme.localhost' }, item)).status).toBe(401)
        const refused = await get(withoutPermission, item)
        expect(refused.status).toBe(403)
        expect(refused.body.message).toBe('Lo sentimos no tiene permiso para acceder')
      }
    })

    it('keeps another tenant’s data out, and its label ids match nobody', async () => {
      const globex = await data(intruder, 'diagnostics', MARCH)
      expect(globex).toEqual([expect.objectContaining({ code: 'J00', consultations: 1, patients: 1 })])
      expect(await data(intruder, 'periodic-exams', `special_label=${catalog.labels.chronic}`)).toEqual({
        applied: 0,
        due_soon: 0,
        expired: 0,
        never_examined: 0,
      })
    })

    it('refuses a bad query with 422, per field, in Spanish and English', async () => {
      const backwards = await get(
        { ...admin, 'accept-language': 'es' },
        'covid',
        'from=2026-03-31&to=2026-03-01',
      )
      expect(backwards.status).toBe(422)
      expect(backwards.body.errors.to).toEqual(['La fecha final no puede ser anterior a la inicial.'])
      const english = await get(
        { ...admin, 'accept-language': 'en' },
        'vaccines',
        'from=2026-02-30&subgroup=x',
      )
      expect(english.status).toBe(422)
      expect(Object.keys(english.body.errors).sort()).toEqual(['from', 'subgroup'])
      const zone = await get(admin, 'periodic-exams', 'time_zone=Mars/Olympus')
      expect(zone.status).toBe(422)
      expect(zone.body.errors.time_zone).toBeDefined()
    })
  })
})
