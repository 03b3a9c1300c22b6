import { and, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { type Endpoint, pathFor } from '../../../src/contract/endpoints/define'
import { assignPermissions } from '../../../src/contract/endpoints/roles'
import * as endpoints from '../../../src/contract/endpoints/users'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertSubgroup } from '../../../tests/fixtures/subgroups'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, catalogueEntries, rolePermissions, roles, users } from '../../db/schema'

const FORBIDDEN = 'Lo sentimos no tiene permiso para acceder'
const USER_PERMISSIONS = [
  'users-create',
  'users-index',
  'users-edit',
  'users.delete',
  'users.export',
  'profiles-create',
]
const SOME_ID = '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d'
const NEW_PASSWORD = 'Nueva#Clave2026'

const CALLS: [Endpoint, Record<string, string>][] = Object.values(endpoints).map((e) => [
  e,
  { id: SOME_ID, role: 'administrator' },
])

describe('users', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture
  let admin: Record<string, string>
  let adminId: string
  let nobody: Record<string, string>
  let globexAdmin: Record<string, string>
  let reception: string
  let medicine: string
  let globexRole: string

  /** A profile of `tenantId` with `permissions`, inserted directly. */
  const aRole = async (
    tenantId: string,
    roleType: 'administrator' | 'health_professional',
    permissions: string[] = [],
  ) => {
    const id = uuidv7()
    await withTenant(t.database.db, tenantId, async (tx) => {
      await tx.insert(roles).values({ tenantId, id, name: `Perfil ${id.slice(-6)}`, roleType })
      if (permissions.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(permissions.map((permission) => ({ tenantId, roleId: id, permission })))
      }
    })
    return id
  }

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
    const acmeAdmin = await buildUser(t.database.db, acme.id, { permissions: USER_PERMISSIONS })
    adminId = acmeAdmin.id
    const acmeNobody = await buildUser(t.database.db, acme.id)
    const globexUser = await buildUser(t.database.db, globex.id, { permissions: USER_PERMISSIONS })
    admin = (await signIn(t.app, 'acme.localhost', acmeAdmin.email)).headers
    nobody = (await signIn(t.app, 'acme.localhost', acmeNobody.email)).headers
    globexAdmin = (await signIn(t.app, 'globex.localhost', globexUser.email)).headers
    reception = await aRole(acme.id, 'administrator', ['patients-index'])
    medicine = await aRole(acme.id, 'health_professional', ['users-index'])
    globexRole = await aRole(globex.id, 'administrator')
  })
  afterAll(() => t.close())

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

  let serial = 0
  /** A valid create form; each call gets its own e-mail and employee number. */
  const aForm = (overrides: Record<string, unknown> = {}) => {
    serial += 1
    return {
      name: 'Ana',
      last_name: 'García',
      second_last_name: 'López',
      email: `ana.garcia${serial}@acme.mx`,
      employee_number: `emp-${serial}`,
      phone: '5512345678',
      role_id: reception,
      password: NEW_PASSWORD,
      ...overrides,
    }
  }

  /**
   * Creates a user through the API. The password an administrator sets must be changed at the
   * first sign-in; these tests sign in as the new user to act, so the change is marked as done.
   */
  const createUser = async (overrides: Record<string, unknown> = {}, headers = admin) => {
    const res = await call(headers, endpoints.createUser, {}, aForm(overrides))
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json().data as { id: string; email: string; employee_number: string }
    await withTenant(t.database.db, acme.id, (tx) =>
      tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, created.id)),
    )
    return created
  }

  const countUsers = (tenantId: string) =>
    withTenant(t.database.db, tenantId, (tx) => tx.select({ id: users.id }).from(users)).then(
      (rows) => rows.length,
    )

  const auditActions = (entityId: string) =>
    withTenant(t.database.db, acme.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId))),
    ).then((rows) => rows.map((row) => row.action))

  describe('access', () => {
    it('answers 401 to every call without a token', async () => {
      for (const [e, params] of CALLS) {
        const res = await t.app.inject({
          method: e.method,
          url: pathFor(e, params),
          headers: { host: 'acme.localhost' },
        })
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(401)
      }
    })

    it('answers 403 with the permission message to a user whose profile lacks the permission', async () => {
      for (const [e, params] of CALLS.filter(([e]) => e.access !== 'authenticated')) {
        const res = await call(nobody, e, params, e.method === 'POST' ? aForm() : undefined)
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403)
        expect(res.json().message).toBe(FORBIDDEN)
      }
    })
  })

  describe('create', () => {
    it('creates a user who can then sign in, and never answers the password hash', async () => {
      const res = await call(
        admin,
        endpoints.createUser,
        {},
        aForm({ email: '  Ana.Nueva@ACME.mx ', employee_number: 'ab-77' }),
      )
      expect(res.statusCode).toBe(200)
      const user = res.json().data
      expect(user).toMatchObject({
        name: 'Ana',
        last_name: 'García',
        email: 'ana.nueva@acme.mx',
        employee_number: 'AB-77',
        phone: '5512345678',
        active: true,
        role: { id: reception, role_type: 'administrator' },
      })
      expect(JSON.stringify(res.json())).not.toMatch(/password/i)
      expect(await auditActions(user.id)).toEqual(['user.create'])

      const session = await signIn(t.app, 'acme.localhost', 'ana.nueva@acme.mx', NEW_PASSWORD)
      expect(session.body.user).toMatchObject({ uuid: user.id, permissions: ['patients-index'] })
    })

    it('rejects bad input with per-field errors and creates nothing', async () => {
      const before = await countUsers(acme.id)
      const res = await call(
        admin,
        endpoints.createUser,
        {},
        {
          ...aForm(),
          name: '',
          email: 'not-an-email',
          phone: '55-1234',
          password: 'short',
          role_id: 'nope',
        },
      )
      expect(res.statusCode).toBe(422)
      const { errors } = res.json()
      expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'phone', 'role_id'])
      expect(errors.phone).toEqual(['El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.'])
      expect(errors.email).toEqual(['El correo electrónico no es válido.'])
      expect(await countUsers(acme.id)).toBe(before)
    })

    it('rejects an e-mail or employee number already used in the tenant', async () => {
      const first = await createUser()
      const before = await countUsers(acme.id)
      const res = await call(
        admin,
        endpoints.createUser,
        {},
        aForm({
          email: first.email.toUpperCase(),
          employee_number: first.employee_number,
        }),
      )
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({
        email: ['Ya existe un usuario con este correo electrónico.'],
        employee_number: ['Ya existe un usuario con este número de empleado.'],
      })
      expect(await countUsers(acme.id)).toBe(before)
    })

    it('accepts an e-mail another tenant already uses', async () => {
      const theirs = await createUser({ role_id: globexRole }, globexAdmin)
      await createUser({ email: theirs.email })
    })

    it('refuses a profile of another tenant as a field error', async () => {
      const res = await call(admin, endpoints.createUser, {}, aForm({ role_id: globexRole }))
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ role_id: ['El perfil seleccionado no existe.'] })
    })
  })

  describe('show and update', () => {
    it('shows a user of the tenant', async () => {
      const user = await createUser()
      const res = await call(admin, endpoints.showUser, { id: user.id })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ id: user.id, second_last_name: 'López' })
    })

    it('updates the data and keeps the password when none is sent', async () => {
      const user = await createUser()
      const res = await call(
        admin,
        endpoints.updateUser,
        { id: user.id },
        {
          ...aForm({ name: 'Ana María', second_last_name: '', phone: '' }),
          password: undefined,
          role_id: medicine,
          active: true,
        },
      )
      expect(res.statusCode).toBe(200)
      const updated = res.json().data
      expect(updated).toMatchObject({
        name: 'Ana María',
        second_last_name: null,
        phone: null,
        role: { id: medicine },
      })
      await signIn(t.app, 'acme.localhost', updated.email, NEW_PASSWORD)
      expect(await auditActions(user.id)).toEqual(['user.create', 'user.update'])
    })

    it('keeps a professional’s title from the practitioner-titles catalogue and a cédula', async () => {
      const [title] = Object.values(await insertSubgroup(t.database.db, acme.id, 'Títulos', ['Dra.']))
      // A title is a value of the practitioner-titles catalogue, not of any other.
      const wrong = await call(admin, endpoints.createUser, {}, aForm({ title_id: title }))
      expect(wrong.json().errors).toHaveProperty('title_id')
      const titleId = await withTenant(t.database.db, acme.id, async (tx) => {
        const id = uuidv7()
        await tx.insert(catalogueEntries).values({
          tenantId: acme.id,
          id,
          catalogue: 'practitioner-titles',
          name: 'Dra.',
          nameKey: 'dra.',
        })
        return id
      })
      const user = await createUser({ title_id: titleId, professional_license: '12345678' })
      const shown = await call(admin, endpoints.showUser, { id: user.id })
      expect(shown.json().data).toMatchObject({
        title_id: titleId,
        title: 'Dra.',
        professional_license: '12345678',
      })
      const bad = await call(admin, endpoints.createUser, {}, aForm({ professional_license: '12-34' }))
      expect(bad.statusCode).toBe(422)
      expect(bad.json().errors).toHaveProperty('professional_license')
    })

    it('sets a new password when one is sent', async () => {
      const user = await createUser()
      const form = aForm({ password: 'Otra#Clave99' })
      const res = await call(admin, endpoints.updateUser, { id: user.id }, form)
      expect(res.statusCode).toBe(200)
      await expect(signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)).rejects.toThrow('401')
      await signIn(t.app, 'acme.localhost', form.email, 'Otra#Clave99')
    })

    it('rejects a bad update, or one that takes another user’s e-mail, and changes nothing', async () => {
      const user = await createUser()
      const other = await createUser()
      const bad = await call(
        admin,
        endpoints.updateUser,
        { id: user.id },
        aForm({ last_name: ' ', phone: 'abc' }),
      )
      expect(bad.statusCode).toBe(422)
      expect(Object.keys(bad.json().errors).sort()).toEqual(['last_name', 'phone'])

      const clash = await call(admin, endpoints.updateUser, { id: user.id }, aForm({ email: other.email }))
      expect(clash.statusCode).toBe(422)
      expect(clash.json().errors).toEqual({ email: ['Ya existe un usuario con este correo electrónico.'] })

      expect((await call(admin, endpoints.showUser, { id: user.id })).json().data.email).toBe(user.email)
    })

    it('keeps the user’s own e-mail and employee number free for the user', async () => {
      const user = await createUser()
      const res = await call(
        admin,
        endpoints.updateUser,
        { id: user.id },
        {
          ...aForm(),
          email: user.email,
          employee_number: user.employee_number,
        },
      )
      expect(res.statusCode).toBe(200)
    })

    it('applies a change of profile on the user’s very next request', async () => {
      const form = aForm({ role_id: medicine })
      const user = await createUser(form)
      const session = (await signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)).headers
      expect((await call(session, endpoints.showUser, { id: user.id })).statusCode).toBe(200)

      // No password in the update: a new password would end the session (401), not just narrow it.
      await call(
        admin,
        endpoints.updateUser,
        { id: user.id },
        { ...form, password: undefined, role_id: reception },
      )
      expect((await call(session, endpoints.showUser, { id: user.id })).statusCode).toBe(403)
    })

    it('shuts out a deactivated user at once', async () => {
      const form = aForm()
      const user = await createUser(form)
      const session = (await signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)).headers
      expect((await call(session, endpoints.refreshSessionUser)).statusCode).toBe(200)
      await call(admin, endpoints.updateUser, { id: user.id }, { ...form, active: false })
      expect((await call(session, endpoints.refreshSessionUser)).statusCode).toBe(401)
    })
  })

  it('makes the owner of a new account change the password the administrator chose', async () => {
    const form = aForm()
    const res = await call(admin, endpoints.createUser, {}, form)
    const session = await signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)
    expect(session.body.route_redirect).toBe('/update-password')
    expect((await call(session.headers, endpoints.showUser, { id: res.json().data.id })).statusCode).toBe(403)
  })

  describe('delete', () => {
    it('deletes softly: the user is gone from the API, the row stays, the session ends', async () => {
      const form = aForm()
      const user = await createUser(form)
      const session = (await signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)).headers

      expect((await call(session, endpoints.refreshSessionUser)).statusCode).toBe(200)
      const res = await call(admin, endpoints.destroyUser, { id: user.id })
      expect(res.statusCode).toBe(200)
      expect((await call(admin, endpoints.showUser, { id: user.id })).statusCode).toBe(404)
      expect((await call(admin, endpoints.destroyUser, { id: user.id })).statusCode).toBe(404)
      expect((await call(session, endpoints.refreshSessionUser)).statusCode).toBe(401)
      const [row] = await withTenant(t.database.db, acme.id, (tx) =>
        tx.select().from(users).where(eq(users.id, user.id)),
      )
      expect(row?.deletedAt).not.toBeNull()
      expect(await auditActions(user.id)).toContain('user.delete')
    })

    it('refuses to delete the caller’s own user', async () => {
      const res = await call(admin, endpoints.destroyUser, { id: adminId })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('No puedes eliminar tu propio usuario.')
    })
  })

  describe('tenancy', () => {
    it('answers 404 for another tenant’s user and changes nothing', async () => {
      const user = await createUser()
      expect((await call(globexAdmin, endpoints.showUser, { id: user.id })).statusCode).toBe(404)
      const update = aForm({ role_id: globexRole })
      expect((await call(globexAdmin, endpoints.updateUser, { id: user.id }, update)).statusCode).toBe(404)
      expect((await call(globexAdmin, endpoints.destroyUser, { id: user.id })).statusCode).toBe(404)
      expect((await call(admin, endpoints.showUser, { id: user.id })).json().data.email).toBe(user.email)
    })

    it('rejects a malformed id with a field error', async () => {
      const res = await call(admin, endpoints.showUser, { id: '42' })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toHaveProperty('id')
    })
  })

  describe('lists', () => {
    it('lists the users whose profile has the role type', async () => {
      const doctor = await createUser({ role_id: medicine })
      const clerk = await createUser()
      const res = await call(admin, endpoints.listUsersByRole, { role: 'health_professional' })
      const ids = res.json().data.map((u: { id: string }) => u.id)
      expect(ids).toContain(doctor.id)
      expect(ids).not.toContain(clerk.id)
      expect(
        res
          .json()
          .data.every((u: { role: { role_type: string } }) => u.role.role_type === 'health_professional'),
      ).toBe(true)
    })

    it('rejects an unknown role type', async () => {
      const res = await call(admin, endpoints.listUsersByRole, { role: 'doctor' })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ role: ['Valor no permitido'] })
    })

    it('downloads the tenant’s users as a real workbook named usuarios_DD_MM_YYYY.xlsx', async () => {
      const user = await createUser({ name: '=HYPERLINK("x")' })
      const deleted = await createUser()
      await call(admin, endpoints.destroyUser, { id: deleted.id })
      const theirs = await createUser({ role_id: globexRole }, globexAdmin)

      const res = await call(admin, endpoints.downloadUsers)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="usuarios_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )

      const book = XLSX.read(res.rawPayload, { type: 'buffer' })
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet)
      const emails = rows.map((row) => row['Correo electrónico'])
      expect(rows.find((row) => row['Correo electrónico'] === user.email)).toMatchObject({
        Nombre: '=HYPERLINK("x")',
        'Número de empleado': user.employee_number,
        'Tipo de perfil': 'Administrativo',
        Activo: 'Sí',
      })
      expect(emails).not.toContain(deleted.email)
      expect(emails).not.toContain(theirs.email)
      // A name that looks like a formula stays text.
      const nameCells = Object.values(sheet).filter((cell) => cell?.v === '=HYPERLINK("x")')
      expect(nameCells.every((cell) => cell.f === undefined)).toBe(true)
      expect(res.rawPayload.toString('latin1')).not.toContain('$argon2')
    })
  })

  describe('refresh of the session user', () => {
    it('answers the session user with the permissions as they are now', async () => {
      const form = aForm({ role_id: await aRole(acme.id, 'administrator', ['covid-index']) })
      const user = await createUser(form)
      const session = (await signIn(t.app, 'acme.localhost', form.email, NEW_PASSWORD)).headers

      const before = await call(session, endpoints.refreshSessionUser)
      expect(before.statusCode).toBe(200)
      expect(before.json().data).toMatchObject({ uuid: user.id, permissions: ['covid-index'] })

      const grant = await call(
        admin,
        assignPermissions,
        { id: form.role_id as string },
        {
          permissions: ['covid-index', 'covid-history'],
        },
      )
      expect(grant.statusCode).toBe(200)
      const after = await call(session, endpoints.refreshSessionUser)
      expect(after.json().data.permissions).toEqual(['covid-history', 'covid-index'])
    })
  })
})
