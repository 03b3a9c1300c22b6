import { and, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Endpoint, pathFor } from '../../../src/contract/endpoints/define'
import * as endpoints from '../../../src/contract/endpoints/profile'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, securityAnswers, users } from '../../db/schema'
import { verifyPassword } from '../../platform/passwords'
import { normalizeAnswer } from '../authentication/recovery'

const NEW_PASSWORD = 'Nueva#Clave2026'
const QUESTIONS = [
  { question: '¿Nombre de tu primera mascota?', answer: 'Firulais' },
  { question: '¿Ciudad donde naciste?', answer: '  Mérida ' },
  { question: '¿Tu comida favorita?', answer: 'Cochinita Pibil' },
]

describe('own profile', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
  })
  afterAll(() => t.close())

  /** A fresh user of acme with no permissions at all, signed in. */
  const aSignedInUser = async (overrides: Parameters<typeof buildUser>[2] = {}) => {
    const user = await buildUser(t.database.db, acme.id, overrides)
    const session = await signIn(t.app, 'acme.localhost', user.email)
    return { ...user, headers: session.headers, refreshToken: session.refreshToken }
  }

  const call = (
    headers: Record<string, string>,
    e: Endpoint,
    params: Record<string, string> = {},
    payload?: InjectOptions['payload'],
  ) =>
    t.app.inject({
      method: e.method,
      url: pathFor(e, params),
      headers,
      ...(payload !== undefined && { payload }),
    })

  const edit = (headers: Record<string, string>, changes: Record<string, unknown> = {}) =>
    call(headers, endpoints.editProfile, {}, { name: 'Prueba', last_name: 'Usuario', ...changes })

  const rowOf = async (tenantId: string, id: string) => {
    const [row] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(users).where(eq(users.id, id)),
    )
    if (!row) throw new Error(`user ${id} not found`)
    return row
  }

  it('answers 401 to every call without a token', async () => {
    for (const e of Object.values(endpoints)) {
      const url = pathFor(e, { id: '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d' })
      const res = await t.app.inject({ method: e.method, url, headers: { host: 'acme.localhost' } })
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401)
    }
  })

  it('shows the signed-in user’s own data to a user without any permission', async () => {
    const me = await aSignedInUser({ phone: '5512345678' })
    const res = await call(me.headers, endpoints.showProfile)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      id: me.id,
      name: 'Prueba',
      last_name: 'Usuario',
      email: me.email,
      phone: '5512345678',
      security_questions: [],
    })
    expect(res.body).not.toMatch(/password/i)
  })

  it('changes names and phone, and records it in the audit log', async () => {
    const me = await aSignedInUser()
    const res = await edit(me.headers, {
      name: 'Lucía',
      last_name: 'Mendoza',
      second_last_name: 'Ruiz',
      phone: '999123456789',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      name: 'Lucía',
      last_name: 'Mendoza',
      second_last_name: 'Ruiz',
      phone: '999123456789',
    })
    const row = await rowOf(acme.id, me.id)
    expect(row).toMatchObject({
      name: 'Lucía',
      lastName: 'Mendoza',
      secondLastName: 'Ruiz',
      phone: '999123456789',
    })
    const audit = await withTenant(t.database.db, acme.id, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, me.id))),
    )
    expect(audit).toMatchObject([
      {
        action: 'profile.update',
        actorId: me.id,
        details: { password_changed: false, security_questions_changed: false },
      },
    ])
  })

  it('rejects bad input with per-field errors and changes nothing', async () => {
    const me = await aSignedInUser()
    const res = await edit(me.headers, { name: '', phone: '12-34' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      name: ['Este campo es obligatorio.'],
      phone: ['El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.'],
    })
    expect((await rowOf(acme.id, me.id)).name).toBe('Prueba')
  })

  describe('password', () => {
    it('needs the current password, a strong new one and a matching confirmation', async () => {
      const me = await aSignedInUser()
      const missing = await edit(me.headers, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      expect(missing.statusCode).toBe(422)
      expect(missing.json().errors).toEqual({ current_password: ['Este campo es obligatorio.'] })

      const mismatch = await edit(me.headers, {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: 'Otra#cosa1',
      })
      expect(mismatch.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden'] })

      const weak = await edit(me.headers, {
        current_password: TEST_PASSWORD,
        password: 'abc',
        password_confirmation: 'abc',
      })
      expect(Object.keys(weak.json().errors)).toEqual(['password'])

      await signIn(t.app, 'acme.localhost', me.email, TEST_PASSWORD)
    })

    it('refuses a wrong current password and keeps the old one', async () => {
      const me = await aSignedInUser()
      const res = await edit(me.headers, {
        name: 'Cambiado',
        current_password: 'No#Es-La-Mia1',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] })
      expect((await rowOf(acme.id, me.id)).name).toBe('Prueba')
      await signIn(t.app, 'acme.localhost', me.email, TEST_PASSWORD)
    })

    it('sets the new password and ends the user’s other sessions', async () => {
      const me = await aSignedInUser()
      const res = await edit(me.headers, {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      expect(res.statusCode).toBe(200)
      await expect(signIn(t.app, 'acme.localhost', me.email, TEST_PASSWORD)).rejects.toThrow('401')
      await signIn(t.app, 'acme.localhost', me.email, NEW_PASSWORD)

      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/authentication/refreshtoken',
        headers: { host: 'acme.localhost' },
        payload: { refreshToken: me.refreshToken },
      })
      expect(refresh.statusCode).toBe(401)
    })
  })

  describe('security questions', () => {
    it('stores three questions with hashed, normalised answers and shows only the questions', async () => {
      const me = await aSignedInUser()
      const res = await edit(me.headers, { questions: QUESTIONS })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.security_questions).toEqual(QUESTIONS.map((q) => q.question))

      const stored = await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .select()
          .from(securityAnswers)
          .where(eq(securityAnswers.userId, me.id))
          .orderBy(securityAnswers.position),
      )
      expect(stored.map((s) => s.position)).toEqual([1, 2, 3])
      expect(stored[1]?.answerHash).not.toContain('rida')
      expect(await verifyPassword(stored[1]?.answerHash ?? '', normalizeAnswer('MERIDA'))).toBe(true)

      const replaced = await edit(me.headers, { questions: [...QUESTIONS].reverse() })
      expect(replaced.json().data.security_questions[0]).toBe('¿Tu comida favorita?')
      const profile = await call(me.headers, endpoints.showProfile)
      expect(profile.json().data.security_questions).toHaveLength(3)
    })

    it('rejects anything but three questions with answers, and keeps the stored ones', async () => {
      const me = await aSignedInUser()
      await edit(me.headers, { questions: QUESTIONS })
      const two = await edit(me.headers, { questions: QUESTIONS.slice(0, 2) })
      expect(two.statusCode).toBe(422)
      expect(two.json().errors).toEqual({ questions: ['Valor no permitido'] })

      const blank = await edit(me.headers, {
        questions: [{ question: 'Color', answer: ' ' }, ...QUESTIONS.slice(1)],
      })
      expect(blank.json().errors).toEqual({ 'questions.0.answer': ['Este campo es obligatorio.'] })

      const profile = await call(me.headers, endpoints.showProfile)
      expect(profile.json().data.security_questions).toEqual(QUESTIONS.map((q) => q.question))
    })
  })

  describe('profile photo', () => {
    const withPhoto = (tenantId: string, id: string) =>
      withTenant(t.database.db, tenantId, (tx) =>
        tx.update(users).set({ photo: 'sha256-abc' }).where(eq(users.id, id)),
      )

    it('deletes the user’s own photo', async () => {
      const me = await aSignedInUser()
      await withPhoto(acme.id, me.id)
      expect((await call(me.headers, endpoints.showProfile)).json().data.photo_url).not.toBeNull()

      const res = await call(me.headers, endpoints.deleteProfilePhoto, { id: me.id })
      expect(res.statusCode).toBe(200)
      expect((await rowOf(acme.id, me.id)).photo).toBeNull()
      expect((await call(me.headers, endpoints.showProfile)).json().data.photo_url).toBeNull()
    })

    it('answers 404 for someone else’s photo, in this tenant or another, and keeps it', async () => {
      const me = await aSignedInUser()
      const colleague = await buildUser(t.database.db, acme.id)
      const stranger = await buildUser(t.database.db, globex.id)
      await withPhoto(acme.id, colleague.id)
      await withPhoto(globex.id, stranger.id)

      expect((await call(me.headers, endpoints.deleteProfilePhoto, { id: colleague.id })).statusCode).toBe(
        404,
      )
      expect((await call(me.headers, endpoints.deleteProfilePhoto, { id: stranger.id })).statusCode).toBe(404)
      expect((await rowOf(acme.id, colleague.id)).photo).toBe('sha256-abc')
      expect((await rowOf(globex.id, stranger.id)).photo).toBe('sha256-abc')
    })

    it('rejects a malformed id with a field error', async () => {
      const me = await aSignedInUser()
      const res = await call(me.headers, endpoints.deleteProfilePhoto, { id: 'mine' })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toHaveProperty('id')
    })
  })

  it('does not accept a token of another tenant', async () => {
    const stranger = await buildUser(t.database.db, globex.id)
    const session = await signIn(t.app, 'globex.localhost', stranger.email)
    const res = await call({ ...session.headers, host: 'acme.localhost' }, endpoints.showProfile)
    expect(res.statusCode).toBe(401)
  })
})
