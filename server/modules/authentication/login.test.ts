import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD, type UserFixture } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, landlordUsers, loginThrottles, privacyNotices, users } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'

const LOGIN = '/api/authentication/login'
const UPDATE_PASSWORD = '/api/authentication/update-password'
const MENUS = '/api/configuration/menus/menusavailable'
const ROLES = '/api/configuration/roles'
/** The secret buildTestApp() signs with (tests/fixtures/app.ts). */
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789'
const INVALID_CREDENTIALS = 'El usuario o la contraseña no son correctos.'
const LOCKED = 'Demasiados intentos fallidos. Inténtalo nuevamente en 1 min.'
const SESSION_EXPIRED = 'La sesión ha expirado. Inicia sesión de nuevo para continuar.'

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))

describe('login', () => {
  let t: TestApp
  let acme: TenantFixture
  let nurse: UserFixture
  const host = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    await buildTenant(t.database.db, { slug: 'globex' })
    nurse = await buildUser(t.database.db, acme.id, {
      email: 'nurse@acme.mx',
      employeeNumber: 'E0042',
      permissions: ['dashboard-index', 'profiles-index'],
    })
  })
  afterAll(() => t.close())

  const login = (username: string, password = TEST_PASSWORD, at = host) =>
    t.app.inject({ method: 'POST', url: LOGIN, headers: { host: at }, payload: { username, password } })

  const auditRows = (tenantId: string) =>
    withTenant(t.database.db, tenantId, (tx) => tx.select().from(auditLog))

  describe('by username', () => {
    it('accepts the e-mail and the employee number in any case', async () => {
      for (const username of ['nurse@acme.mx', 'NURSE@ACME.MX', '  Nurse@Acme.mx ', 'E0042', 'e0042']) {
        const res = await login(username)
        expect(res.statusCode, username).toBe(200)
        expect(res.json().data.user.uuid, username).toBe(nurse.id)
      }
    })

    it('accepts an employee number stored in mixed case', async () => {
      await buildUser(t.database.db, acme.id, { email: 'mixed@acme.mx', employeeNumber: 'Ab-12c' })
      for (const username of ['Ab-12c', 'ab-12c', 'AB-12C']) {
        expect((await login(username)).statusCode, username).toBe(200)
      }
    })

    it('answers the session of SPEC §7', async () => {
      const res = await login('nurse@acme.mx')
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.error).toBe(false)
      const data = body.data
      expect(Object.keys(data).sort()).toEqual(
        [
          'accessToken',
          'date',
          'expiresIn',
          'host',
          'is_landlord',
          'refreshToken',
          'route_redirect',
          'user',
        ].sort(),
      )
      expect(data).toMatchObject({
        expiresIn: t.config.accessTokenHours * 3600,
        route_redirect: '/dashboard',
        host: 'acme.localhost',
        is_landlord: false,
        user: {
          uuid: nurse.id,
          email: 'nurse@acme.mx',
          employee_number: 'E0042',
          name: 'Prueba',
          last_name: 'Usuario',
          permissions: ['dashboard-index', 'profiles-index'],
          role: { id: nurse.roleId, role_type: 'administrator' },
          patient_id: null,
        },
      })
      expect(data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(data.refreshToken.length).toBeGreaterThan(30)
      expect(Math.abs(Date.parse(data.date) - Date.now())).toBeLessThan(60_000)
    })

    it('sends a user without the dashboard to the empty home', async () => {
      await buildUser(t.database.db, acme.id, { email: 'sin.tablero@acme.mx' })
      expect((await login('sin.tablero@acme.mx')).json().data.route_redirect).toBe('/dashboard/home-empty')
    })

    it('answers the host without its port', async () => {
      const res = await login('nurse@acme.mx', TEST_PASSWORD, 'acme.localhost:5173')
      expect(res.json().data.host).toBe('acme.localhost')
    })
  })

  describe('before the password', () => {
    it('never asks for a business name: the host already names it', async () => {
      for (const username of ['nurse@acme.mx', 'nadie@acme.mx']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/authentication/validate-username',
          headers: { host },
          payload: { username, email: username },
        })
        expect(res.statusCode).toBe(200)
        expect(res.json().data).toEqual({ ask_business_name: false })
      }
    })

    it('answers that no single sign-on is configured', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authentication/has-sso-configured',
        headers: { host },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({ has_sso_configured: false, sso_url: null })
    })
  })

  describe('refusals', () => {
    it('answers a wrong password and an unknown username with the same 401', async () => {
      const wrong = await login('nurse@acme.mx', 'Otra#Clave1')
      const unknown = await login('nadie@acme.mx', 'Otra#Clave1')
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(wrong.json()).toEqual({ data: null, error: true, message: INVALID_CREDENTIALS })
      expect(unknown.json()).toEqual(wrong.json())
    })

    it('refuses an inactive user with the same message', async () => {
      await buildUser(t.database.db, acme.id, { email: 'baja@acme.mx', active: false })
      const res = await login('baja@acme.mx')
      expect(res.statusCode).toBe(401)
      expect(res.json().message).toBe(INVALID_CREDENTIALS)
    })

    it('refuses a deleted user', async () => {
      await buildUser(t.database.db, acme.id, {
        email: 'borrado@acme.mx',
        deletedAt: new Date().toISOString(),
      })
      expect((await login('borrado@acme.mx')).statusCode).toBe(401)
    })

    it('refuses an empty username or password before looking anything up', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { host },
        payload: { username: ' ', password: '' },
      })
      expect(res.statusCode).toBe(422)
      expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username'])
    })

    it('does not sign a tenant user in on another tenant’s host or the landlord’s', async () => {
      expect((await login('nurse@acme.mx', TEST_PASSWORD, 'globex.localhost')).statusCode).toBe(401)
      expect((await login('nurse@acme.mx', TEST_PASSWORD, 'admin.localhost')).statusCode).toBe(401)
    })
  })

  describe('the lock after failures', () => {
    const failFiveTimes = async (username: string) => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await login(username, 'Mala#Clave1')
        expect(res.statusCode, `${username} #${attempt}`).toBe(401)
      }
    }

    it('answers 429 to the sixth attempt, even with the right password', async () => {
      await buildUser(t.database.db, acme.id, { email: 'bloqueo@acme.mx' })
      await failFiveTimes('bloqueo@acme.mx')
      const sixth = await login('bloqueo@acme.mx')
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json()).toMatchObject({ error: true, message: LOCKED })
    })

    it('locks a username that does not exist just the same', async () => {
      await failFiveTimes('fantasma@acme.mx')
      const sixth = await login('fantasma@acme.mx', 'Mala#Clave1')
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json().message).toBe(LOCKED)
    })

    it('counts failures per username, whatever its case', async () => {
      await buildUser(t.database.db, acme.id, { email: 'mayus@acme.mx' })
      for (const username of [
        'MAYUS@acme.mx',
        'mayus@ACME.mx',
        'Mayus@Acme.Mx',
        'mayus@acme.mx',
        'MAYUS@ACME.MX',
      ])
        expect((await login(username, 'Mala#Clave1')).statusCode).toBe(401)
      expect((await login('mayus@acme.mx')).statusCode).toBe(429)
    })

    it('forgets the failures after a success', async () => {
      await buildUser(t.database.db, acme.id, { email: 'olvida@acme.mx' })
      for (let attempt = 1; attempt <= 4; attempt++) await login('olvida@acme.mx', 'Mala#Clave1')
      expect((await login('olvida@acme.mx')).statusCode).toBe(200)
      const throttles = await withTenant(t.database.db, acme.id, (tx) =>
        tx.select().from(loginThrottles).where(eq(loginThrottles.username, 'olvida@acme.mx')),
      )
      expect(throttles).toEqual([])
      // Four more failures still leave the door open: the count started over.
      for (let attempt = 1; attempt <= 4; attempt++) await login('olvida@acme.mx', 'Mala#Clave1')
      expect((await login('olvida@acme.mx')).statusCode).toBe(200)
    })

    it('checks only five of many simultaneous guesses', async () => {
      await buildUser(t.database.db, acme.id, { email: 'rafaga@acme.mx' })
      const burst = await Promise.all(
        Array.from({ length: 12 }, () => login('rafaga@acme.mx', 'Mala#Clave1')),
      )
      const statuses = burst.map((res) => res.statusCode).sort()
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)])
    })

    it('lifts the lock after a minute, then doubles it on the next failure', async () => {
      await buildUser(t.database.db, acme.id, { email: 'escala@acme.mx' })
      await failFiveTimes('escala@acme.mx')
      expect((await login('escala@acme.mx')).statusCode).toBe(429)
      // Only Date is faked: the database keeps its real timers.
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(Date.now() + 61_000)
        expect((await login('escala@acme.mx', 'Mala#Clave1')).statusCode).toBe(401)
        const locked = await login('escala@acme.mx')
        expect(locked.statusCode).toBe(429)
        expect(locked.json().message).toBe('Demasiados intentos fallidos. Inténtalo nuevamente en 2 min.')
        vi.setSystemTime(Date.now() + 121_000)
        expect((await login('escala@acme.mx')).statusCode).toBe(200)
      } finally {
        vi.useRealTimers()
      }
    })

    it('keeps one tenant’s lock away from another tenant’s username', async () => {
      const other = await buildTenant(t.database.db, { slug: 'otra' })
      await buildUser(t.database.db, other.id, { email: 'compartido@acme.mx' })
      await failFiveTimes('compartido@acme.mx')
      expect((await login('compartido@acme.mx', TEST_PASSWORD, 'otra.localhost')).statusCode).toBe(200)
    })
  })

  describe('the access token', () => {
    it('carries sub, tenant, exp and the two flags', async () => {
      const { accessToken } = await signIn(t.app, host, 'nurse@acme.mx')
      const claims = claimsOf(accessToken)
      expect(claims).toMatchObject({
        sub: nurse.id,
        tenant: acme.id,
        is_landlord: false,
        is_password_expired: false,
        show_notice_of_privacy: false,
      })
      expect(claims.exp - claims.iat).toBe(t.config.accessTokenHours * 3600)
      expect(claims.exp * 1000).toBeGreaterThan(Date.now())
    })

    it('is refused on another tenant’s host and on the landlord’s', async () => {
      const session = await signIn(t.app, host, 'nurse@acme.mx')
      expect((await t.app.inject({ url: MENUS, headers: session.headers })).statusCode).toBe(200)
      for (const elsewhere of ['globex.localhost', 'admin.localhost']) {
        const res = await t.app.inject({ url: MENUS, headers: { ...session.headers, host: elsewhere } })
        expect(res.statusCode, elsewhere).toBe(401)
      }
    })

    it('is refused once expired, forged or malformed', async () => {
      const past = Math.floor(Date.now() / 1000) - 60
      const sign = (secret: string, exp: number) =>
        new SignJWT({
          tenant: acme.id,
          is_landlord: false,
          is_password_expired: false,
          show_notice_of_privacy: false,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(nurse.id)
          .setIssuer('salud-ocupacional')
          .setIssuedAt(exp - 3600)
          .setExpirationTime(exp)
          .sign(new TextEncoder().encode(secret))
      const valid = await sign(TEST_SECRET, past + 7200)
      expect(
        (await t.app.inject({ url: MENUS, headers: { host, authorization: `Bearer ${valid}` } })).statusCode,
      ).toBe(200)
      const refused = {
        expired: await sign(TEST_SECRET, past),
        forged: await sign('another-secret-another-secret-another-secret', past + 7200),
        malformed: 'not-a-token',
        unsigned: `${valid.split('.').slice(0, 2).join('.')}.`,
      }
      for (const [kind, token] of Object.entries(refused)) {
        const res = await t.app.inject({ url: MENUS, headers: { host, authorization: `Bearer ${token}` } })
        expect(res.statusCode, kind).toBe(401)
        expect(res.json().message, kind).toBe(SESSION_EXPIRED)
      }
    })

    it('is refused once its lifetime is over, though the same token worked before', async () => {
      const session = await signIn(t.app, host, 'nurse@acme.mx')
      expect((await t.app.inject({ url: MENUS, headers: session.headers })).statusCode).toBe(200)
      // Only Date is faked: the database keeps its real timers.
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(Date.now() + (session.body.expiresIn as number) * 1000 + 1000)
        const res = await t.app.inject({ url: MENUS, headers: session.headers })
        expect(res.statusCode).toBe(401)
        expect(res.json().message).toBe(SESSION_EXPIRED)
      } finally {
        vi.useRealTimers()
      }
    })

    it('is refused once the user is deactivated', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'saliente@acme.mx' })
      const session = await signIn(t.app, host, user.email)
      expect((await t.app.inject({ url: MENUS, headers: session.headers })).statusCode).toBe(200)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.update(users).set({ active: false }).where(eq(users.id, user.id)),
      )
      t.app.accounts.forgetTenant(acme.id)
      expect((await t.app.inject({ url: MENUS, headers: session.headers })).statusCode).toBe(401)
    })
  })

  describe('an expired password', () => {
    let strictHost: string
    beforeAll(async () => {
      const strict = await buildTenant(t.database.db, { slug: 'estricta', passwordExpiryMonths: 1 })
      strictHost = `${strict.slug}.localhost`
      await buildUser(t.database.db, strict.id, {
        email: 'vieja@estricta.mx',
        permissions: ['dashboard-index', 'profiles-index'],
        passwordChangedAt: new Date(Date.now() - 61 * 86_400_000).toISOString(),
      })
      await buildUser(t.database.db, strict.id, {
        email: 'reciente@estricta.mx',
        permissions: ['dashboard-index'],
        passwordChangedAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      })
    })

    it('is flagged in the token and sends the user to change it', async () => {
      const session = await signIn(t.app, strictHost, 'vieja@estricta.mx')
      expect(session.body.route_redirect).toBe('/update-password')
      expect(claimsOf(session.accessToken).is_password_expired).toBe(true)
      const fresh = await signIn(t.app, strictHost, 'reciente@estricta.mx')
      expect(fresh.body.route_redirect).toBe('/dashboard')
      expect(claimsOf(fresh.accessToken).is_password_expired).toBe(false)
    })

    it('lets that token change the password and nothing guarded by a permission', async () => {
      const session = await signIn(t.app, strictHost, 'vieja@estricta.mx')
      const guarded = await t.app.inject({ url: ROLES, headers: session.headers })
      expect(guarded.statusCode).toBe(403)
      expect(guarded.json().message).toBe('Tu contraseña ha expirado. Cámbiala para continuar.')
      const change = await t.app.inject({
        method: 'POST',
        url: UPDATE_PASSWORD,
        headers: session.headers,
        payload: {
          current_password: TEST_PASSWORD,
          password: 'Renovada#2026',
          password_confirmation: 'Renovada#2026',
        },
      })
      expect(change.statusCode).toBe(200)
      const again = await signIn(t.app, strictHost, 'vieja@estricta.mx', 'Renovada#2026')
      expect(again.body.route_redirect).toBe('/dashboard')
      expect((await t.app.inject({ url: ROLES, headers: again.headers })).statusCode).toBe(200)
    })

    it('never expires on a tenant that chose never', async () => {
      await buildUser(t.database.db, acme.id, {
        email: 'antigua@acme.mx',
        passwordChangedAt: '2015-01-01T00:00:00Z',
      })
      const session = await signIn(t.app, host, 'antigua@acme.mx')
      expect(claimsOf(session.accessToken).is_password_expired).toBe(false)
    })

    it('applies to a new account until its owner changes the password', async () => {
      await buildUser(t.database.db, acme.id, { email: 'nueva@acme.mx', mustChangePassword: true })
      const session = await signIn(t.app, host, 'nueva@acme.mx')
      expect(session.body.route_redirect).toBe('/update-password')
      expect(claimsOf(session.accessToken).is_password_expired).toBe(true)
    })
  })

  describe('a pending privacy notice', () => {
    it('is flagged in the token and sends the user to the notice', async () => {
      const clinic = await buildTenant(t.database.db, { slug: 'avisos' })
      await withTenant(t.database.db, clinic.id, (tx) =>
        tx
          .insert(privacyNotices)
          .values({ tenantId: clinic.id, version: 1, textEs: 'Aviso', textEn: 'Notice' }),
      )
      await buildUser(t.database.db, clinic.id, {
        email: 'lector@avisos.mx',
        permissions: ['dashboard-index'],
      })
      const session = await signIn(t.app, 'avisos.localhost', 'lector@avisos.mx')
      expect(session.body.route_redirect).toBe('/notice_privacy')
      expect(claimsOf(session.accessToken).show_notice_of_privacy).toBe(true)
    })

    it('comes after an expired password', async () => {
      const clinic = await buildTenant(t.database.db, { slug: 'ambas' })
      await withTenant(t.database.db, clinic.id, (tx) =>
        tx
          .insert(privacyNotices)
          .values({ tenantId: clinic.id, version: 1, textEs: 'Aviso', textEn: 'Notice' }),
      )
      await buildUser(t.database.db, clinic.id, { email: 'doble@ambas.mx', mustChangePassword: true })
      const session = await signIn(t.app, 'ambas.localhost', 'doble@ambas.mx')
      expect(session.body.route_redirect).toBe('/update-password')
      expect(claimsOf(session.accessToken)).toMatchObject({
        is_password_expired: true,
        show_notice_of_privacy: true,
      })
    })
  })

  describe('the provider on the landlord host', () => {
    beforeAll(async () => {
      await t.database.db.insert(landlordUsers).values({
        id: uuidv7(),
        email: 'root@proveedor.mx',
        name: 'Proveedor',
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
    })

    it('signs in as landlord and lands on the clients', async () => {
      const res = await login('ROOT@proveedor.mx', TEST_PASSWORD, 'admin.localhost')
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({
        is_landlord: true,
        route_redirect: '/catalog-import',
        host: 'admin.localhost',
        user: { email: 'root@proveedor.mx', role: null },
      })
      expect(data.user.permissions).toEqual(expect.arrayContaining(['clients-index']))
      expect(claimsOf(data.accessToken)).toMatchObject({ tenant: null, is_landlord: true })
    })

    it('is not a user of any tenant, and its token means nothing there', async () => {
      expect((await login('root@proveedor.mx')).statusCode).toBe(401)
      const session = await signIn(t.app, 'admin.localhost', 'root@proveedor.mx')
      const res = await t.app.inject({ url: MENUS, headers: { ...session.headers, host } })
      expect(res.statusCode).toBe(401)
    })

    it('gets locked like anyone else', async () => {
      for (let attempt = 1; attempt <= 5; attempt++)
        expect((await login('ataque@proveedor.mx', 'Mala#Clave1', 'admin.localhost')).statusCode).toBe(401)
      expect((await login('ataque@proveedor.mx', 'Mala#Clave1', 'admin.localhost')).statusCode).toBe(429)
    })
  })

  describe('the audit', () => {
    it('records a sign-in and a failed one, with address and agent', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'auditada@acme.mx' })
      await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { host, 'user-agent': 'prueba/1.0' },
        payload: { username: 'auditada@acme.mx', password: 'Mala#Clave1' },
      })
      await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { host, 'user-agent': 'prueba/1.0' },
        payload: { username: 'auditada@acme.mx', password: TEST_PASSWORD },
      })
      const rows = (await auditRows(acme.id)).filter((row) => row.actorId === user.id)
      expect(rows.map((row) => row.action).sort()).toEqual(['login', 'login.failed'])
      for (const row of rows) expect(row).toMatchObject({ userAgent: 'prueba/1.0', ip: expect.any(String) })
    })

    it('records a failure for a username that does not exist, without an actor', async () => {
      await login('inexistente@acme.mx', 'Mala#Clave1')
      const rows = await auditRows(acme.id)
      const failure = rows.find(
        (row) => row.action === 'login.failed' && JSON.stringify(row.details).includes('inexistente@acme.mx'),
      )
      expect(failure?.actorId).toBeNull()
    })
  })

  describe('the rate limit per address', () => {
    it('answers 429 to the fourth login within a minute when the limit is 3, and only to that address', async () => {
      const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' })
      try {
        await buildTenant(limited.database.db, { slug: 'acme' })
        const attempt = (remoteAddress = '203.0.113.7') =>
          limited.app.inject({
            method: 'POST',
            url: LOGIN,
            headers: { host },
            remoteAddress,
            payload: { username: 'x@acme.mx', password: 'y' },
          })
        const statuses = []
        for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode)
        expect(statuses).toEqual([401, 401, 401, 429])
        const limitedAnswer = await attempt()
        expect(limitedAnswer.json()).toMatchObject({
          error: true,
          message: 'Demasiadas solicitudes. Espera un momento e inténtalo nuevamente.',
        })
        expect((await attempt('203.0.113.8')).statusCode).toBe(401)
        // The limit guards the sign-in calls, not the rest of the API.
        const configuration = await limited.app.inject({
          url: '/api/configuration/get-configurations-tenant',
          headers: { host },
          remoteAddress: '203.0.113.7',
        })
        expect(configuration.statusCode).toBe(200)
      } finally {
        await limited.close()
      }
    })
  })
})
