import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, isLandlordOnlyPermission, isPermission } from '../../src/contract/rules/permissions'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildLandlordUser, LANDLORD_HOST } from '../../tests/fixtures/landlord'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import type { DeclaredRoute } from './access'

/**
 * The routes anyone may call without signing in. Adding one here is a conscious decision: each
 * must be needed before login (sign-in, recovery, the login page's configuration) or by probes.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/configuration/get-configurations-tenant',
  'POST /api/authentication/validate-username',
  'POST /api/authentication/login',
  'POST /api/authentication/has-sso-configured',
  'POST /api/authentication/refreshtoken',
  'POST /api/authentication/logout',
  'POST /api/authentication/recover-password',
  'POST /api/authentication/reset-password',
  'POST /api/authentication/reset-password-without-code',
  'POST /api/authentication/get-security-questions',
  'POST /api/authentication/validate-security-questions',
]

const DENIED = {
  es: 'Lo sentimos no tiene permiso para acceder',
  en: 'Sorry, you do not have permission to access',
}
const PASSWORD_EXPIRED = 'Tu contraseña ha expirado. Cámbiala para continuar.'
/** A well-formed id for every path parameter: the access check answers before it is read. */
const PLACEHOLDER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'

const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`
const isPermissionRoute = (route: DeclaredRoute) =>
  route.access !== 'public' && route.access !== 'authenticated'
/** The permissions a route names: one, or several of which a caller needs any. */
const grantsOf = (route: DeclaredRoute): readonly string[] =>
  isPermissionRoute(route) ? [route.access ?? ''].flat() : []
const isLandlordRoute = (route: DeclaredRoute) => grantsOf(route).some(isLandlordOnlyPermission)

/** A request to the route with placeholder params and body (validation comes after access). */
const requestTo = (route: DeclaredRoute, headers: Record<string, string>): InjectOptions => ({
  method: route.method as InjectOptions['method'],
  url: route.url.replace(/:(\w+)/g, PLACEHOLDER_ID),
  headers,
  ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
})

describe('the route-permission walk (DESIGN §6)', () => {
  let t: TestApp
  const host = 'acme.localhost'
  let noPermissions: Record<string, string>
  let allPermissions: Record<string, string>
  let expiredPassword: Record<string, string>
  let landlord: Record<string, string>

  beforeAll(async () => {
    // The walk sends hundreds of requests from one address.
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    const tenant = await buildTenant(t.database.db, { slug: 'acme' })
    await buildUser(t.database.db, tenant.id, { email: 'nadie@acme.mx' })
    await buildUser(t.database.db, tenant.id, { email: 'todo@acme.mx', permissions: ALL_PERMISSIONS })
    await buildUser(t.database.db, tenant.id, {
      email: 'vencida@acme.mx',
      permissions: ALL_PERMISSIONS,
      mustChangePassword: true,
    })
    await buildLandlordUser(t.database.db, 'root@proveedor.mx')
    landlord = (await signIn(t.app, LANDLORD_HOST, 'root@proveedor.mx')).headers
    noPermissions = (await signIn(t.app, host, 'nadie@acme.mx')).headers
    allPermissions = (await signIn(t.app, host, 'todo@acme.mx')).headers
    expiredPassword = (await signIn(t.app, host, 'vencida@acme.mx')).headers
  })
  afterAll(() => t.close())

  const routes = () => t.app.declaredRoutes
  const permissionRoutes = () => routes().filter(isPermissionRoute)

  it('finds every module’s routes', () => {
    expect(routes().length).toBeGreaterThan(30)
    const services = new Set(routes().map((route) => route.url.split('/')[2]))
    expect([...services]).toEqual(expect.arrayContaining(['authentication', 'configuration', 'health']))
    expect(permissionRoutes().length).toBeGreaterThan(10)
  })

  it('declares on every API route public, authenticated or a known permission', () => {
    for (const route of routes()) {
      const grants = grantsOf(route)
      const valid = isPermissionRoute(route)
        ? grants.length > 0 && grants.every((name) => isPermission(name) || isLandlordOnlyPermission(name))
        : route.access === 'public' || route.access === 'authenticated'
      expect(valid, `${nameOf(route)} declares "${String(route.access)}"`).toBe(true)
    }
  })

  it('opens to the public exactly the listed routes', () => {
    const open = routes()
      .filter((route) => route.access === 'public')
      .map(nameOf)
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort())
  })

  it('refuses every non-public route without a token, HEAD included', async () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const res = await t.app.inject(requestTo(route, { host }))
      expect(res.statusCode, nameOf(route)).toBe(401)
      if (route.method === 'GET') {
        const head = await t.app.inject({ ...requestTo(route, { host }), method: 'HEAD' })
        expect(head.statusCode, `HEAD ${route.url}`).toBe(401)
      }
    }
  })

  it('refuses every permission route to a user without it, in the spec’s words', async () => {
    for (const route of permissionRoutes()) {
      for (const [lang, message] of Object.entries(DENIED)) {
        const res = await t.app.inject(requestTo(route, { ...noPermissions, 'accept-language': lang }))
        expect(res.statusCode, nameOf(route)).toBe(403)
        expect(res.json(), nameOf(route)).toEqual({ data: null, error: true, message })
      }
    }
  })

  it('lets a user holding the permission past the check', async () => {
    for (const route of permissionRoutes()) {
      // The provider's own grants (shared catalogs) are held on the landlord host only.
      const caller = isLandlordRoute(route) ? landlord : allPermissions
      const res = await t.app.inject(requestTo(route, caller))
      expect([401, 403], `${nameOf(route)} answered ${res.statusCode}`).not.toContain(res.statusCode)
    }
  })

  it('keeps the provider’s own grants from every tenant user', async () => {
    const landlordRoutes = permissionRoutes().filter(isLandlordRoute)
    expect(landlordRoutes.map(nameOf)).toContain('POST /api/catalogs/catalog/import')
    for (const route of landlordRoutes) {
      const res = await t.app.inject(requestTo(route, allPermissions))
      expect(res.statusCode, nameOf(route)).toBe(403)
    }
  })

  it('lets an expired password reach only the authenticated routes', async () => {
    for (const route of permissionRoutes()) {
      const res = await t.app.inject(requestTo(route, expiredPassword))
      expect(res.statusCode, nameOf(route)).toBe(403)
      expect(res.json().message, nameOf(route)).toBe(PASSWORD_EXPIRED)
    }
    const authenticated = routes().filter((route) => route.access === 'authenticated')
    expect(authenticated.map(nameOf)).toContain('POST /api/authentication/update-password')
    for (const route of authenticated) {
      const res = await t.app.inject(requestTo(route, expiredPassword))
      expect([401, 403], `${nameOf(route)} answered ${res.statusCode}`).not.toContain(res.statusCode)
    }
  })
})
