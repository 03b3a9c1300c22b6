import * as v from 'valibot'
import { DataTableQuery, paginated } from '../schemas/data-table'
import { SessionUser } from '../schemas/session'
import { CreateUserRequest, UpdateUserRequest, User, UserIdParams, UsersByRoleParams } from '../schemas/users'
import { endpoint } from './define'

/** The user calls of SPEC §7 "Users, roles, profile", under `/api/configuration`. */

export const createUser = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/users/create',
  access: 'users-create',
  body: CreateUserRequest,
  response: User,
})

/** The user's profile photo (image bytes, not the envelope). */
export const userPhoto = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/users/photo/:id',
  access: 'authenticated',
  params: UserIdParams,
})

/** The users table (SPEC §7 Data table: POST with the table's query). */
export const usersTable = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/users/list',
  reads: true,
  access: 'users-index',
  query: DataTableQuery,
  response: paginated(User),
})

export const showUser = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/users/show/:id',
  access: 'users-index',
  params: UserIdParams,
  response: User,
})

export const updateUser = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/users/:id',
  access: 'users-edit',
  params: UserIdParams,
  body: UpdateUserRequest,
  response: User,
})

export const destroyUser = endpoint({
  service: 'configuration',
  method: 'DELETE',
  path: '/users/destroy/:id',
  access: 'users.delete',
  params: UserIdParams,
})

/** An .xlsx file, not an envelope. */
export const downloadUsers = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/users/download',
  access: 'users.export',
})

/** Users whose profile has the given role type. */
export const listUsersByRole = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/users/getByRole/:role',
  access: 'users-index',
  params: UsersByRoleParams,
  response: v.array(User),
})

/** The session user again, after a role edit changed the permissions (SPEC §4). */
export const refreshSessionUser = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/users/refresh-data/user-in-sesion',
  access: 'authenticated',
  response: SessionUser,
})
