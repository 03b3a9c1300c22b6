import { and, asc, eq, getTableColumns, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { DataTableQuery } from '../../../src/contract/schemas/data-table'
import type { RoleType } from '../../../src/contract/schemas/roles'
import type { User } from '../../../src/contract/schemas/users'
import type { Tx } from '../../db/client'
import { catalogueEntries, roles, users } from '../../db/schema'
import { paginate, type TableSpec } from '../../platform/data-table'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { guardUniqueIndexes, type UniqueIndexMessages } from '../../platform/unique-violation'

type RoleRow = typeof roles.$inferSelect

/** Every column but the password hash, so no answer can carry it by mistake. */
const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users)
type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>

/** The name of the user's title (deleted ones too: the user still carries it until edited). */
const titleName = sql<string | null>`(select ${catalogueEntries.name} from ${catalogueEntries}
  where ${catalogueEntries.tenantId} = ${users.tenantId} and ${catalogueEntries.id} = ${users.titleId})`

/** Users not deleted, each with their profile. */
function selectUsers(tx: Tx, where: SQL | undefined) {
  return tx
    .select({ user: userColumns, role: roles, title: titleName })
    .from(users)
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(isNull(users.deletedAt), where))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
}

export function presentUser({
  user,
  role,
  title,
}: {
  user: UserRow
  role: RoleRow | null
  title: string | null
}): User {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    second_last_name: user.secondLastName,
    email: user.email,
    employee_number: user.employeeNumber,
    phone: user.phone,
    title_id: user.titleId,
    title: user.titleId ? title : null,
    professional_license: user.professionalLicense,
    active: user.active,
    role: role ? { id: role.id, name: role.name, role_type: role.roleType } : null,
    photo_url: user.photo ? `/api/configuration/users/photo/${user.id}` : null,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  }
}

/** "Name LastName SecondLastName", as pickers and spreadsheets show a person. */
export const fullName = (user: Pick<UserRow, 'name' | 'lastName' | 'secondLastName'>) =>
  [user.name, user.lastName, user.secondLastName].filter(Boolean).join(' ')

/** A user of the caller's tenant that is not deleted; anything else is a 404. */
export async function findUser(tx: Tx, id: string): Promise<User> {
  const [row] = await selectUsers(tx, eq(users.id, id))
  if (!row) throw new NotFoundError()
  return presentUser(row)
}

/** Every user of the tenant, optionally only those whose profile has `roleType`. */
export async function listUsers(tx: Tx, roleType?: RoleType) {
  return selectUsers(tx, roleType ? eq(roles.roleType, roleType) : undefined)
}

/** Active users whose profile has `roleType`, for pickers. */
export async function staffOf(tx: Tx, roleType: RoleType) {
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      secondLastName: users.secondLastName,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(isNull(users.deletedAt), eq(users.active, true), eq(roles.roleType, roleType)))
    .orderBy(asc(users.name), asc(users.lastName))
  return rows.map((row) => ({ id: row.id, name: fullName(row) }))
}

export interface UserForm {
  email: string
  employeeNumber: string | null
  roleId: string
}

/**
 * The rules of the user form the schema cannot see: e-mail and employee number are login
 * usernames, so each names one user in the tenant (deleted users too: the unique indexes keep
 * their values reserved), and the profile must exist. The profile is locked against a concurrent
 * delete until the transaction ends.
 */
export async function assertUserForm(
  tx: Tx,
  form: UserForm,
  exceptId: string | null,
  lang: Lang,
): Promise<void> {
  const same = or(
    eq(users.email, form.email),
    form.employeeNumber === null ? undefined : eq(users.employeeNumber, form.employeeNumber),
  )
  const taken = await tx
    .select({ email: users.email, employeeNumber: users.employeeNumber })
    .from(users)
    .where(and(same, exceptId ? ne(users.id, exceptId) : undefined))
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, form.roleId), isNull(roles.deletedAt)))
    .for('share')

  const errors: Record<string, string[]> = {}
  if (taken.some((row) => row.email === form.email)) errors.email = [translate('user.emailTaken', lang)]
  if (form.employeeNumber !== null && taken.some((row) => row.employeeNumber === form.employeeNumber)) {
    errors.employee_number = [translate('user.employeeNumberTaken', lang)]
  }
  if (!role) errors.role_id = [translate('user.unknownRole', lang)]
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

const IDENTITY_INDEXES: UniqueIndexMessages = new Map([
  ['users_email_unique', ['email', 'user.emailTaken']],
  ['users_employee_number_unique', ['employee_number', 'user.employeeNumberTaken']],
])

/**
 * Runs a user write; when a concurrent write took the same e-mail or employee number between the
 * check and the insert, the unique index answers, and that becomes the same field error.
 */
export const guardIdentity = <T>(lang: Lang, write: () => Promise<T>): Promise<T> =>
  guardUniqueIndexes(IDENTITY_INDEXES, lang, write)

/** What the users table may sort, search and filter by (its column keys → SQL). */
export const USERS_TABLE: TableSpec = {
  sortable: {
    name: users.name,
    email: users.email,
    employee_number: users.employeeNumber,
    role: roles.name,
    active: users.active,
  },
  searchable: {
    name: sql`concat_ws(' ', ${users.name}, ${users.lastName}, ${users.secondLastName})`,
    email: users.email,
    employee_number: users.employeeNumber,
    role: roles.name,
  },
  filterable: { role_id: users.roleId, active: users.active },
  tieBreaker: users.id,
}

/** One page of the users table (SPEC §7 Data table) in the caller's tenant transaction. */
export function usersPage(tx: Tx, query: DataTableQuery, basePath: string) {
  const joined = () =>
    tx
      .select({ user: userColumns, role: roles, title: titleName })
      .from(users)
      .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
  return paginate({
    spec: USERS_TABLE,
    query,
    basePath,
    where: isNull(users.deletedAt),
    count: async (where) => {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
        .where(where)
      return row?.count ?? 0
    },
    rows: async (where, orderBy, limit, offset) =>
      (
        await joined()
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(presentUser),
  })
}
