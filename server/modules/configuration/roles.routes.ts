import { eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  assignPermissions,
  createRole,
  destroyRole,
  downloadRoles,
  listAdministrativeRoles,
  listAdministratives,
  listCustomRoles,
  listHealthcareProfessionals,
  listRoles,
  listRoleTypes,
  showPermissions,
  showRole,
  updateRole,
} from '../../../src/contract/endpoints/roles'
import { ACTION_PERMISSIONS, ROUTE_PERMISSIONS } from '../../../src/contract/rules/permissions'
import { ROLE_TYPES, type RoleType } from '../../../src/contract/schemas/roles'
import { rolePermissions, roles } from '../../db/schema'
import { ConflictError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { MESSAGES, translate } from '../../platform/messages'
import { route } from '../../platform/route'
import * as rolesOf from './roles'
import { downloadName, sendWorkbook, workbookOf } from './spreadsheet'
import { tenantIdOf } from './tenant-scope'
import { staffOf } from './users'

const roleTypeLabel = (type: RoleType) => MESSAGES[`roleType.${type}`]

/** The catalogue's groups, copied so no caller can change the shared constant. */
const groupsOf = (groups: Record<string, readonly string[]>) =>
  Object.fromEntries(Object.entries(groups).map(([group, names]) => [group, [...names]]))

const SHEET_HEADER: Record<Lang, string[]> = {
  es: ['Nombre', 'Tipo de perfil', 'Usuarios', 'Permisos'],
  en: ['Name', 'Profile type', 'Users', 'Permissions'],
}

/** Profiles (roles) and their permission sets (SPEC §6), and the staff lists by role type. */
export async function roleRoutes(app: FastifyInstance) {
  /**
   * Permissions are cached per user for a few seconds; once a change is committed, drop the
   * tenant's entries so the next request already runs with the new set.
   */
  const permissionsChanged = (req: FastifyRequest) => app.accounts.forgetTenant(tenantIdOf(req))

  route(app, listRoles, async (_input, req) => req.withTenant((tx) => rolesOf.roleSummaries(tx)))

  route(app, listAdministrativeRoles, async (_input, req) =>
    req.withTenant((tx) => rolesOf.roleSummaries(tx, { where: eq(roles.roleType, 'administrator') })),
  )

  route(app, listRoleTypes, async () =>
    ROLE_TYPES.map((value) => ({ value, label: { ...roleTypeLabel(value) } })),
  )

  route(app, listCustomRoles, async ({ params }, req) =>
    req.withTenant((tx) => rolesOf.roleSummaries(tx, { order: params.order, limit: params.limit })),
  )

  route(app, showPermissions, async () => ({
    routes: groupsOf(ROUTE_PERMISSIONS),
    actions: groupsOf(ACTION_PERMISSIONS),
  }))

  route(app, showRole, async ({ params }, req) => req.withTenant((tx) => rolesOf.showRole(tx, params.id)))

  route(app, createRole, async ({ body }, req) =>
    req.withTenant(async (tx) => {
      await rolesOf.assertRoleNameFree(tx, body.name, null, req.lang)
      const [role] = await tx
        .insert(roles)
        .values({ tenantId: tenantIdOf(req), id: uuidv7(), name: body.name, roleType: body.role_type })
        .returning()
      if (!role) throw new Error('role insert returned nothing')
      await req.audit(tx, { action: 'role.create', entity: 'role', entityId: role.id, details: { ...body } })
      return rolesOf.presentRole(tx, role)
    }),
  )

  route(app, assignPermissions, async ({ params, body }, req) => {
    const role = await req.withTenant(async (tx) => {
      const role = await rolesOf.lockRole(tx, params.id)
      await rolesOf.replacePermissions(tx, role.tenantId, role.id, body.permissions)
      const [touched] = await tx
        .update(roles)
        .set({ updatedAt: new Date().toISOString() })
        .where(eq(roles.id, role.id))
        .returning()
      await req.audit(tx, {
        action: 'role.permissions.assign',
        entity: 'role',
        entityId: role.id,
        details: { permissions: body.permissions },
      })
      return rolesOf.presentRole(tx, touched ?? role)
    })
    permissionsChanged(req)
    return role
  })

  route(app, updateRole, async ({ params, body }, req) => {
    const role = await req.withTenant(async (tx) => {
      const current = await rolesOf.lockRole(tx, params.id)
      await rolesOf.assertRoleNameFree(tx, body.name, current.id, req.lang)
      const [updated] = await tx
        .update(roles)
        .set({ name: body.name, roleType: body.role_type, updatedAt: new Date().toISOString() })
        .where(eq(roles.id, current.id))
        .returning()
      if (body.permissions) {
        await rolesOf.replacePermissions(tx, current.tenantId, current.id, body.permissions)
      }
      await req.audit(tx, {
        action: 'role.update',
        entity: 'role',
        entityId: current.id,
        details: { ...body },
      })
      return rolesOf.presentRole(tx, updated ?? current)
    })
    permissionsChanged(req)
    return role
  })

  route(app, destroyRole, async ({ params }, req) => {
    await req.withTenant(async (tx) => {
      // The lock keeps a user from being given the role between the count and the delete.
      const role = await rolesOf.lockRole(tx, params.id)
      const holders = await rolesOf.usersHolding(tx, role.id)
      if (holders > 0) throw new ConflictError(translate('role.inUse', req.lang, { count: holders }))
      const now = new Date().toISOString()
      await tx.update(roles).set({ deletedAt: now, updatedAt: now }).where(eq(roles.id, role.id))
      await req.audit(tx, { action: 'role.delete', entity: 'role', entityId: role.id })
    })
    return null
  })

  route(app, downloadRoles, async (_input, req, reply) => {
    const rows = await req.withTenant(async (tx) => {
      const summaries = await rolesOf.roleSummaries(tx)
      const granted = await tx
        .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .where(isNull(roles.deletedAt))
      return summaries.map((role) => [
        role.name,
        roleTypeLabel(role.role_type)[req.lang],
        role.users_count,
        granted
          .filter((g) => g.roleId === role.id)
          .map((g) => g.permission)
          .sort()
          .join(', '),
      ])
    })
    await sendWorkbook(reply, downloadName('perfiles'), workbookOf('Perfiles', SHEET_HEADER[req.lang], rows))
  })

  route(app, listHealthcareProfessionals, async (_input, req) =>
    req.withTenant((tx) => staffOf(tx, 'health_professional')),
  )

  route(app, listAdministratives, async (_input, req) => req.withTenant((tx) => staffOf(tx, 'administrator')))
}
