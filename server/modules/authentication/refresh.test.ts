import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD, type UserFixture } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, landlordUsers, privacyNotices, refreshTokens, users } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'
import { hashOpaqueToken } from '../../platform/tokens'

const REFRESH = '/api/authentication/refreshtoken'
const LOGOUT = '/api/authentication/logout'
const MENUS = '/api/configuration/menus/menusavailable'
const NOTICE = '/api/authentication/notice-privacy'
const MISSING = 'Refresh token doesnt exists'

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))

describe('refresh tokens', () => {
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
      permissions: ['dashboard-index'],
    })
  })
  afterAll(() => t.close())

  const refresh = (refreshToken: string, at = host) =>
    t.app.inject({ method: 'POST', url: REFRESH, headers: { host: at }, payload: { refreshToken } })

  const rotate = async (refreshToken: string) => {
    const res = await refresh(refreshToken)
    expect(res.statusCode).toBe(200)
    return res.json().data.token as { accessToken: string; refreshToken: string; expiresIn: number }
  }

  const auditActions = async () =>
    (await withTenant(t.database.db, acme.id, (tx) => tx.select().from(auditLog))).map((row) => row.action)

  it('answers a new access token and a new refresh token', async () => {
    const session = await signIn(t.app, host, nurse.email)
    const next = await rotate(session.refreshToken)
    expect(next.expiresIn).toBe(t.config.accessTokenHours * 3600)
    expect(next.refreshToken).not.toBe(session.refreshToken)
    expect(claimsOf(next.accessToken)).toMatchObject({ sub: nurse.id, tenant: acme.id, is_landlord: false })
    const menus = await t.app.inject({
      url: MENUS,
      headers: { host, authorization: `Bearer ${next.accessToken}` },
    })
    expect(menus.statusCode).toBe(200)
    // The next token keeps rotating in the same family.
    const third = await rotate(next.refreshToken)
    const rows = await withTenant(t.database.db, acme.id, (tx) =>
      tx.select().from(refreshTokens).where(eq(refreshTokens.userId, nurse.id)),
    )
    const hashes = [session.refreshToken, next.refreshToken, third.refreshToken].map(hashOpaqueToken)
    const family = rows.filter((row) => hashes.includes(row.tokenHash))
    expect(family).toHaveLength(3)
    expect(new Set(family.map((row) => row.familyId)).size).toBe(1)
  })

  it('stores only a hash of the refresh token', async () => {
    const session = await signIn(t.app, host, nurse.email)
    const rows = await withTenant(t.database.db, acme.id, (tx) => tx.select().from(refreshTokens))
    expect(rows.some((row) => row.tokenHash === session.refreshToken)).toBe(false)
    expect(rows.some((row) => row.tokenHash === hashOpaqueToken(session.refreshToken))).toBe(true)
  })

  it('spends a refresh token at its first use', async () => {
    const session = await signIn(t.app, host, nurse.email)
    await rotate(session.refreshToken)
    const again = await refresh(session.refreshToken)
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(MISSING)
  })

  it('revokes the whole family when a spent token comes back', async () => {
    const session = await signIn(t.app, host, nurse.email)
    const second = await rotate(session.refreshToken)
    const newest = await rotate(second.refreshToken)
    // The first token, spent long ago, shows up again: somebody copied it.
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    const stolen = await refresh(newest.refreshToken)
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().message).toBe(MISSING)
    expect(await auditActions()).toContain('refresh.reused')
  })

  it('leaves the user’s other sessions alone when one family is revoked', async () => {
    const phone = await signIn(t.app, host, nurse.email)
    const laptop = await signIn(t.app, host, nurse.email)
    await rotate(phone.refreshToken)
    await refresh(phone.refreshToken)
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200)
  })

  it('answers an unknown token with the spec’s message, and an empty one as invalid', async () => {
    const unknown = await refresh('nunca-emitido')
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toEqual({ data: null, error: true, message: MISSING })
    const empty = await refresh('')
    expect(empty.statusCode).toBe(422)
  })

  it('refuses an expired refresh token', async () => {
    const session = await signIn(t.app, host, nurse.email)
    await withTenant(t.database.db, acme.id, (tx) =>
      tx
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(session.refreshToken))),
    )
    const res = await refresh(session.refreshToken)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(MISSING)
  })

  it('refuses a token on another tenant’s host without harming it', async () => {
    const session = await signIn(t.app, host, nurse.email)
    expect((await refresh(session.refreshToken, 'globex.localhost')).statusCode).toBe(401)
    expect((await refresh(session.refreshToken, 'admin.localhost')).statusCode).toBe(401)
    expect((await refresh(session.refreshToken)).statusCode).toBe(200)
  })

  it('stops refreshing a deactivated user', async () => {
    const user = await buildUser(t.database.db, acme.id, { email: 'baja@acme.mx' })
    const session = await signIn(t.app, host, user.email)
    await withTenant(t.database.db, acme.id, (tx) =>
      tx.update(users).set({ active: false }).where(eq(users.id, user.id)),
    )
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
  })

  it('recomputes the flags of the new access token', async () => {
    const clinic = await buildTenant(t.database.db, { slug: 'aviso' })
    await withTenant(t.database.db, clinic.id, (tx) =>
      tx
        .insert(privacyNotices)
        .values({ tenantId: clinic.id, version: 1, textEs: 'Aviso', textEn: 'Notice' }),
    )
    await buildUser(t.database.db, clinic.id, { email: 'lee@aviso.mx' })
    const session = await signIn(t.app, 'aviso.localhost', 'lee@aviso.mx')
    expect(claimsOf(session.accessToken).show_notice_of_privacy).toBe(true)
    const accept = await t.app.inject({
      method: 'POST',
      url: NOTICE,
      headers: session.headers,
      payload: { accept_notice_policy: true, version: 1 },
    })
    expect(accept.statusCode).toBe(200)
    const res = await refresh(session.refreshToken, 'aviso.localhost')
    expect(claimsOf(res.json().data.token.accessToken).show_notice_of_privacy).toBe(false)
  })

  it('refreshes the provider on the landlord host only', async () => {
    await t.database.db.insert(landlordUsers).values({
      id: uuidv7(),
      email: 'root@proveedor.mx',
      name: 'Proveedor',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    const session = await signIn(t.app, 'admin.localhost', 'root@proveedor.mx')
    expect((await refresh(session.refreshToken, host)).statusCode).toBe(401)
    const res = await refresh(session.refreshToken, 'admin.localhost')
    expect(res.statusCode).toBe(200)
    expect(claimsOf(res.json().data.token.accessToken)).toMatchObject({ tenant: null, is_landlord: true })
  })

  describe('logout', () => {
    const logout = (headers: Record<string, string>, refreshToken?: string) =>
      t.app.inject({ method: 'POST', url: LOGOUT, headers, payload: refreshToken ? { refreshToken } : {} })

    it('revokes the family of the refresh token, the tokens it rotated into included', async () => {
      const session = await signIn(t.app, host, nurse.email)
      const next = await rotate(session.refreshToken)
      const res = await logout(session.headers, next.refreshToken)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ error: false, data: null })
      expect((await refresh(next.refreshToken)).statusCode).toBe(401)
      expect(await auditActions()).toContain('logout')
    })

    it('leaves the other sessions of the user signed in', async () => {
      const leaving = await signIn(t.app, host, nurse.email)
      const staying = await signIn(t.app, host, nurse.email)
      await logout(leaving.headers, leaving.refreshToken)
      expect((await refresh(staying.refreshToken)).statusCode).toBe(200)
    })

    it('answers without a token or with an unknown one', async () => {
      expect((await logout({ host })).statusCode).toBe(200)
      expect((await logout({ host }, 'desconocido')).statusCode).toBe(200)
    })

    it('audits who signed out, even when the access token has lapsed', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'sale@acme.mx' })
      const session = await signIn(t.app, host, user.email)
      // Only the refresh token: the client signs out after its access token expired.
      expect((await logout({ host }, session.refreshToken)).statusCode).toBe(200)
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
      const rows = await withTenant(t.database.db, acme.id, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.actorId, user.id)),
      )
      expect(rows.map((row) => row.action)).toContain('logout')
    })
  })
})
