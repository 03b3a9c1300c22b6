import { readFileSync } from 'node:fs'
import { asc, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import {
  aConsultation,
  type EncounterCatalog,
  seedEncounterCatalog,
} from '../../../tests/fixtures/encounters'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { consultationDiagnoses } from '../../db/schema'

const BASE = '/api/operation/patients/encounter'

/**
 * `consultation_diagnoses` (decision 0039) follows every write of a consultation: the create and
 * amend routes, and the sync batch that replays them; each row links to its patient's previous
 * of its code and system (decision 0043); the migrations' backfills give the same rows; another
 * tenant sees none of them.
 */
describe('the dashboard’s diagnosis rows', () => {
  let t: TestApp
  let acmeId: string
  let globexId: string
  let catalog: EncounterCatalog
  let patientId: string
  let doctor: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    catalog = await seedEncounterCatalog(t.database.db, acmeId)
    patientId = (await insertPatient(t.database.db, acmeId)).id as string
    const user = await buildUser(t.database.db, acmeId, {
      permissions: [
        'medical-consultation-create',
        'medical-consultation-edit',
        'consultation.view',
        'assignments.all',
      ],
      professionalLicense: '12345678',
    })
    doctor = (await signIn(t.app, 'acme.localhost', user.email)).headers
  })
  afterAll(() => t.close())

  const j00 = () => ({ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: catalog.respiratoryId })
  const i10 = () => ({
    code: 'I10',
    name: 'Hipertensión esencial',
    affected_system_id: catalog.cardiovascularId,
  })
  // The same system as J00's (the catalogue checks codes and systems, not which holds which).
  const i10Respiratory = () => ({ ...i10(), affected_system_id: catalog.respiratoryId })

  const rowsOf = (encounterId: string, tenantId = acmeId) =>
    withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select()
        .from(consultationDiagnoses)
        .where(eq(consultationDiagnoses.encounterId, encounterId))
        .orderBy(asc(consultationDiagnoses.position)),
    )
  const summary = (rows: Array<typeof consultationDiagnoses.$inferSelect>) =>
    rows.map((row) => [
      row.position,
      row.code,
      row.name,
      row.affectedSystemId,
      row.firstOfSystem,
      new Date(row.startedAt).toISOString(),
      row.patientId,
    ])

  const post = (url: string, body: object, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { ...doctor, 'idempotency-key': uuidv7(), ...extra },
      payload: body,
    })

  it('writes a created consultation’s diagnoses, each system’s first marked', async () => {
    const body = {
      id: uuidv7(),
      ...aConsultation(catalog, patientId, { diagnoses: [j00(), i10Respiratory()] }),
    }
    expect((await post('', body)).statusCode).toBe(200)
    const at = '2026-11-20T15:30:00.000Z'
    expect(summary(await rowsOf(body.id))).toEqual([
      [1, 'J00', 'Rinofaringitis aguda', catalog.respiratoryId, true, at, patientId],
      [2, 'I10', 'Hipertensión esencial', catalog.respiratoryId, false, at, patientId],
    ])
  })

  it('rewrites them on an amendment of the diagnoses or the instant, and leaves them on one of neither', async () => {
    const body = { id: uuidv7(), ...aConsultation(catalog, patientId, { diagnoses: [j00()] }) }
    expect((await post('', body)).statusCode).toBe(200)
    const amended = await post(
      `/${body.id}`,
      { diagnoses: [i10(), j00()], started_at: '2026-10-01T16:00:00.000Z' },
      { 'if-match': '"1"' },
    )
    expect(amended.statusCode).toBe(200)
    const at = '2026-10-01T16:00:00.000Z'
    const rewritten = [
      [1, 'I10', 'Hipertensión esencial', catalog.cardiovascularId, true, at, patientId],
      [2, 'J00', 'Rinofaringitis aguda', catalog.respiratoryId, true, at, patientId],
    ]
    expect(summary(await rowsOf(body.id))).toEqual(rewritten)
    expect(
      (await post(`/${body.id}`, { plan: 'Control en una semana.' }, { 'if-match': '"2"' })).statusCode,
    ).toBe(200)
    expect(summary(await rowsOf(body.id))).toEqual(rewritten)
  })

  it('links each row to its patient’s previous of the code and of the system, relinked as consultations come and move', async () => {
    const patient = (await insertPatient(t.database.db, acmeId)).id as string
    const create = async (startedAt: string, diagnoses: object[]) => {
      const body = { id: uuidv7(), ...aConsultation(catalog, patient, { started_at: startedAt, diagnoses }) }
      expect((await post('', body)).statusCode).toBe(200)
      return body.id
    }
    const links = async (id: string) =>
      (await rowsOf(id)).map((row) => [
        row.code,
        row.previousOfCodeAt && new Date(row.previousOfCodeAt).toISOString(),
        row.previousOfSystemAt && new Date(row.previousOfSystemAt).toISOString(),
      ])
    const nov20 = '2026-11-20T15:30:00.000Z'
    const nov25 = '2026-11-25T15:30:00.000Z'
    const nov10 = '2026-11-10T15:30:00.000Z'
    const a = await create(nov20, [j00()])
    const b = await create(nov25, [j00(), i10Respiratory()])
    expect(await links(a)).toEqual([['J00', null, null]])
    // I10 is new to the patient but not the first of its system in the consultation.
    expect(await links(b)).toEqual([
      ['J00', nov20, nov20],
      ['I10', null, null],
    ])
    // An earlier consultation synced later becomes the previous of the one after it.
    const c = await create(nov10, [j00()])
    expect(await links(c)).toEqual([['J00', null, null]])
    expect(await links(a)).toEqual([['J00', nov10, nov10]])
    // Moved after the others, it follows them instead; those before it are linked again.
    const dec1 = '2026-12-01T15:30:00.000Z'
    expect((await post(`/${c}`, { started_at: dec1 }, { 'if-match': '"1"' })).statusCode).toBe(200)
    expect(await links(a)).toEqual([['J00', null, null]])
    expect(await links(b)).toEqual([
      ['J00', nov20, nov20],
      ['I10', null, null],
    ])
    expect(await links(c)).toEqual([['J00', nov25, nov25]])
  })

  it('writes them for a consultation pushed in a sync batch, and keeps none of a refused one', async () => {
    const pushed = { id: uuidv7(), ...aConsultation(catalog, patientId, { diagnoses: [i10()] }) }
    const refused = { id: uuidv7(), ...aConsultation(catalog, uuidv7(), { diagnoses: [i10()] }) }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/batch',
      headers: doctor,
      payload: {
        requests: [
          { key: uuidv7(), method: 'POST', path: BASE, body: pushed },
          { key: uuidv7(), method: 'POST', path: BASE, body: refused },
        ],
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.answers.map((answer: { status: number }) => answer.status)).toEqual([
      200, 404,
    ])
    expect(summary(await rowsOf(pushed.id)).map((row) => row[1])).toEqual(['I10'])
    expect(await rowsOf(refused.id)).toEqual([])
  })

  it('gives the same rows from the migration’s backfill statement', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0025_consultation_diagnoses.sql', import.meta.url),
      'utf8',
    )
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'))
    expect(backfill).toBeDefined()
    // Then the previous rows' links, by the backfill of the migration that added them (0026).
    const links = readFileSync(
      new URL('../../db/migrations/0026_consultation_diagnoses_previous.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE'))
    expect(links).toBeDefined()
    const [kept, backfilled] = await withTenant(t.database.db, acmeId, async (tx) => {
      const all = () =>
        tx
          .select()
          .from(consultationDiagnoses)
          .orderBy(asc(consultationDiagnoses.encounterId), asc(consultationDiagnoses.position))
      const before = await all()
      await tx.execute(sql`delete from ${consultationDiagnoses}`)
      await tx.execute(sql.raw(backfill as string))
      await tx.execute(sql.raw(links as string))
      return [before, await all()]
    })
    expect(kept.length).toBeGreaterThan(0)
    expect(backfilled).toEqual(kept)
  })

  it('shows another tenant none of them, and refuses it writing one', async () => {
    expect(
      await withTenant(t.database.db, acmeId, (tx) => tx.select().from(consultationDiagnoses)),
    ).not.toEqual([])
    expect(
      await withTenant(t.database.db, globexId, (tx) => tx.select().from(consultationDiagnoses)),
    ).toEqual([])
    const [row] = await withTenant(t.database.db, acmeId, (tx) =>
      tx.select().from(consultationDiagnoses).limit(1),
    )
    const write = withTenant(t.database.db, globexId, (tx) =>
      tx
        .insert(consultationDiagnoses)
        .values({ ...(row as typeof consultationDiagnoses.$inferSelect), position: 99 }),
    )
    await expect(write).rejects.toThrow()
  })
})
