import * as v from 'valibot'
import {
  AssignPermissionsRequest,
  CreateRoleRequest,
  CustomRoleListParams,
  PermissionCatalogue,
  Role,
  RoleIdParams,
  RoleSummary,
  RoleTypeOption,
  StaffOption,
  UpdateRoleRequest,
} from '../schemas/roles'
import { endpoint } from './define'

/** The profile (role) calls of SPEC §7 "Users, roles, profile", under `/api/configuration`. */

export const listRoles = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles',
  access: 'profiles-index',
  response: v.array(RoleSummary),
})

export const listAdministrativeRoles = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/administrative-roles',
  access: 'profiles-index',
  response: v.array(RoleSummary),
})

export const listRoleTypes = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/role-types',
  access: 'profiles-index',
  response: v.array(RoleTypeOption),
})

/** An .xlsx file, not an envelope. */
export const downloadRoles = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/download',
  access: 'profiles.export',
})

export const listCustomRoles = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/custom/:order/:limit',
  access: 'profiles-index',
  params: CustomRoleListParams,
  response: v.array(RoleSummary),
})

export const showPermissions = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/permissions/show',
  access: 'profiles-index',
  response: PermissionCatalogue,
})

/** Creates the role without permissions; the editor then calls `assignPermissions`. */
export const createRole = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/roles/create',
  access: 'profiles-create',
  body: CreateRoleRequest,
  response: Role,
})

/** The second step of creating a role (SPEC §6), so it needs the create permission. */
export const assignPermissions = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/roles/:id/assign',
  access: 'profiles-create',
  params: RoleIdParams,
  body: AssignPermissionsRequest,
  response: Role,
})

export const showRole = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/show/:id',
  access: 'profiles-index',
  params: RoleIdParams,
  response: Role,
})

export const updateRole = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/roles/:id',
  access: 'profiles-edit',
  params: RoleIdParams,
  body: UpdateRoleRequest,
  response: Role,
})

export const destroyRole = endpoint({
  service: 'configuration',
  method: 'DELETE',
  path: '/roles/destroy/:id',
  access: 'profiles.delete',
  params: RoleIdParams,
})

/** Pickers across the app (assignments, calendar) need these, whatever the caller's profile. */
export const listHealthcareProfessionals = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/users/healthcare-professionals',
  access: 'authenticated',
  response: v.array(StaffOption),
})

export const listAdministratives = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/roles/users/administratives',
  access: 'authenticated',
  response: v.array(StaffOption),
})
