import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { affectedSystemsIndex, affectedSystemsSheet } from '../../../src/documents/affected-systems-rows'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertSyncedPatient } from '../../../tests/fixtures/assignments'
import {
  aConsultation,
  type EncounterCatalog,
  seedEncounterCatalog,
} from '../../../tests/fixtures/encounters'
import { insertPatient } from '../../../tests/fixtures/patients'
import { insertSubgroup } from '../../../tests/fixtures/subgroups'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, patientAssignments, patients } from '../../db/schema'
import { changesAfter } from '../sync/feed'

const URL_BASE = '/api/operation/patients/affected-systems/excel'
const MEXICO = 'America/Mexico_City'

/**
 * The affected systems' spreadsheet through the real route (SPEC §7 exports, issue 24): the rows of
 * the function the device's index runs (the same over the rows the device pulls), its filters, its
 * name with the day, the audit, access, assignments, validation and tenant isolation.
 */
describe('the affected systems spreadsheet', () => {
  let t: TestApp
  let acmeId: string
  let catalog: EncounterCatalog
  let globexCatalog: EncounterCatalog
  let ana: string
  let bruno: string
  let plantItem: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  const download = async (query: string, headers = doctor) => {
    const answer = await t.app.inject({ method: 'GET', url: `${URL_BASE}?${query}`, headers })
    const isFile = String(answer.headers['content-type']).includes('spreadsheetml')
    const book = isFile ? XLSX.read(answer.rawPayload) : null
    const sheet = book?.Sheets[book.SheetNames[0] as string]
    const rows = sheet ? XLSX.utils.sheet_to_json<Array<string | number>>(sheet, { header: 1 }) : []
    return {
      status: answer.statusCode,
      rows,
      name: String(answer.headers['content-disposition'] ?? ''),
      errors: isFile ? undefined : answer.json().errors,
    }
  }
  const november = `from=2026-11-01&to=2026-11-30&time_zone=${encodeURIComponent(MEXICO)}`

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    globexCatalog = await seedEncounterCatalog(t.database.db, globexId)
    plantItem = (await insertSubgroup(t.database.db, acmeId, 'Planta', ['Turno matutino']))['Turno matutino']
    ana = (await insertSyncedPatient(t.database.db, acmeId, { name: 'Ana', subgroups: [plantItem] })).id
    bruno = (await insertSyncedPatient(t.database.db, acmeId, { name: 'Bruno' })).id
    const globexPatient = (await insertPatient(t.database.db, globexId, { name: 'Gloria' })).id as string
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions, name: 'Ricardo' })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    const recorder = (
      await sign('acme.localhost', acmeId, ['medical-consultation-create', 'assignments.all'])
    ).headers
    const globexRecorder = (
      await sign('globex.localhost', globexId, ['medical-consultation-create', 'assignments.all'])
    ).headers
    doctor = (
      await sign('acme.localhost', acmeId, ['affected-systems-concentrated-index', 'assignments.all'])
    ).headers
    const professional = await sign('acme.localhost', acmeId, ['affected-systems-concentrated-index'])
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId: ana, userId: professional.id }),
    )
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (
      await sign('globex.localhost', globexId, ['affected-systems-concentrated-index', 'assignments.all'])
    ).headers

    const respiratory = {
      code: 'J00',
      name: 'Rinofaringitis aguda',
      affected_system_id: catalog.respiratoryId,
    }
    const hypertension = {
      code: 'I10',
      name: 'Hipertensión esencial',
      affected_system_id: catalog.cardiovascularId,
    }
    const consult = async (headers: Record<string, string>, body: ReturnType<typeof aConsultation>) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/operation/patients/encounter',
        headers: { ...headers, 'idempotency-key': uuidv7() },
        payload: { id: uuidv7(), ...body },
      })
      expect(answer.statusCode).toBe(200)
    }
    // Ana: a cold twice and her blood pressure once in November; Bruno: a cold on its last minute
    // in central Mexico (1 December in UTC) and one in October, out of the period.
    await consult(
      recorder,
      aConsultation(catalog, ana, { started_at: '2026-11-05T16:00:00.000Z', diagnoses: [respiratory] }),
    )
    await consult(
      recorder,
      aConsultation(catalog, ana, {
        started_at: '2026-11-20T16:00:00.000Z',
        diagnoses: [respiratory, hypertension],
      }),
    )
    await consult(
      recorder,
      aConsultation(catalog, bruno, { started_at: '2026-12-01T05:59:00.000Z', diagnoses: [respiratory] }),
    )
    await consult(
      recorder,
      aConsultation(catalog, bruno, { started_at: '2026-10-15T16:00:00.000Z', diagnoses: [respiratory] }),
    )
    await consult(
      globexRecorder,
      aConsultation(globexCatalog, globexPatient, {
        started_at: '2026-11-10T16:00:00.000Z',
        diagnoses: [{ ...respiratory, affected_system_id: globexCatalog.respiratoryId }],
      }),
    )
  })
  afterAll(() => t.close())

  it('answers the index as a spreadsheet named with the day, the rows the device works out', async () => {
    const answer = await download(november)
    expect(answer.status).toBe(200)
    expect(answer.name).toMatch(/filename="sistemas_afectados_\d{2}_\d{2}_\d{4}\.xlsx"/)
    const [header, ...lines] = answer.rows
    expect(header?.[0]).toBe('Aparato o sistema afectado')
    expect(lines.map((line) => [line[0], line[1], line[3], line[6], line[7]])).toEqual([
      ['Aparato respiratorio', 'J00', expect.stringContaining('Ana'), 2, '2026/11/20'],
      ['Aparato respiratorio', 'J00', expect.stringContaining('Bruno'), 1, '2026/11/30'],
      ['Aparato cardiovascular', 'I10', expect.stringContaining('Ana'), 1, '2026/11/20'],
    ])

    // The device's rows: the patients and consultations the feed gave it, through the same function.
    const page = await withTenant(t.database.db, acmeId, (tx) =>
      changesAfter(tx, acmeId, { kind: 'tenant' }, undefined, 5000),
    )
    const data = (entity: string) =>
      page.changes.filter((change) => change.entity === entity).map((change) => change.data as never)
    const names = new Map([
      [catalog.respiratoryId, 'Aparato respiratorio'],
      [catalog.cardiovascularId, 'Aparato cardiovascular'],
    ])
    const device = affectedSystemsIndex(
      data('patient'),
      data('encounter'),
      {
        period: { from: '2026-11-01', to: '2026-11-30' },
        subgroup: null,
        sublabels: null,
        timeZone: MEXICO,
        affectedSystem: null,
        diagnosis: null,
      },
      names,
    )
    const sheet = affectedSystemsSheet(device.rows, 'es')
    expect(lines).toEqual(
      sheet.cells.map((cells) => cells.map((cell) => cell ?? undefined).filter((cell) => cell !== undefined)),
    )
  })

  it('narrows to a system, a diagnosis and a subgroup, reads the days in the zone asked, in English too', async () => {
    const cardio = await download(`${november}&affected_system=${catalog.cardiovascularId}`)
    expect(cardio.rows.slice(1).map((line) => line[1])).toEqual(['I10'])
    const cold = await download(`${november}&diagnosis=j00`)
    expect(cold.rows.slice(1).map((line) => line[1])).toEqual(['J00', 'J00'])
    const plant = await download(`${november}&subgroup=${plantItem}`)
    expect(plant.rows.slice(1).every((line) => String(line[3]).includes('Ana'))).toBe(true)
    const utc = await download('from=2026-11-01&to=2026-11-30&time_zone=UTC')
    expect(utc.rows.slice(1).some((line) => String(line[3]).includes('Bruno'))).toBe(false)
    const english = await t.app.inject({
      method: 'GET',
      url: `${URL_BASE}?${november}`,
      headers: { ...doctor, 'accept-language': 'en' },
    })
    expect(String(english.headers['content-disposition'])).toMatch(/affected_systems_\d{2}_\d{2}_\d{4}\.xlsx/)
  })

  it('is audited with the patients it names', async () => {
    await download(november)
    const entries = await withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'affected-systems.export')),
    )
    const details = entries.at(-1)?.details as { patients: string[] }
    expect([...details.patients].sort()).toEqual([ana, bruno].sort())
  })

  it('refuses a period that ends before it starts and bad filters, per field (422)', async () => {
    const backwards = await download('from=2026-11-30&to=2026-11-01')
    expect(backwards.status).toBe(422)
    expect(Object.keys(backwards.errors)).toEqual(['to'])
    const bad = await download('affected_system=nope&from=2026-02-30')
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.errors).sort()).toEqual(['affected_system', 'from'])
  })

  it('needs a session (401) and the permission (403)', async () => {
    expect((await download(november, anonymous)).status).toBe(401)
    expect((await download(november, nobody)).status).toBe(403)
  })

  it("keeps to the caller's tenant and, for a professional, to their patients", async () => {
    const globex = await download(november, intruder)
    expect(globex.status).toBe(200)
    expect(globex.rows.slice(1).map((line) => line[3])).toEqual([expect.stringContaining('Gloria')])
    // Another tenant's system id names nothing here.
    const foreign = await download(`${november}&affected_system=${globexCatalog.respiratoryId}`)
    expect(foreign.rows.slice(1)).toEqual([])
    const mine = await download(november, assigned)
    expect(mine.rows.slice(1).every((line) => String(line[3]).includes('Ana'))).toBe(true)
    expect(mine.rows.length).toBeGreaterThan(1)
    // A patient deleted since leaves the list.
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.update(patients).set({ deletedAt: new Date().toISOString() }).where(eq(patients.id, bruno)),
    )
    const after = await download(november)
    expect(after.rows.slice(1).some((line) => String(line[3]).includes('Bruno'))).toBe(false)
  })
})
