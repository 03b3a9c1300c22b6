import { and, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD, type UserFixture } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, landlordUsers, privacyNotices, tenants, users } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'

const LOGIN = '/api/authentication/login'
const REFRESH = '/api/authentication/refreshtoken'
const LOGOUT = '/api/authentication/logout'
const UPDATE_PASSWORD = '/api/authentication/update-password'
const MENUS = '/api/configuration/menus/menusavailable'
const NOTICE = '/api/authentication/notice-privacy'
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789'

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())

describe('signing in', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture
  let nurse: UserFixture
  const acmeHost = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
    nurse = await buildUser(t.database.db, acme.id, {
      email: 'nurse@acme.mx',
      employeeNumber: 'E0042',
      permissions: ['dashboard-index', 'patients-index'],
    })
  })
  afterAll(() => t.close())

  const login = (username: string, password = TEST_PASSWORD, host = acmeHost) =>
    t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { host },
      payload: { username, email: username, password },
    })

  const auditActions = async (tenantId: string) =>
    (await withTenant(t.database.db, tenantId, (tx) => tx.select().from(auditLog))).map((row) => row.action)

  it('signs in by e-mail or employee number, in any case, with the spec’s answer', async () => {
    for (const username of ['nurse@acme.mx', 'NURSE@Acme.MX', 'e0042']) {
      const res = await login(username)
      expect(res.statusCode, username).toBe(200)
    }
    const data = (await login('nurse@acme.mx')).json().data
    expect(data).toMatchObject({
      expiresIn: 12 * 3600,
      route_redirect: '/dashboard',
      host: 'acme.localhost',
      is_landlord: false,
      user: { uuid: nurse.id, email: 'nurse@acme.mx', permissions: ['dashboard-index', 'patients-index'] },
    })
    expect(typeof data.refreshToken).toBe('string')
    expect(Date.parse(data.date)).not.toBeNaN()
    const claims = claimsOf(data.accessToken)
    expect(claims).toMatchObject({
      sub: nurse.id,
      tenant: acme.id,
      is_password_expired: false,
      show_notice_of_privacy: false,
    })
    expect(claims.exp - claims.iat).toBe(12 * 3600)
    expect(await auditActions(acme.id)).toContain('login')
  })

  it('answers a wrong password and an unknown user with the same message', async () => {
    const wrong = await login('nurse@acme.mx', 'Otra#Clave1')
    const unknown = await login('nadie@acme.mx', 'Otra#Clave1')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().message).toBe('El usuario o la contraseña no son correctos.')
    expect(unknown.json()).toEqual(wrong.json())
    expect(await auditActions(acme.id)).toContain('login.failed')
    // A success clears the failures counted so far.
    expect((await login('nurse@acme.mx')).statusCode).toBe(200)
  })

  it('locks a username after five failures, whether or not it exists', async () => {
    await buildUser(t.database.db, acme.id, { email: 'locked@acme.mx' })
    for (const username of ['locked@acme.mx', 'ghost@acme.mx']) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login(username, 'Mala#Clave1')).statusCode, `${username} #${attempt}`).toBe(401)
      }
      const sixth = await login(username, username === 'locked@acme.mx' ? TEST_PASSWORD : 'Mala#Clave1')
      expect(sixth.statusCode, username).toBe(429)
      expect(sixth.json().message).toBe('Demasiados intentos fallidos. Inténtalo nuevamente en 1 min.')
    }
  })

  it('refuses an inactive user', async () => {
    await buildUser(t.database.db, acme.id, { email: 'baja@acme.mx', active: false })
    expect((await login('baja@acme.mx')).statusCode).toBe(401)
  })

  it('accepts a token only on its own tenant’s host', async () => {
    const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
    const own = await t.app.inject({ url: MENUS, headers: session.headers })
    expect(own.statusCode).toBe(200)
    const other = await t.app.inject({
      url: MENUS,
      headers: { ...session.headers, host: 'globex.localhost' },
    })
    expect(other.statusCode).toBe(401)
    const landlord = await t.app.inject({
      url: MENUS,
      headers: { ...session.headers, host: 'admin.localhost' },
    })
    expect(landlord.statusCode).toBe(401)
    expect(globex.slug).toBe('globex')
  })

  it('refuses an expired or forged token', async () => {
    const secret = new TextEncoder().encode(TEST_SECRET)
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = await new SignJWT({ tenant: acme.id, is_landlord: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(nurse.id)
      .setIssuer('salud-ocupacional')
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(secret)
    const forged = await new SignJWT({ tenant: acme.id, is_landlord: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(nurse.id)
      .setIssuer('salud-ocupacional')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    for (const token of [expired, forged, 'not-a-token']) {
      const res = await t.app.inject({
        url: MENUS,
        headers: { host: acmeHost, authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().message).toBe('La sesión ha expirado. Inicia sesión de nuevo para continuar.')
    }
  })

  it('signs the provider in on the landlord host', async () => {
    await t.database.db.insert(landlordUsers).values({
      id: uuidv7(),
      email: 'root@admin.localhost',
      name: 'Proveedor',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    const res = await login('root@admin.localhost', TEST_PASSWORD, 'admin.localhost')
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ is_landlord: true, route_redirect: '/catalog-import' })
    expect(claimsOf(data.accessToken)).toMatchObject({ tenant: null, is_landlord: true })
    // The provider's token means nothing on a tenant host, and refreshes on its own host.
    const onTenant = await t.app.inject({
      url: MENUS,
      headers: { host: acmeHost, authorization: `Bearer ${data.accessToken}` },
    })
    expect(onTenant.statusCode).toBe(401)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { host: 'admin.localhost' },
      payload: { refreshToken: data.refreshToken },
    })
    expect(refreshed.statusCode).toBe(200)
  })

  it('marks an expired password in the token and lets it only change the password', async () => {
    const strict = await buildTenant(t.database.db, { slug: 'strict', passwordExpiryMonths: 1 })
    const twoMonthsAgo = new Date(Date.now() - 62 * 86_400_000).toISOString()
    await buildUser(t.database.db, strict.id, {
      email: 'vieja@strict.mx',
      permissions: ['dashboard-index'],
      passwordChangedAt: twoMonthsAgo,
    })
    const res = await login('vieja@strict.mx', TEST_PASSWORD, 'strict.localhost')
    const data = res.json().data
    expect(data.route_redirect).toBe('/update-password')
    expect(claimsOf(data.accessToken).is_password_expired).toBe(true)
    const headers = { host: 'strict.localhost', authorization: `Bearer ${data.accessToken}` }
    const guarded = await t.app.inject({ url: '/api/configuration/roles', headers })
    expect(guarded.statusCode).toBe(403)
    expect(guarded.json().message).toBe('Tu contraseña ha expirado. Cámbiala para continuar.')
    const change = await t.app.inject({
      method: 'POST',
      url: UPDATE_PASSWORD,
      headers,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'Nueva#Clave26',
        password_confirmation: 'Nueva#Clave26',
      },
    })
    expect(change.statusCode).toBe(200)
    const again = (await login('vieja@strict.mx', 'Nueva#Clave26', 'strict.localhost')).json().data
    expect(again.route_redirect).toBe('/dashboard')
    expect(claimsOf(again.accessToken).is_password_expired).toBe(false)
  })

  it('asks a new account to change the password the administrator chose', async () => {
    await buildUser(t.database.db, acme.id, { email: 'nuevo@acme.mx', mustChangePassword: true })
    const data = (await login('nuevo@acme.mx')).json().data
    expect(data.route_redirect).toBe('/update-password')
    expect(claimsOf(data.accessToken).is_password_expired).toBe(true)
  })

  it('checks the password change: current password, strength and confirmation', async () => {
    const user = await buildUser(t.database.db, acme.id, { email: 'cambio@acme.mx' })
    const session = await signIn(t.app, acmeHost, user.email)
    const attempt = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: UPDATE_PASSWORD, headers: session.headers, payload })
    const wrongCurrent = await attempt({
      current_password: 'x',
      password: 'Nueva#Clave26',
      password_confirmation: 'Nueva#Clave26',
    })
    expect(wrongCurrent.statusCode).toBe(422)
    expect(wrongCurrent.json().errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] })
    const weak = await attempt({
      current_password: TEST_PASSWORD,
      password: 'debil',
      password_confirmation: 'debil',
    })
    expect(weak.statusCode).toBe(422)
    expect(Object.keys(weak.json().errors)).toEqual(['password'])
    const mismatch = await attempt({
      current_password: TEST_PASSWORD,
      password: 'Nueva#Clave26',
      password_confirmation: 'Nueva#Clave27',
    })
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden'] })
    const done = await attempt({
      current_password: TEST_PASSWORD,
      password: 'Nueva#Clave26',
      password_confirmation: 'Nueva#Clave26',
    })
    expect(done.statusCode).toBe(200)
    // Every session of the user ends with the change.
    const refresh = await t.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { host: acmeHost },
      payload: { refreshToken: session.refreshToken },
    })
    expect(refresh.statusCode).toBe(401)
    expect((await login(user.email, 'Nueva#Clave26')).statusCode).toBe(200)
    expect(await auditActions(acme.id)).toContain('password.update')
  })

  it('rate-limits sign-in per address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' })
    try {
      await buildTenant(limited.database.db, { slug: 'acme' })
      const statuses = []
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: LOGIN,
          headers: { host: acmeHost },
          payload: { username: 'x@acme.mx', password: 'y' },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([401, 401, 401, 429])
    } finally {
      await limited.close()
    }
  })

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: REFRESH, headers: { host: acmeHost }, payload: { refreshToken } })

    it('rotates on every use: the new one works, the old one does not', async () => {
      const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
      const first = await refresh(session.refreshToken)
      expect(first.statusCode).toBe(200)
      const next = first.json().data.token
      expect(next.refreshToken).not.toBe(session.refreshToken)
      expect(claimsOf(next.accessToken).sub).toBe(nurse.id)
      expect((await refresh(next.refreshToken)).statusCode).toBe(200)
    })

    it('revokes the whole family when a spent token comes back', async () => {
      const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
      const next = (await refresh(session.refreshToken)).json().data.token
      const replay = await refresh(session.refreshToken)
      expect(replay.statusCode).toBe(401)
      expect(replay.json().message).toBe('Refresh token doesnt exists')
      // The thief's replay also ended the rightful holder's newer token.
      expect((await refresh(next.refreshToken)).statusCode).toBe(401)
      expect(await auditActions(acme.id)).toContain('refresh.reused')
    })

    it('refuses an unknown token and one of another tenant', async () => {
      expect((await refresh('nunca-emitido')).statusCode).toBe(401)
      const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: REFRESH,
        headers: { host: 'globex.localhost' },
        payload: { refreshToken: session.refreshToken },
      })
      expect(elsewhere.statusCode).toBe(401)
    })

    it('ends the family at logout', async () => {
      const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
      const out = await t.app.inject({
        method: 'POST',
        url: LOGOUT,
        headers: session.headers,
        payload: { refreshToken: session.refreshToken },
      })
      expect(out.statusCode).toBe(200)
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
      expect(await auditActions(acme.id)).toContain('logout')
    })

    it('stops refreshing a user who was deactivated', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'sale@acme.mx' })
      const session = await signIn(t.app, acmeHost, user.email)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.update(users).set({ active: false }).where(eq(users.id, user.id)),
      )
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    })
  })

  describe('the privacy notice', () => {
    let tenantId: string
    beforeAll(async () => {
      const clinic = await buildTenant(t.database.db, { slug: 'aviso' })
      tenantId = clinic.id
      await withTenant(t.database.db, tenantId, (tx) =>
        tx
          .insert(privacyNotices)
          .values({ tenantId, version: 3, textEs: 'Aviso en español', textEn: 'Notice in English' }),
      )
      await buildUser(t.database.db, tenantId, { email: 'lee@aviso.mx', permissions: ['dashboard-index'] })
    })

    it('is pending until the current version is accepted, in either language', async () => {
      const session = await signIn(t.app, 'aviso.localhost', 'lee@aviso.mx')
      expect(session.body.route_redirect).toBe('/notice_privacy')
      expect(claimsOf(session.accessToken).show_notice_of_privacy).toBe(true)

      const spanish = await t.app.inject({ url: NOTICE, headers: session.headers })
      expect(spanish.json().data).toMatchObject({ version: 3, text: 'Aviso en español', accepted: false })
      const english = await t.app.inject({
        url: NOTICE,
        headers: { ...session.headers, 'accept-language': 'en' },
      })
      expect(english.json().data.text).toBe('Notice in English')

      const outdated = await t.app.inject({
        method: 'POST',
        url: NOTICE,
        headers: session.headers,
        payload: { accept_notice_policy: true, version: 2 },
      })
      expect(outdated.statusCode).toBe(422)
      const refused = await t.app.inject({
        method: 'POST',
        url: NOTICE,
        headers: session.headers,
        payload: { accept_notice_policy: false, version: 3 },
      })
      expect(refused.statusCode).toBe(422)

      const accepted = await t.app.inject({
        method: 'POST',
        url: NOTICE,
        headers: session.headers,
        payload: { accept_notice_policy: true, version: 3 },
      })
      expect(accepted.statusCode).toBe(200)
      expect(await auditActions(tenantId)).toContain('privacy-notice.accept')

      const again = await signIn(t.app, 'aviso.localhost', 'lee@aviso.mx')
      expect(again.body.route_redirect).toBe('/dashboard')
      expect(claimsOf(again.accessToken).show_notice_of_privacy).toBe(false)
    })
  })

  describe('menus, disabled inputs and the tenant configuration', () => {
    it('shows an item only with its permission and a parent only with a visible child', async () => {
      const session = await signIn(t.app, acmeHost, 'nurse@acme.mx')
      const menus = (await t.app.inject({ url: MENUS, headers: session.headers })).json().data
      const byKey = (key: string) => menus.find((m: { key: string }) => m.key === key)
      expect(byKey('dashboard').visible).toBe(true)
      expect(byKey('patients').visible).toBe(true)
      expect(
        byKey('patients').children.map((c: { key: string; visible: boolean }) => [c.key, c.visible]),
      ).toEqual([
        ['patients-list', true],
        ['assignments-concentrated', false],
        ['assignation-patient', false],
      ])
      expect(byKey('catalogues').visible).toBe(false)
      expect((await t.app.inject({ url: MENUS, headers: { host: acmeHost } })).statusCode).toBe(401)
    })

    it('answers the tenant’s disabled inputs and its settings only after sign-in', async () => {
      await t.database.db
        .update(tenants)
        .set({ disabledInputs: ['patient.supervisor'] })
        .where(eq(tenants.id, globex.id))
      await buildUser(t.database.db, globex.id, { email: 'ana@globex.mx' })
      const session = await signIn(t.app, 'globex.localhost', 'ana@globex.mx')
      const inputs = await t.app.inject({
        url: '/api/configuration/inputs/inputs-disabled',
        headers: session.headers,
      })
      expect(inputs.json().data).toEqual(['patient.supervisor'])
      const url = '/api/configuration/get-configurations-tenant'
      const before = (await t.app.inject({ url, headers: { host: 'globex.localhost' } })).json().data
      expect(before.settings).toBeUndefined()
      const after = (await t.app.inject({ url, headers: session.headers })).json().data
      expect(after.settings).toMatchObject({ password_expiry_months: 0, business_name: expect.any(String) })
    })
  })

  it('keeps one user’s rows away from the other tenant’s queries', async () => {
    const [row] = await withTenant(t.database.db, globex.id, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.email, 'nurse@acme.mx'))),
    )
    expect(row).toBeUndefined()
  })
})
