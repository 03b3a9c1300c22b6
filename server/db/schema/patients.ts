import { sql } from 'drizzle-orm'
import {
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './access'
import { syncColumns, tenantIsolation } from './columns'
import { tenants } from './landlord'

/** A worker whose health record the tenant keeps (SPEC §3 "Patient"). Editable offline, so synced. */
export const patients = pgTable(
  'patients',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    payrollNumber: text('payroll_number'),
    key: text('key'),
    administrativeStatus: text('administrative_status').notNull(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    nationalityCode: text('nationality_code'),
    birthStateCode: text('birth_state_code'),
    maritalStatus: text('marital_status'),
    phone: text('phone'),
    curp: text('curp').notNull(),
    nss: text('nss'),
    gender: text('gender'),
    biologicalSex: text('biological_sex'),
    hireDate: date('hire_date', { mode: 'string' }),
    examFrequency: text('exam_frequency'),
    addressStateCode: text('address_state_code'),
    addressMunicipalityCode: text('address_municipality_code'),
    addressLocalityCode: text('address_locality_code'),
    addressOther: text('address_other'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /** Ids of the subgroup items the patient belongs to (docs/decisions/0018-catalogues.md). */
    subgroups: jsonb('subgroups').$type<string[]>().notNull().default([]),
    supervisor: text('supervisor'),
    /** The occupational risks of the patient's work (OCCUPATIONAL_RISKS codes): the vaccination scheme applies by them. */
    occupationalRisks: jsonb('occupational_risks').$type<string[]>().notNull().default([]),
    /** Ids of the tenant's special sublabels the patient carries (docs/decisions/0015-tenant-catalogs.md). */
    specialSublabelIds: jsonb('special_sublabel_ids').$type<string[]>().notNull().default([]),
    /** The e-mail of the access account (lowercased); stored before any password gives it an account. */
    email: text('email'),
    /** The access account for patient mode, when the patient has one. */
    userId: uuid('user_id'),
    bloodType: text('blood_type'),
    ...syncColumns,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('patients_curp_unique').on(t.tenantId, t.curp),
    // The server-mode table and the payroll lookup (show/{nomina}) search by these.
    index('patients_payroll_number').on(t.tenantId, t.payrollNumber),
    // The few deleted patients: the dashboard's whole-tenant counts leave out their rows (decision 0039).
    index('patients_deleted_idx').on(t.tenantId, t.id).where(sql`deleted_at is not null`),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    tenantIsolation(),
  ],
)
