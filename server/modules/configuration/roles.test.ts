import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { type Endpoint, pathFor } from '../../../src/contract/endpoints/define'
import * as endpoints from '../../../src/contract/endpoints/roles'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, roles, users } from '../../db/schema'

const FORBIDDEN = 'Lo sentimos no tiene permiso para acceder'
const PROFILE_PERMISSIONS = [
  'profiles-index',
  'profiles-create',
  'profiles-edit',
  'profiles.delete',
  'profiles.export',
]
const SOME_ID = '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d'

/** Every endpoint of the file with sample path parameters. */
const CALLS: [Endpoint, Record<string, string | number>][] = Object.values(endpoints).map((e) => [
  e,
  { id: SOME_ID, order: 'asc', limit: 10 },
])

describe('profiles (roles)', () => {
  let t: TestApp
  let acme: TenantFixture
  let globex: TenantFixture
  let admin: Record<string, string>
  let nobody: Record<string, string>
  let globexAdmin: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, { slug: 'acme' })
    globex = await buildTenant(t.database.db, { slug: 'globex' })
    const acmeAdmin = await buildUser(t.database.db, acme.id, { permissions: PROFILE_PERMISSIONS })
    const acmeNobody = await buildUser(t.database.db, acme.id)
    const globexUser = await buildUser(t.database.db, globex.id, { permissions: PROFILE_PERMISSIONS })
    admin = (await signIn(t.app, 'acme.localhost', acmeAdmin.email)).headers
    nobody = (await signIn(t.app, 'acme.localhost', acmeNobody.email)).headers
    globexAdmin = (await signIn(t.app, 'globex.localhost', globexUser.email)).headers
  })
  afterAll(() => t.close())

  const call = (
    headers: Record<string, string>,
    e: Endpoint,
    params: Record<string, string | number> = {},
    payload?: InjectOptions['payload'],
  ) =>
    t.app.inject({
      method: e.method,
      url: pathFor(e, params),
      headers,
      ...(payload !== undefined && { payload }),
    })

  const createRole = async (name: string, roleType = 'administrator', headers = admin) => {
    const res = await call(headers, endpoints.createRole, {}, { name, role_type: roleType })
    expect(res.statusCode).toBe(200)
    return res.json().data as { id: string; name: string; permissions: string[] }
  }

  const auditActions = (tenantId: string, entityId: string) =>
    withTenant(t.database.db, tenantId, (tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId)),
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
        const res = await call(nobody, e, params)
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403)
        expect(res.json().message).toBe(FORBIDDEN)
      }
    })

    it('lets any signed-in user list the staff by role type', async () => {
      const health = await buildUser(t.database.db, acme.id, { name: 'Lucía', lastName: 'Mendoza' })
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.update(roles).set({ roleType: 'health_professional' }).where(eq(roles.id, health.roleId)),
      )
      const professionals = await call(nobody, endpoints.listHealthcareProfessionals)
      expect(professionals.statusCode).toBe(200)
      expect(professionals.json().data).toEqual([{ id: health.id, name: 'Lucía Mendoza' }])

      const administratives = await call(nobody, endpoints.listAdministratives)
      expect(administratives.statusCode).toBe(200)
      const ids = administratives.json().data.map((staff: { id: string }) => staff.id)
      expect(ids).not.toContain(health.id)
      expect(ids.length).toBeGreaterThanOrEqual(2)
    })
  })

  describe('create and assign', () => {
    it('creates a role without permissions, then assigns its permission set', async () => {
      const role = await createRole('Enfermería')
      expect(role.permissions).toEqual([])

      const assigned = await call(
        admin,
        endpoints.assignPermissions,
        { id: role.id },
        {
          permissions: ['users-index', 'patients-index', 'users-index', 'users.export'],
        },
      )
      expect(assigned.statusCode).toBe(200)
      expect(assigned.json().data.permissions).toEqual(['patients-index', 'users-index', 'users.export'])

      const shown = await call(admin, endpoints.showRole, { id: role.id })
      expect(shown.json().data).toMatchObject({
        name: 'Enfermería',
        role_type: 'administrator',
        permissions: ['patients-index', 'users-index', 'users.export'],
        users_count: 0,
      })
      expect(await auditActions(acme.id, role.id)).toEqual(['role.create', 'role.permissions.assign'])
    })

    it('rejects a role without a name or with an unknown type, and creates nothing', async () => {
      const before = (await call(admin, endpoints.listRoles)).json().data.length
      const res = await call(admin, endpoints.createRole, {}, { name: '  ', role_type: 'doctor' })
      expect(res.statusCode).toBe(422)
      expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'role_type'])
      expect(res.json().errors.name).toEqual(['Este campo es obligatorio.'])
      expect((await call(admin, endpoints.listRoles)).json().data).toHaveLength(before)
    })

    it('rejects a second role with the same name, whatever the case', async () => {
      await createRole('Recepción')
      const res = await call(
        admin,
        endpoints.createRole,
        {},
        { name: 'RECEPCIÓN', role_type: 'administrator' },
      )
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ name: ['Ya existe un perfil con este nombre.'] })
    })

    it('rejects permissions outside the catalogue and keeps the current set', async () => {
      const role = await createRole('Laboratorio')
      await call(admin, endpoints.assignPermissions, { id: role.id }, { permissions: ['patients-index'] })
      const res = await call(
        admin,
        endpoints.assignPermissions,
        { id: role.id },
        {
          permissions: ['users-index', 'superpowers'],
        },
      )
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ 'permissions.1': ['Valor no permitido'] })
      expect((await call(admin, endpoints.showRole, { id: role.id })).json().data.permissions).toEqual([
        'patients-index',
      ])
    })
  })

  describe('update', () => {
    it('changes name and type, and the permissions only when they are sent', async () => {
      const role = await createRole('Archivo')
      await call(admin, endpoints.assignPermissions, { id: role.id }, { permissions: ['patients-index'] })

      const renamed = await call(
        admin,
        endpoints.updateRole,
        { id: role.id },
        {
          name: 'Archivo clínico',
          role_type: 'health_professional',
        },
      )
      expect(renamed.statusCode).toBe(200)
      expect(renamed.json().data).toMatchObject({
        name: 'Archivo clínico',
        role_type: 'health_professional',
        permissions: ['patients-index'],
      })

      const regranted = await call(
        admin,
        endpoints.updateRole,
        { id: role.id },
        {
          name: 'Archivo clínico',
          role_type: 'health_professional',
          permissions: ['covid-index'],
        },
      )
      expect(regranted.json().data.permissions).toEqual(['covid-index'])
      expect(await auditActions(acme.id, role.id)).toContain('role.update')
    })

    it('rejects a bad update and leaves the role as it was', async () => {
      const role = await createRole('Caja')
      const res = await call(
        admin,
        endpoints.updateRole,
        { id: role.id },
        { name: '', role_type: 'administrator' },
      )
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toHaveProperty('name')
      expect((await call(admin, endpoints.showRole, { id: role.id })).json().data.name).toBe('Caja')
    })

    it('applies a permission change on the holder’s very next request', async () => {
      const holder = await buildUser(t.database.db, acme.id, { permissions: ['profiles-index'] })
      const session = (await signIn(t.app, 'acme.localhost', holder.email)).headers
      expect((await call(session, endpoints.listRoles)).statusCode).toBe(200)

      await call(admin, endpoints.assignPermissions, { id: holder.roleId }, { permissions: [] })
      expect((await call(session, endpoints.listRoles)).statusCode).toBe(403)

      await call(
        admin,
        endpoints.updateRole,
        { id: holder.roleId },
        {
          name: 'Consulta de perfiles',
          role_type: 'administrator',
          permissions: ['profiles-index'],
        },
      )
      expect((await call(session, endpoints.listRoles)).statusCode).toBe(200)
    })
  })

  describe('delete', () => {
    it('refuses to delete a role that users hold', async () => {
      const holder = await buildUser(t.database.db, acme.id)
      const res = await call(admin, endpoints.destroyRole, { id: holder.roleId })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(
        'No se puede eliminar el perfil porque 1 usuario(s) lo tienen asignado.',
      )
      expect((await call(admin, endpoints.showRole, { id: holder.roleId })).statusCode).toBe(200)
    })

    it('deletes an unused role softly: it disappears from the lists but the row stays', async () => {
      const role = await createRole('Temporal')
      const res = await call(admin, endpoints.destroyRole, { id: role.id })
      expect(res.statusCode).toBe(200)
      expect((await call(admin, endpoints.showRole, { id: role.id })).statusCode).toBe(404)
      const listed = (await call(admin, endpoints.listRoles)).json().data.map((r: { id: string }) => r.id)
      expect(listed).not.toContain(role.id)
      const [row] = await withTenant(t.database.db, acme.id, (tx) =>
        tx.select().from(roles).where(eq(roles.id, role.id)),
      )
      expect(row?.deletedAt).not.toBeNull()
      expect(await auditActions(acme.id, role.id)).toContain('role.delete')
    })

    it('counts only users that are not deleted as holders', async () => {
      const holder = await buildUser(t.database.db, acme.id)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.update(users).set({ deletedAt: new Date().toISOString() }).where(eq(users.id, holder.id)),
      )
      expect((await call(admin, endpoints.destroyRole, { id: holder.roleId })).statusCode).toBe(200)
    })
  })

  describe('tenancy', () => {
    it('answers 404 for another tenant’s role, and changes nothing', async () => {
      const role = await createRole('Solo Acme')
      expect((await call(globexAdmin, endpoints.showRole, { id: role.id })).statusCode).toBe(404)
      const update = { name: 'Robado', role_type: 'administrator', permissions: ['users-index'] }
      expect((await call(globexAdmin, endpoints.updateRole, { id: role.id }, update)).statusCode).toBe(404)
      const assign = { permissions: ['users-index'] }
      expect((await call(globexAdmin, endpoints.assignPermissions, { id: role.id }, assign)).statusCode).toBe(
        404,
      )
      expect((await call(globexAdmin, endpoints.destroyRole, { id: role.id })).statusCode).toBe(404)
      expect((await call(admin, endpoints.showRole, { id: role.id })).json().data).toMatchObject({
        name: 'Solo Acme',
        permissions: [],
      })
    })

    it('lists only the caller’s tenant roles', async () => {
      const role = await createRole('Visible en Globex', 'administrator', globexAdmin)
      const acmeIds = (await call(admin, endpoints.listRoles)).json().data.map((r: { id: string }) => r.id)
      expect(acmeIds).not.toContain(role.id)
    })

    it('rejects a malformed id with a field error', async () => {
      const res = await call(admin, endpoints.showRole, { id: 'not-a-uuid' })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ id: ['El identificador no es válido.'] })
    })
  })

  describe('lists and catalogue', () => {
    it('lists both role types with Spanish and English labels', async () => {
      const res = await call(admin, endpoints.listRoleTypes)
      expect(res.json().data).toEqual([
        { value: 'administrator', label: { es: 'Administrativo', en: 'Administrative' } },
        { value: 'health_professional', label: { es: 'Profesional de la salud', en: 'Health professional' } },
      ])
    })

    it('lists only administrator roles as administrative roles', async () => {
      const medical = await createRole('Medicina del trabajo', 'health_professional')
      const types = (await call(admin, endpoints.listAdministrativeRoles)).json().data
      expect(types.length).toBeGreaterThan(0)
      expect(types.every((r: { role_type: string }) => r.role_type === 'administrator')).toBe(true)
      expect(types.map((r: { id: string }) => r.id)).not.toContain(medical.id)
    })

    it('lists roles by creation order with a limit', async () => {
      const desc = (await call(admin, endpoints.listCustomRoles, { order: 'desc', limit: 3 })).json().data
      const asc = (await call(admin, endpoints.listCustomRoles, { order: 'asc', limit: 100 })).json().data
      expect(desc).toHaveLength(3)
      expect(desc[0].id).toBe(asc.at(-1).id)
      const ids = asc.map((r: { id: string }) => r.id)
      expect(ids).toEqual([...ids].sort())
    })

    it('rejects an unknown order or a limit over 100', async () => {
      const res = await call(admin, endpoints.listCustomRoles, { order: 'up', limit: 101 })
      expect(res.statusCode).toBe(422)
      expect(Object.keys(res.json().errors).sort()).toEqual(['limit', 'order'])
      expect(res.json().errors.limit).toEqual(['Debe ser como máximo 100.'])
    })

    it('shows the permission catalogue grouped by screens and action families', async () => {
      const { routes, actions } = (await call(admin, endpoints.showPermissions)).json().data
      expect(routes.dashboard).toContain('dashboard-index')
      expect(routes.catalogues).toContain('profiles-index')
      expect(actions.users).toEqual([
        'users.list',
        'users.view',
        'users.create',
        'users.edit',
        'users.export',
        'users.delete',
      ])
      expect(actions.assignments).toContain('assignments.all')
    })
  })

  describe('download', () => {
    it('answers a real workbook with the tenant’s roles, named perfiles_DD_MM_YYYY.xlsx', async () => {
      const role = await createRole('Exportable')
      await call(
        admin,
        endpoints.assignPermissions,
        { id: role.id },
        { permissions: ['users-index', 'covid-index'] },
      )
      await createRole('De Globex', 'administrator', globexAdmin)

      const res = await call(admin, endpoints.downloadRoles)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="perfiles_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )

      const book = XLSX.read(res.rawPayload, { type: 'buffer' })
      const sheet = book.Sheets[book.SheetNames[0] ?? '']
      expect(sheet).toBeDefined()
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet as XLSX.WorkSheet)
      expect(rows).toContainEqual({
        Nombre: 'Exportable',
        'Tipo de perfil': 'Administrativo',
        Usuarios: 0,
        Permisos: 'covid-index, users-index',
      })
      expect(rows.map((row) => row.Nombre)).not.toContain('De Globex')
    })

    it('writes the headers in the request’s language', async () => {
      const res = await call({ ...admin, 'accept-language': 'en' }, endpoints.downloadRoles)
      const book = XLSX.read(res.rawPayload, { type: 'buffer' })
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
      const [header] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })
      expect(header).toEqual(['Name', 'Profile type', 'Users', 'Permissions'])
    })
  })
})
