import { sql } from 'drizzle-orm'
import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { HISTORY_ACTIONS, REQUEST_STATES } from '../../../src/contract/schemas/assignments'
import { users } from './access'
import { tenantIsolation } from './columns'
import { tenants } from './landlord'
import { patients } from './patients'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id)

/**
 * A patient in a professional's care (SPEC §2 "Patients and assignments"): what the professional
 * sees and syncs follows these rows unless they hold `assignments.all`. An ended assignment is
 * kept (ended_at) for the history; at most one open assignment per patient and professional.
 */
export const patientAssignments = pgTable(
  'patient_assignments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The assignation-patient rule that made it, if one did: deleting the rule ends these. */
    ruleId: uuid('rule_id'),
    assignedBy: uuid('assigned_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    endedBy: uuid('ended_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('patient_assignments_open_unique')
      .on(t.tenantId, t.patientId, t.userId)
      .where(sql`ended_at is null`),
    index('patient_assignments_user_idx').on(t.tenantId, t.userId).where(sql`ended_at is null`),
    tenantIsolation(),
  ],
)

/**
 * A professional's request to be assigned some patients (SPEC §4: waiting → authorized |
 * refused). Its state follows its patients': waiting while any waits, then authorized when any
 * was authorized, else refused.
 */
export const assignmentRequests = pgTable(
  'assignment_requests',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    /** The professional the patients would be assigned to. */
    userId: uuid('user_id').notNull(),
    requestedBy: uuid('requested_by'),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('waiting'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('assignment_requests_state_idx').on(t.tenantId, t.state, t.createdAt),
    tenantIsolation(),
  ],
)

/** One patient of a request, decided on its own (the details screen) or with the whole request. */
export const assignmentRequestPatients = pgTable(
  'assignment_request_patients',
  {
    tenantId: tenantId(),
    requestId: uuid('request_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('waiting'),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.requestId, t.patientId] }),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [assignmentRequests.tenantId, assignmentRequests.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    index('assignment_request_patients_patient_idx').on(t.tenantId, t.patientId),
    tenantIsolation(),
  ],
)

/** Every assign, unassign and request decision for a patient and a professional: who and when. */
export const assignmentHistory = pgTable(
  'assignment_history',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    userId: uuid('user_id').notNull(),
    action: text('action', { enum: HISTORY_ACTIONS }).notNull(),
    actorId: uuid('actor_id'),
    requestId: uuid('request_id'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assignment_history_pair_idx').on(t.tenantId, t.userId, t.patientId, t.at),
    tenantIsolation(),
  ],
)

/**
 * An assignation-patient rule (SPEC §3 "top-filter data"): a professional and the top filters of
 * the patient list; the patients matching them are assigned to the professional when the rule is
 * saved. Soft-deleted: deleting it ends the assignments it made.
 */
export const assignationRules = pgTable(
  'assignation_rules',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    userId: uuid('user_id').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    tenantIsolation(),
  ],
)
