import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLandlordOnlyPermission, isPermission } from '../../src/contract/rules/permissions'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'

/**
 * Walks every API route the app registered (DESIGN §6): each declares who may call it, a public
 * one is a listed decision, and every permission route refuses a caller without a token (401)
 * and one without the permission (403, SPEC §6's message), before reading the request.
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
].sort()

describe('the route-permission walk', () => {
  let t: TestApp
  let headers: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    const tenant = await buildTenant(t.database.db, { slug: 'acme' })
    // A signed-in user holding no permission at all.
    const user = await buildUser(t.database.db, tenant.id, { email: 'nadie@acme.mx' })
    headers = (await signIn(t.app, 'acme.localhost', user.email)).headers
  })
  afterAll(() => t.close())

  const routes = () => t.app.declaredRoutes
  const concrete = (url: string) => url.replace(/:(\w+)/g, '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')

  it('finds a declaration on every API route, and only known permissions', () => {
    expect(routes().length).toBeGreaterThan(30)
    for (const route of routes()) {
      const access = route.access ?? ''
      const valid =
        access === 'public' ||
        access === 'authenticated' ||
        isPermission(access) ||
        isLandlordOnlyPermission(access)
      expect(valid, `${route.method} ${route.url} declares "${access}"`).toBe(true)
    }
  })

  it('opens to the public exactly the listed routes', () => {
    const open = routes()
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`)
      .sort()
    expect(open).toEqual(PUBLIC_ROUTES)
  })

  it('refuses every non-public route without a token', async () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { host: 'acme.localhost' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      })
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401)
    }
  })

  it('refuses every permission route to a user without it, in the spec’s words', async () => {
    for (const route of routes().filter((r) => r.access !== 'public' && r.access !== 'authenticated')) {
      for (const [lang, message] of [
        ['es', 'Lo sentimos no tiene permiso para acceder'],
        ['en', 'Sorry, you do not have permission to access'],
      ]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...headers, 'accept-language': lang as string },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        })
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
        expect(res.json().message).toBe(message)
      }
    }
  })
})
