import * as v from 'valibot'
import { ALL_PERMISSIONS, isPermission } from '../rules/permissions'
import { list } from './bounded'

/** SPEC §3 / §6: a profile is non-medical (administrator) or medical (health professional). */
export const ROLE_TYPES = ['administrator', 'health_professional'] as const
export const RoleType = v.picklist(ROLE_TYPES)
export type RoleType = v.InferOutput<typeof RoleType>

/** Longest page of GET /roles/custom (SPEC §9: custom lists ask for at most 100). */
export const CUSTOM_LIST_MAX = 100

const RoleName = v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(100))

/** A permission of the catalogue; anything else would grant nothing and hide a typo. */
export const PermissionName = v.pipe(
  v.string(),
  v.maxLength(100, 'field.invalid'),
  v.check(isPermission, 'field.invalid'),
)

/** Duplicates are dropped: a role holds a permission or not. */
const PermissionSet = v.pipe(
  list(PermissionName, ALL_PERMISSIONS.length),
  v.transform((names) => [...new Set(names)].sort()),
)

export const RoleIdParams = v.object({ id: v.pipe(v.string(), v.uuid()) })

/** SPEC §6: a role is created first, its permissions are assigned afterwards (POST /roles/:id/assign). */
export const CreateRoleRequest = v.object({ name: RoleName, role_type: RoleType })
export type CreateRoleRequest = v.InferOutput<typeof CreateRoleRequest>

/** Replaces the role's whole permission set. */
export const AssignPermissionsRequest = v.object({ permissions: PermissionSet })
export type AssignPermissionsRequest = v.InferOutput<typeof AssignPermissionsRequest>

/** Name and type; the permission set too when `permissions` is present. */
export const UpdateRoleRequest = v.object({
  name: RoleName,
  role_type: RoleType,
  permissions: v.optional(PermissionSet),
})
export type UpdateRoleRequest = v.InferOutput<typeof UpdateRoleRequest>

export const CustomRoleListParams = v.object({
  order: v.picklist(['asc', 'desc']),
  limit: v.pipe(
    v.string(),
    v.maxLength(4, 'field.integer'),
    v.regex(/^\d{1,4}$/, 'field.integer'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(CUSTOM_LIST_MAX),
  ),
})

export const Role = v.object({
  id: v.string(),
  name: v.string(),
  role_type: RoleType,
  permissions: v.array(v.string()),
  /** Users (not deleted) who hold the role: a role in use cannot be deleted. */
  users_count: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type Role = v.InferOutput<typeof Role>

export const RoleSummary = v.object({
  id: v.string(),
  name: v.string(),
  role_type: RoleType,
  users_count: v.number(),
})
export type RoleSummary = v.InferOutput<typeof RoleSummary>

export const RoleTypeOption = v.object({
  value: RoleType,
  label: v.object({ es: v.string(), en: v.string() }),
})

/** The catalogue the profile editor shows: route permissions and action permissions, by group. */
export const PermissionCatalogue = v.object({
  routes: v.record(v.string(), v.array(v.string())),
  actions: v.record(v.string(), v.array(v.string())),
})
export type PermissionCatalogue = v.InferOutput<typeof PermissionCatalogue>

/** A staff member in a picker (GET /roles/users/healthcare-professionals, /administratives). */
export const StaffOption = v.object({ id: v.string(), name: v.string() })
export type StaffOption = v.InferOutput<typeof StaffOption>
