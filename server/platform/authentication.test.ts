import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PATIENT_MODE_PERMISSIONS } from '../../src/contract/rules/permissions'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant, type TenantFixture } from '../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD, type UserFixture } from '../../tests/fixtures/users'
import { withTenant } from '../db/client'
import { landlordUsers, rolePermissions, users } from '../db/schema'
import { hashPassword } from './passwords'
import { createTokenService } from './tokens'

const MENUS = '/api/configuration/menus/menusavailable'
const ROLES = '/api/configuration/roles'
const CONFIGURATION = '/api/configuration/get-configurations-tenant'
const LOGIN = '/api/authentication/login'
const SESSION_EXPIRED = 'La sesión ha expirado. Inicia sesión de nuevo para continuar.'

/**
 * The bearer token on every request (DESIGN §6): it names a user only on the host it was issued
 * for, only while the user is active, and with the permissions the database holds now.
 */
describe('authentication of requests', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture
  let nurse: UserFixture
  let landlordId: string
  const host = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
    nurse = await buildUser(t.database.db, acme.id, {
      email: 'nurse@acme.mx',
      permissions: ['profiles-index'],
    })
    landlordId = uuidv7()
    await t.database.db.insert(landlordUsers).values({
      id: landlordId,
      email: 'root@proveedor.mx',
      name: 'Proveedor',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
  })
  afterAll(() => t.close())

  /** A token signed with the app's own secret, carrying whatever claims a test needs. */
  const tokenFor = (input: { userId: string; tenantId: string | null; isLandlord?: boolean }) =>
    createTokenService(t.config).signAccess({
      userId: input.userId,
      tenantId: input.tenantId,
      isLandlord: input.isLandlord ?? input.tenantId === null,
      isPasswordExpired: false,
      showNoticeOfPrivacy: false,
    })
  const get = (url: string, at: string, authorization?: string) =>
    t.app.inject({ url, headers: { host: at, ...(authorization ? { authorization } : {}) } })

  it('accepts the token the login issued, as a bearer token in any case of the scheme', async () => {
    const { accessToken } = await signIn(t.app, host, nurse.email)
    expect((await get(MENUS, host, `Bearer ${accessToken}`)).statusCode).toBe(200)
    expect((await get(MENUS, host, `bearer ${accessToken}`)).statusCode).toBe(200)
    expect((await get(MENUS, host, `Bearer   ${accessToken}  `)).statusCode).toBe(200)
  })

  it('answers 401 with the session message without a token or with another scheme', async () => {
    const { accessToken } = await signIn(t.app, host, nurse.email)
    for (const authorization of [undefined, `Basic ${accessToken}`, accessToken, 'Bearer', 'Bearer ']) {
      const res = await get(MENUS, host, authorization)
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.json()).toEqual({ data: null, error: true, message: SESSION_EXPIRED })
    }
    const english = await t.app.inject({ url: MENUS, headers: { host, 'accept-language': 'en' } })
    expect(english.json().message).toBe('Session has expired. Please log in again to continue.')
  })

  it('leaves a public call working with a bad token, as an anonymous one', async () => {
    const res = await get(CONFIGURATION, host, 'Bearer basura')
    expect(res.statusCode).toBe(200)
    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { host, authorization: 'Bearer basura' },
      payload: { username: nurse.email, password: TEST_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses a token signed by another secret', async () => {
    const other = createTokenService({
      ...t.config,
      jwtSecret: 'otro-secreto-otro-secreto-otro-secreto-0123',
    })
    const token = await other.signAccess({
      userId: nurse.id,
      tenantId: acme.id,
      isLandlord: false,
      isPasswordExpired: false,
      showNoticeOfPrivacy: false,
    })
    expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(401)
  })

  it('refuses an unsigned token (alg none) and one of another algorithm', async () => {
    const claims = { sub: nurse.id, tenant: acme.id, is_landlord: false, iss: 'salud-ocupacional' }
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
    const exp = Math.floor(Date.now() / 1000) + 3600
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp })}.`
    expect((await get(MENUS, host, `Bearer ${none}`)).statusCode).toBe(401)
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(t.config.jwtSecret))
    expect((await get(MENUS, host, `Bearer ${hs512}`)).statusCode).toBe(401)
  })

  it('refuses a token of another issuer', async () => {
    const token = await new SignJWT({ tenant: acme.id, is_landlord: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(nurse.id)
      .setIssuer('otro-sistema')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret))
    expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(401)
  })

  it('names a user only on the host of the token’s tenant', async () => {
    const token = await tokenFor({ userId: nurse.id, tenantId: acme.id })
    expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(200)
    expect((await get(MENUS, 'globex.localhost', `Bearer ${token}`)).statusCode).toBe(401)
    expect((await get(MENUS, 'admin.localhost', `Bearer ${token}`)).statusCode).toBe(401)
  })

  it('refuses a token whose user belongs to another tenant, even on the claimed tenant’s host', async () => {
    // A (hypothetically) mis-issued token: globex's id with acme's user. RLS finds no such user.
    const token = await tokenFor({ userId: nurse.id, tenantId: globex.id })
    expect((await get(MENUS, 'globex.localhost', `Bearer ${token}`)).statusCode).toBe(401)
  })

  it('keeps the provider’s token to the landlord host, and a mixed claim nowhere', async () => {
    const landlord = await tokenFor({ userId: landlordId, tenantId: null })
    expect((await get(CONFIGURATION, host, `Bearer ${landlord}`)).json().data.settings).toBeUndefined()
    expect((await get(MENUS, host, `Bearer ${landlord}`)).statusCode).toBe(401)
    expect((await get(MENUS, 'admin.localhost', `Bearer ${landlord}`)).statusCode).toBe(200)
    // A tenant user's id dressed as the landlord, or the landlord's id dressed as a tenant user.
    const dressedUp = await tokenFor({ userId: nurse.id, tenantId: null, isLandlord: true })
    expect((await get(MENUS, 'admin.localhost', `Bearer ${dressedUp}`)).statusCode).toBe(401)
    const halfLandlord = await tokenFor({ userId: landlordId, tenantId: acme.id, isLandlord: true })
    expect((await get(MENUS, host, `Bearer ${halfLandlord}`)).statusCode).toBe(401)
    expect((await get(MENUS, 'admin.localhost', `Bearer ${halfLandlord}`)).statusCode).toBe(401)
  })

  it('refuses a token of an unknown, deactivated or deleted user', async () => {
    const ghost = await tokenFor({ userId: uuidv7(), tenantId: acme.id })
    expect((await get(MENUS, host, `Bearer ${ghost}`)).statusCode).toBe(401)

    for (const change of [{ active: false }, { deletedAt: new Date().toISOString() }]) {
      const user = await buildUser(t.database.db, acme.id, { email: `${uuidv7()}@acme.mx` })
      const token = await tokenFor({ userId: user.id, tenantId: acme.id })
      expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(200)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.update(users).set(change).where(eq(users.id, user.id)),
      )
      t.app.accounts.forgetTenant(acme.id)
      expect((await get(MENUS, host, `Bearer ${token}`)).statusCode, JSON.stringify(change)).toBe(401)
    }
  })

  it('refuses a token issued before the user’s last password change', async () => {
    const user = await buildUser(t.database.db, acme.id, { email: 'cambio@acme.mx' })
    const token = await tokenFor({ userId: user.id, tenantId: acme.id })
    const setChangedAt = async (ms: number) => {
      await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .update(users)
          .set({ passwordChangedAt: new Date(ms).toISOString() })
          .where(eq(users.id, user.id)),
      )
      t.app.accounts.forgetTenant(acme.id)
    }
    await setChangedAt(Date.now() - 10_000)
    expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(200)
    await setChangedAt(Date.now() + 10_000)
    expect((await get(MENUS, host, `Bearer ${token}`)).statusCode).toBe(401)
  })

  it('reads the permissions from the profile, not from the token', async () => {
    const user = await buildUser(t.database.db, acme.id, { email: 'perfil@acme.mx' })
    const token = await tokenFor({ userId: user.id, tenantId: acme.id })
    expect((await get(ROLES, host, `Bearer ${token}`)).statusCode).toBe(403)
    await withTenant(t.database.db, acme.id, (tx) =>
      tx
        .insert(rolePermissions)
        .values({ tenantId: acme.id, roleId: user.roleId, permission: 'profiles-index' }),
    )
    t.app.accounts.forgetTenant(acme.id)
    expect((await get(ROLES, host, `Bearer ${token}`)).statusCode).toBe(200)
  })

  it('grants a patient the patient-mode permissions whatever the profile says', async () => {
    const { id: patientId } = await insertPatient(t.database.db, acme.id)
    const user = await buildUser(t.database.db, acme.id, { email: 'paciente@acme.mx', patientId })
    const session = await signIn(t.app, host, user.email)
    expect(session.body.user).toMatchObject({ patient_id: patientId })
    expect((session.body.user as { permissions: string[] }).permissions).toEqual(
      expect.arrayContaining([...PATIENT_MODE_PERMISSIONS]),
    )
    expect(session.body.route_redirect).toBe('/dashboard/patient-home')
  })
})
