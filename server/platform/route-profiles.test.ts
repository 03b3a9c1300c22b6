import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { PROFILES } from '../seed/profiles'
import type { DeclaredRoute } from './access'

/**
 * A read permission never grants a write (issue 16). Every route that writes declares a
 * permission to write — never `authenticated` (but for a user's own account, listed below) and
 * never a permission to read — and each profile the tenants are seeded with (one per role of
 * SPEC §1) is refused with a 403 every route whose declared permission it does not hold.
 */

/** Writes a signed-in user makes to their own account, or that carry calls checked one by one. */
const SELF_SERVICE_WRITES = [
  'POST /api/authentication/update-password',
  'POST /api/authentication/notice-privacy',
  'POST /api/configuration/profile/edit',
  'DELETE /api/configuration/profile/:id',
  // Each entry of a batch runs as its own call, with that call's permission (decision 0014).
  'POST /api/sync/batch',
]

/** Permissions that let one look: screens' lists and details, histories, exports. */
const READ_PERMISSION = /(-index|-details?|-view|-card|-history|\.list|\.view|\.export|\.history)$/

const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`
const grantsOf = (route: DeclaredRoute): readonly string[] =>
  route.access === 'public' || route.access === 'authenticated' ? [] : [route.access ?? ''].flat()
/** A call changes something unless it is a GET or its contract endpoint declares it `reads`. */
const writes = (route: DeclaredRoute) => route.method !== 'GET' && route.endpoint?.reads !== true

const PLACEHOLDER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
const requestTo = (route: DeclaredRoute, headers: Record<string, string>): InjectOptions => ({
  method: route.method as InjectOptions['method'],
  url: route.url.replace(/:(\w+)/g, PLACEHOLDER_ID),
  headers,
  ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
})

describe('every seeded profile on every route', () => {
  let t: TestApp
  let patientId: string
  const host = 'acme.localhost'
  const profiles = new Map<string, { permissions: ReadonlySet<string>; headers: Record<string, string> }>()

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    const tenant = await buildTenant(t.database.db, { slug: 'acme' })
    patientId = (await insertPatient(t.database.db, tenant.id)).id as string
    for (const profile of PROFILES) {
      const user = await buildUser(t.database.db, tenant.id, {
        email: `${profile.code}@acme.mx`,
        permissions: [...new Set(profile.permissions)],
      })
      const { headers } = await signIn(t.app, host, user.email)
      profiles.set(profile.code, { permissions: new Set(profile.permissions), headers })
    }
  })
  afterAll(() => t.close())

  const routes = () => t.app.declaredRoutes

  it('declares a permission to write on every route that writes, never one to read', () => {
    const writing = routes().filter((route) => writes(route) && route.access !== 'public')
    expect(writing.length).toBeGreaterThan(40)
    const open = writing
      .filter((route) => route.access === 'authenticated')
      .map(nameOf)
      .filter((name) => !SELF_SERVICE_WRITES.includes(name))
    expect(open).toEqual([])
    const byReading = writing
      .filter((route) => grantsOf(route).some((grant) => READ_PERMISSION.test(grant)))
      .map((route) => `${nameOf(route)} (${grantsOf(route).join(' | ')})`)
    expect(byReading).toEqual([])
  })

  it('declares `reads` only on POSTs, and each of them takes a permission to read', () => {
    const reading = routes().filter((route) => route.endpoint?.reads)
    expect(reading.map(nameOf)).toEqual(expect.arrayContaining(['POST /api/operation/patients/list']))
    expect(reading.filter((route) => route.method !== 'POST').map(nameOf)).toEqual([])
    const byWriting = reading
      .filter((route) => !grantsOf(route).every((grant) => READ_PERMISSION.test(grant)))
      .map((route) => `${nameOf(route)} (${grantsOf(route).join(' | ')})`)
    expect(byWriting).toEqual([])
  })

  it('refuses each seeded profile every route whose permission it does not hold', async () => {
    let refused = 0
    for (const route of routes().filter((r) => grantsOf(r).length > 0)) {
      for (const [code, profile] of profiles) {
        if (grantsOf(route).some((grant) => profile.permissions.has(grant))) continue
        const res = await t.app.inject(requestTo(route, profile.headers))
        expect(res.statusCode, `${code}: ${nameOf(route)}`).toBe(403)
        refused++
      }
    }
    expect(refused).toBeGreaterThan(300)
  })

  it('lets the account manager read a patient’s readings, and write none', async () => {
    const manager = profiles.get('account-manager')?.headers as Record<string, string>
    const list = await t.app.inject({
      url: `/api/operation/patients/blood-pressure?patient_id=${patientId}`,
      headers: manager,
    })
    expect(list.statusCode).toBe(200)
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/operation/patients/blood-pressure',
      headers: manager,
      payload: {
        id: PLACEHOLDER_ID,
        patient_id: patientId,
        taken_at: '2026-11-24T08:30:00.000Z',
        systolic: 124,
        diastolic: 80,
      },
    })
    expect(create.statusCode).toBe(403)
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/operation/patients/blood-pressure/${PLACEHOLDER_ID}`,
        headers: { ...manager, 'if-match': '"1"' },
        ...(method === 'PUT' ? { payload: { systolic: 130 } } : {}),
      })
      expect(res.statusCode, method).toBe(403)
    }
  })
})
