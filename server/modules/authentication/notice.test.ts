import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, privacyAcceptances, privacyNotices } from '../../db/schema'

const NOTICE = '/api/authentication/notice-privacy'

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))

describe('the privacy notice', () => {
  let t: TestApp
  let aviso: TenantFixture
  const host = 'aviso.localhost'
  let serial = 0

  beforeAll(async () => {
    t = await buildTestApp()
    aviso = await buildTenant(t.database.db, { slug: 'aviso' })
    await withTenant(t.database.db, aviso.id, (tx) =>
      tx.insert(privacyNotices).values([
        { tenantId: aviso.id, version: 1, textEs: 'Aviso anterior', textEn: 'Former notice' },
        { tenantId: aviso.id, version: 2, textEs: 'Aviso vigente', textEn: 'Current notice' },
      ]),
    )
  })
  afterAll(() => t.close())

  /** A fresh user of the notice's tenant, signed in. */
  const reader = async () => {
    serial += 1
    const user = await buildUser(t.database.db, aviso.id, {
      email: `lector${serial}@aviso.mx`,
      permissions: ['dashboard-index'],
    })
    return { user, session: await signIn(t.app, host, user.email) }
  }
  const accept = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: NOTICE, headers, payload })

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: NOTICE, headers: { host } })).statusCode).toBe(401)
    const post = await accept({ host }, { accept_notice_policy: true, version: 2 })
    expect(post.statusCode).toBe(401)
  })

  it('answers the newest version, in Spanish or English by Accept-Language', async () => {
    const { session } = await reader()
    const spanish = await t.app.inject({ url: NOTICE, headers: session.headers })
    expect(spanish.statusCode).toBe(200)
    expect(spanish.json().data).toMatchObject({ version: 2, text: 'Aviso vigente', accepted: false })
    expect(Date.parse(spanish.json().data.published_at)).not.toBeNaN()
    const english = await t.app.inject({
      url: NOTICE,
      headers: { ...session.headers, 'accept-language': 'en-US,en;q=0.9' },
    })
    expect(english.json().data).toMatchObject({ version: 2, text: 'Current notice' })
  })

  it('refuses an outdated version and a refusal to accept', async () => {
    const { session } = await reader()
    const outdated = await accept(session.headers, { accept_notice_policy: true, version: 1 })
    expect(outdated.statusCode).toBe(422)
    expect(outdated.json().message).toBe('El aviso de privacidad cambió; léelo de nuevo antes de aceptarlo.')
    const refused = await accept(session.headers, { accept_notice_policy: false, version: 2 })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({
      accept_notice_policy: ['Debes aceptar el aviso de privacidad para continuar.'],
    })
    const notice = await t.app.inject({ url: NOTICE, headers: session.headers })
    expect(notice.json().data.accepted).toBe(false)
  })

  it('records the acceptance, audits it and stops asking at the next login', async () => {
    const { user, session } = await reader()
    expect(session.body.route_redirect).toBe('/notice_privacy')
    expect(claimsOf(session.accessToken).show_notice_of_privacy).toBe(true)

    const res = await accept(session.headers, { accept_notice_policy: true, version: 2 })
    expect(res.statusCode).toBe(200)
    // Accepting twice is harmless.
    expect((await accept(session.headers, { accept_notice_policy: true, version: 2 })).statusCode).toBe(200)

    const notice = await t.app.inject({ url: NOTICE, headers: session.headers })
    expect(notice.json().data.accepted).toBe(true)
    const acceptances = await withTenant(t.database.db, aviso.id, (tx) =>
      tx.select().from(privacyAcceptances).where(eq(privacyAcceptances.userId, user.id)),
    )
    expect(acceptances).toHaveLength(1)
    expect(acceptances[0]).toMatchObject({ version: 2, ip: expect.any(String) })
    const audit = await withTenant(t.database.db, aviso.id, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'privacy-notice.accept'))),
    )
    expect(audit).toHaveLength(2)
    expect(audit[0]).toMatchObject({ entity: 'user', entityId: user.id, details: { version: 2 } })

    const again = await signIn(t.app, host, user.email)
    expect(again.body.route_redirect).toBe('/dashboard')
    expect(claimsOf(again.accessToken).show_notice_of_privacy).toBe(false)
  })

  it('asks again once a new version is published', async () => {
    const clinic = await buildTenant(t.database.db, { slug: 'versiones' })
    await withTenant(t.database.db, clinic.id, (tx) =>
      tx.insert(privacyNotices).values({ tenantId: clinic.id, version: 1, textEs: 'v1', textEn: 'v1' }),
    )
    const user = await buildUser(t.database.db, clinic.id, { email: 'lee@versiones.mx' })
    const first = await signIn(t.app, 'versiones.localhost', user.email)
    await accept(first.headers, { accept_notice_policy: true, version: 1 })
    expect(claimsOf((await signIn(t.app, 'versiones.localhost', user.email)).accessToken)).toMatchObject({
      show_notice_of_privacy: false,
    })
    await withTenant(t.database.db, clinic.id, (tx) =>
      tx.insert(privacyNotices).values({ tenantId: clinic.id, version: 2, textEs: 'v2', textEn: 'v2' }),
    )
    const later = await signIn(t.app, 'versiones.localhost', user.email)
    expect(later.body.route_redirect).toBe('/notice_privacy')
  })

  it('answers 404 on a tenant that has no notice, whose users are never asked', async () => {
    const clinic = await buildTenant(t.database.db, { slug: 'sinaviso' })
    await buildUser(t.database.db, clinic.id, { email: 'libre@sinaviso.mx' })
    const session = await signIn(t.app, 'sinaviso.localhost', 'libre@sinaviso.mx')
    expect(claimsOf(session.accessToken).show_notice_of_privacy).toBe(false)
    expect((await t.app.inject({ url: NOTICE, headers: session.headers })).statusCode).toBe(404)
    expect((await accept(session.headers, { accept_notice_policy: true, version: 1 })).statusCode).toBe(404)
  })
})
