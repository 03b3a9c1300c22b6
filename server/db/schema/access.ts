import {
  boolean,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenantIsolation, timestamps } from './columns'
import { tenants } from './landlord'

/** A tenant's profile: a role type and a set of permission names (SPEC §6). */
export const roles = pgTable(
  'roles',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    /** Stable key of a seeded profile ('administrator', 'health-professional'…); null for custom ones. */
    code: text('code'),
    name: text('name').notNull(),
    roleType: text('role_type', { enum: ['administrator', 'health_professional'] }).notNull(),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_code_unique').on(t.tenantId, t.code),
    tenantIsolation(),
  ],
)

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleId: uuid('role_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.permission] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation(),
  ],
)

/** People who sign in on a tenant host: staff and patients alike. */
export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    /** Lowercased; the login username may be this or the employee number. */
    email: text('email').notNull(),
    employeeNumber: text('employee_number'),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    /** Set for a password someone else chose (a new account): the user must change it at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    roleId: uuid('role_id'),
    /** Set when this user is also a patient (patient mode, SPEC §1). */
    patientId: uuid('patient_id'),
    active: boolean('active').notNull().default(true),
    phone: text('phone'),
    /** Content hash of the profile photo in the file store. */
    photo: text('photo'),
    /** A health professional's title (a value of the practitioner-titles catalogue, decision 0018). */
    titleId: uuid('title_id'),
    /** The cédula profesional a prescription prints. */
    professionalLicense: text('professional_license'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_email_unique').on(t.tenantId, t.email),
    uniqueIndex('users_employee_number_unique').on(t.tenantId, t.employeeNumber),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    tenantIsolation(),
  ],
)
