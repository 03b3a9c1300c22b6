import { and, asc, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Role, RoleSummary } from '../../../src/contract/schemas/roles'
import type { Tx } from '../../db/client'
import { rolePermissions, roles, users } from '../../db/schema'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'

type RoleRow = typeof roles.$inferSelect

/** Users not deleted who hold the role: a deleted user can never sign in again. */
const holders = and(eq(users.tenantId, roles.tenantId), eq(users.roleId, roles.id), isNull(users.deletedAt))

/** Roles not deleted, each with how many users hold it. */
export async function roleSummaries(
  tx: Tx,
  options: { where?: SQL; order?: 'asc' | 'desc'; limit?: number } = {},
): Promise<RoleSummary[]> {
  const query = tx
    .select({ id: roles.id, name: roles.name, role_type: roles.roleType, users_count: count(users.id) })
    .from(roles)
    .leftJoin(users, holders)
    .where(and(isNull(roles.deletedAt), options.where))
    .groupBy(roles.tenantId, roles.id)
    // UUIDv7 ids follow creation time, so custom lists order by id; the plain list reads by name.
    .orderBy(
      ...(options.order ? [options.order === 'asc' ? asc(roles.id) : desc(roles.id)] : [asc(roles.name)]),
    )
  return options.limit ? query.limit(options.limit) : query
}

/** A role of the caller's tenant that is not deleted, locked for the rest of the transaction. */
export async function lockRole(tx: Tx, id: string): Promise<RoleRow> {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deletedAt)))
    .for('update')
  if (!role) throw new NotFoundError()
  return role
}

export async function usersHolding(tx: Tx, roleId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)))
  return row?.n ?? 0
}

export async function presentRole(tx: Tx, role: RoleRow): Promise<Role> {
  const granted = await tx
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, role.id))
    .orderBy(asc(rolePermissions.permission))
  return {
    id: role.id,
    name: role.name,
    role_type: role.roleType,
    permissions: granted.map((g) => g.permission),
    users_count: await usersHolding(tx, role.id),
    created_at: role.createdAt,
    updated_at: role.updatedAt,
  }
}

export async function showRole(tx: Tx, id: string): Promise<Role> {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deletedAt)))
  if (!role) throw new NotFoundError()
  return presentRole(tx, role)
}

/** Two profiles of one name would be told apart by nobody in the user form. */
export async function assertRoleNameFree(tx: Tx, name: string, exceptId: string | null, lang: Lang) {
  const [clash] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        isNull(roles.deletedAt),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (clash) throw new ValidationError({ name: [translate('role.nameTaken', lang)] })
}

/** Replaces the role's whole permission set (the names were checked against the catalogue). */
export async function replacePermissions(
  tx: Tx,
  tenantId: string,
  roleId: string,
  permissions: readonly string[],
) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  if (permissions.length > 0) {
    await tx
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ tenantId, roleId, permission })))
  }
}
