import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { LANDLORD_HOME } from '../../../src/contract/rules/menus'
import { PATIENT_MODE_PERMISSIONS } from '../../../src/contract/rules/permissions'
import type { SessionUser } from '../../../src/contract/schemas/session'
import type { Tx } from '../../db/client'
import {
  landlordUsers,
  privacyAcceptances,
  privacyNotices,
  rolePermissions,
  roles,
  users,
} from '../../db/schema'
import { LANDLORD_PERMISSIONS } from '../../platform/authentication'

/** Someone who may sign in on this host: a tenant user, or a provider user on the landlord host. */
export interface Account {
  id: string
  tenantId: string | null
  email: string
  active: boolean
  passwordHash: string
  passwordChangedAt: string
  mustChangePassword: boolean
}

/** The account a typed username (e-mail or employee number, lowercased) names on this host. */
export async function findAccount(
  tx: Tx,
  tenantId: string | null,
  username: string,
): Promise<Account | null> {
  if (tenantId === null) {
    const [row] = await tx.select().from(landlordUsers).where(eq(landlordUsers.email, username))
    return row
      ? { ...row, tenantId: null, passwordChangedAt: row.updatedAt, mustChangePassword: false }
      : null
  }
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        // The username arrives lowercased; a stored employee number may be in any case.
        or(eq(users.email, username), sql`lower(${users.employeeNumber}) = ${username}`),
      ),
    )
    .limit(1)
  return row ? { ...row, tenantId } : null
}

export async function findAccountById(tx: Tx, tenantId: string | null, id: string): Promise<Account | null> {
  if (tenantId === null) {
    const [row] = await tx.select().from(landlordUsers).where(eq(landlordUsers.id, id))
    return row
      ? { ...row, tenantId: null, passwordChangedAt: row.updatedAt, mustChangePassword: false }
      : null
  }
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
  return row ? { ...row, tenantId } : null
}

/**
 * SPEC §9: passwords expire after the tenant's months (0 = never); a password someone else set
 * (a new account) counts as expired until its owner changes it.
 */
export function isPasswordExpired(
  account: Pick<Account, 'passwordChangedAt' | 'mustChangePassword'>,
  expiryMonths: number,
  now = new Date(),
): boolean {
  if (account.mustChangePassword) return true
  if (expiryMonths <= 0) return false
  const passwordChangedAt = account.passwordChangedAt
  const expires = new Date(passwordChangedAt)
  expires.setMonth(expires.getMonth() + expiryMonths)
  return expires.getTime() <= now.getTime()
}

/** The newest version of the tenant's privacy notice, or null when the tenant has none. */
export async function currentNotice(tx: Tx, tenantId: string) {
  const [notice] = await tx
    .select()
    .from(privacyNotices)
    .where(eq(privacyNotices.tenantId, tenantId))
    .orderBy(desc(privacyNotices.version))
    .limit(1)
  return notice ?? null
}

/** Whether the user still has to accept the current notice. */
export async function noticePending(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
  const notice = await currentNotice(tx, tenantId)
  if (!notice) return false
  const [accepted] = await tx
    .select({ version: privacyAcceptances.version })
    .from(privacyAcceptances)
    .where(and(eq(privacyAcceptances.userId, userId), eq(privacyAcceptances.version, notice.version)))
  return !accepted
}

/** The session user of SPEC §3, with the permission names of the user's profile. */
export async function sessionUser(tx: Tx, account: Account): Promise<SessionUser> {
  if (account.tenantId === null) {
    const [row] = await tx.select().from(landlordUsers).where(eq(landlordUsers.id, account.id))
    return {
      uuid: account.id,
      name: row?.name ?? '',
      last_name: '',
      email: account.email,
      employee_number: null,
      photo_url: null,
      role: null,
      permissions: [...LANDLORD_PERMISSIONS],
      patient_id: null,
    }
  }
  const [row] = await tx
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(eq(users.id, account.id))
  if (!row) throw new Error(`user ${account.id} vanished`)
  const granted = row.role
    ? await tx
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, row.role.id))
    : []
  return {
    uuid: row.user.id,
    name: row.user.name,
    last_name: [row.user.lastName, row.user.secondLastName].filter(Boolean).join(' '),
    email: row.user.email,
    employee_number: row.user.employeeNumber,
    photo_url: row.user.photo ? `/api/configuration/users/photo/${row.user.id}` : null,
    role: row.role ? { id: row.role.id, name: row.role.name, role_type: row.role.roleType } : null,
    // Being a patient grants the own self-tracking screens (SPEC §1), whatever the profile says.
    permissions: [
      ...new Set([
        ...granted.map((g) => g.permission),
        ...(row.user.patientId ? PATIENT_MODE_PERMISSIONS : []),
      ]),
    ].sort(),
    patient_id: row.user.patientId,
  }
}

/** Where the user lands after login (SPEC §4): forced steps first, then the home of the mode. */
export function routeRedirect(
  user: SessionUser,
  flags: { passwordExpired: boolean; noticePending: boolean; isLandlord: boolean },
): string {
  if (flags.passwordExpired) return '/update-password'
  if (flags.noticePending) return '/notice_privacy'
  if (flags.isLandlord) return LANDLORD_HOME
  if (user.permissions.includes('dashboard-index')) return '/dashboard'
  if (user.patient_id) return '/dashboard/patient-home'
  return '/dashboard/home-empty'
}
