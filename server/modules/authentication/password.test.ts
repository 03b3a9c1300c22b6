import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, landlordUsers, users } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'

const UPDATE_PASSWORD = '/api/authentication/update-password'
const LOGIN = '/api/authentication/login'
const REFRESH = '/api/authentication/refreshtoken'
const MENUS = '/api/configuration/menus/menusavailable'

/** Token issue times have whole seconds: wait until a change happens in a later second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)))

describe('update-password', () => {
  let t: TestApp
  let acme: TenantFixture
  const host = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
  })
  afterAll(() => t.close())

  const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: UPDATE_PASSWORD, headers, payload })
  const changeTo = (password: string, current = TEST_PASSWORD) => ({
    current_password: current,
    password,
    password_confirmation: password,
  })
  const login = (username: string, password: string, at = host) =>
    t.app.inject({ method: 'POST', url: LOGIN, headers: { host: at }, payload: { username, password } })
  const refresh = (refreshToken: string, at = host) =>
    t.app.inject({ method: 'POST', url: REFRESH, headers: { host: at }, payload: { refreshToken } })

  describe('refusals', () => {
    let headers: Record<string, string>
    beforeAll(async () => {
      await buildUser(t.database.db, acme.id, { email: 'rechazos@acme.mx' })
      headers = (await signIn(t.app, host, 'rechazos@acme.mx')).headers
    })

    it('needs a signed-in user', async () => {
      const res = await change({ host }, changeTo('Nueva#Clave26'))
      expect(res.statusCode).toBe(401)
    })

    it('refuses a wrong current password on its field', async () => {
      const res = await change(headers, changeTo('Nueva#Clave26', 'Incorrecta#1'))
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] })
      const english = await change({ ...headers, 'accept-language': 'en' }, changeTo('Nueva#Clave26', 'x'))
      expect(english.json().errors).toEqual({ current_password: ['The current password is incorrect.'] })
    })

    it('refuses a weak password on the password field, whatever rule it breaks', async () => {
      for (const weak of ['Corta#1', 'sinmayuscula#1', 'SINMINUSCULA#1', 'SinNumero#', 'SinEspecial1']) {
        const res = await change(headers, changeTo(weak))
        expect(res.statusCode, weak).toBe(422)
        expect(res.json().errors, weak).toEqual({
          password: [
            'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un carácter especial.',
          ],
        })
      }
    })

    it('refuses a confirmation that does not match, on the confirmation field', async () => {
      const res = await change(headers, {
        current_password: TEST_PASSWORD,
        password: 'Nueva#Clave26',
        password_confirmation: 'Nueva#Clave27',
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden'] })
    })

    it('refuses the current password as the new one', async () => {
      const res = await change(headers, changeTo(TEST_PASSWORD))
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ password: ['La nueva contraseña debe ser distinta de la actual.'] })
    })

    it('leaves the password as it was after every refusal', async () => {
      expect((await login('rechazos@acme.mx', TEST_PASSWORD)).statusCode).toBe(200)
    })
  })

  it('sets the new password, ends every session and audits the change', async () => {
    const user = await buildUser(t.database.db, acme.id, {
      email: 'cambio@acme.mx',
      mustChangePassword: true,
      passwordChangedAt: '2020-01-01T00:00:00Z',
    })
    const phone = await signIn(t.app, host, user.email)
    const laptop = await signIn(t.app, host, user.email)
    await nextSecond()
    const res = await change(laptop.headers, changeTo('Nueva#Clave26'))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      error: false,
      data: { message: 'Contraseña actualizada correctamente' },
    })

    for (const session of [phone, laptop]) {
      const refreshed = await refresh(session.refreshToken)
      expect(refreshed.statusCode).toBe(401)
      // The access tokens issued before the change end too, not 12 hours later.
      const menus = await t.app.inject({ url: MENUS, headers: session.headers })
      expect(menus.statusCode).toBe(401)
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401)
    const again = await login(user.email, 'Nueva#Clave26')
    expect(again.statusCode).toBe(200)
    expect(again.json().data.route_redirect).not.toBe('/update-password')

    const [row] = await withTenant(t.database.db, acme.id, (tx) =>
      tx.select().from(users).where(eq(users.id, user.id)),
    )
    expect(row?.mustChangePassword).toBe(false)
    expect(Date.now() - Date.parse(row?.passwordChangedAt ?? '')).toBeLessThan(60_000)
    const audit = await withTenant(t.database.db, acme.id, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.actorId, user.id)),
    )
    expect(audit.map((entry) => entry.action)).toContain('password.update')
  })

  it('changes the provider’s password on the landlord host', async () => {
    await t.database.db.insert(landlordUsers).values({
      id: uuidv7(),
      email: 'root@proveedor.mx',
      name: 'Proveedor',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    const session = await signIn(t.app, 'admin.localhost', 'root@proveedor.mx')
    const res = await change(session.headers, changeTo('Proveedor#2026'))
    expect(res.statusCode).toBe(200)
    expect((await refresh(session.refreshToken, 'admin.localhost')).statusCode).toBe(401)
    expect((await login('root@proveedor.mx', 'Proveedor#2026', 'admin.localhost')).statusCode).toBe(200)
  })
})
