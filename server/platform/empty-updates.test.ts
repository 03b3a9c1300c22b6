import { eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS } from '../../src/contract/rules/permissions'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { withTenant } from '../db/client'
import { bloodPressureReadings, patients, recordSections } from '../db/schema'
import type { DeclaredRoute } from './access'

/**
 * Issue 16: an update with nothing to change — `[]`, `{}`, or only keys the record does not have
 * — is a 422 on every route that edits a record, so it never bumps a version nor writes a change
 * (which would make every other device's If-Match stale). The editing routes are read from the
 * app, so an editable kind added later is held to it too.
 */
const EMPTY_UPDATES = ['[]', '{}', '{"nickname":"Lupita","version":99}']

/** A route that changes a record it names (or, for a patient's own profile, the caller's). */
const edits = (route: DeclaredRoute) =>
  route.method === 'PUT' ||
  route.method === 'PATCH' ||
  (route.method === 'POST' && route.url.includes('/:id'))

describe('an update with nothing to change', () => {
  let t: TestApp
  let tenantId: string
  let headers: Record<string, string>
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    tenantId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    ids.patient = (await insertPatient(t.database.db, tenantId)).id as string
    const user = await buildUser(t.database.db, tenantId, { permissions: ALL_PERMISSIONS })
    headers = (await signIn(t.app, 'acme.localhost', user.email)).headers
    // A reading and a record section, through their routes, to edit.
    for (const [name, url, body] of [
      [
        'reading',
        '/api/operation/patients/blood-pressure',
        { taken_at: '2026-11-20T08:30:00.000Z', systolic: 121, diastolic: 79 },
      ],
      ['section', '/api/operation/patients/allergies-tolerances', { description: 'Penicilina' }],
    ] as const) {
      ids[name] = uuidv7()
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { id: ids[name], patient_id: ids.patient, ...body },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
  })
  afterAll(() => t.close())

  const state = () =>
    withTenant(t.database.db, tenantId, async (tx) => {
      const version = async (rows: Promise<{ version: number }[]>) => (await rows)[0]?.version
      return {
        patient: await version(
          tx
            .select({ version: patients.version })
            .from(patients)
            .where(eq(patients.id, ids.patient as string)),
        ),
        reading: await version(
          tx
            .select({ version: bloodPressureReadings.version })
            .from(bloodPressureReadings)
            .where(eq(bloodPressureReadings.id, ids.reading as string)),
        ),
        section: await version(
          tx
            .select({ version: recordSections.version })
            .from(recordSections)
            .where(eq(recordSections.id, ids.section as string)),
        ),
        changes: (
          (await tx.execute(sql`select count(*)::int as n from change_log`)) as unknown as {
            rows: { n: number }[]
          }
        ).rows[0]?.n,
      }
    })

  /** The record each editing route names: the ones made above, a placeholder for the others. */
  const urlOf = (route: DeclaredRoute) => {
    const id = route.url.includes('/patients/update/')
      ? ids.patient
      : route.url.includes('/patients/blood-pressure/')
        ? ids.reading
        : route.url.includes('/patients/allergies-tolerances/')
          ? ids.section
          : '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
    return route.url.replace(/:(\w+)/g, id as string)
  }

  it('is a 422 on every editing route, and leaves versions and the change log as they were', async () => {
    const routes = t.app.declaredRoutes.filter(edits)
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/operation/patients/update/:id',
        '/api/operation/patient-profile',
        '/api/operation/patients/blood-pressure/:id',
        '/api/operation/patients/covid-status/update/:id',
        '/api/configuration/users/:id',
        '/api/configuration/roles/:id',
      ]),
    )
    const before = await state()
    for (const route of routes) {
      for (const payload of EMPTY_UPDATES) {
        const res = await t.app.inject({
          method: route.method as 'PUT',
          url: urlOf(route),
          headers: { ...headers, 'content-type': 'application/json', 'if-match': '"1"' },
          payload,
        })
        expect(res.statusCode, `${route.method} ${route.url} ${payload}: ${res.body}`).toBe(422)
      }
    }
    expect(await state()).toEqual(before)
  })
})
