import { and, asc, eq, isNull, ne, not, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  assignationFilters,
  createRule,
  deleteRule,
  rulesTable,
  showRule,
  updateRule,
} from '../../../src/contract/endpoints/assignments'
import { fullPath } from '../../../src/contract/endpoints/define'
import {
  type AssignationRule,
  PATIENT_FILTER_FIELDS,
  type PatientFilters,
} from '../../../src/contract/schemas/assignments'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { assignationRules, patientAssignments, patients, roles, users } from '../../db/schema'
import { paginate, type TableSpec } from '../../platform/data-table'
import { NotFoundError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { fullName, outcome } from './assignment-present'
import { assertKnown, assign, unassign } from './assignment-writes'
import { notAssignedWhere, patientFiltersWhere } from './patient-filters'

const professional = fullName(users)
const patientCount = sql<number>`(select count(*)::int from ${patientAssignments} as a
                                   where a.rule_id = ${assignationRules.id} and a.ended_at is null)`

const RULES_TABLE: TableSpec = {
  sortable: { name: assignationRules.name, user_name: professional, created_at: assignationRules.createdAt },
  searchable: { name: assignationRules.name, user_name: professional },
  tieBreaker: assignationRules.id,
}

const ruleColumns = {
  id: assignationRules.id,
  name: assignationRules.name,
  user_id: assignationRules.userId,
  user_name: professional,
  filters: assignationRules.filters,
  patients: patientCount,
  created_at: assignationRules.createdAt,
  updated_at: assignationRules.updatedAt,
}

const live = isNull(assignationRules.deletedAt)

async function findRule(tx: Tx, id: string): Promise<AssignationRule> {
  const [rule] = await tx
    .select(ruleColumns)
    .from(assignationRules)
    .innerJoin(users, eq(users.id, assignationRules.userId))
    .where(and(eq(assignationRules.id, id), live))
  if (!rule) throw new NotFoundError()
  return rule
}

/** Only the filters given, blank ones dropped: what the rule keeps. */
const keptFilters = (filters: PatientFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])))

/** Assigns the rule's professional every patient its filters find that is not theirs yet. */
async function applyRule(
  tx: Tx,
  req: FastifyRequest,
  ruleId: string,
  userId: string,
  filters: PatientFilters,
) {
  const found = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(patientFiltersWhere(filters), notAssignedWhere(userId)))
  return assign(
    tx,
    req,
    found.map((row) => ({ patientId: row.id, userId })),
    { ruleId },
  )
}

/** SPEC §7 /assignation-patient: rules that assign the patients top filters find to a professional. */
export async function assignationRuleRoutes(app: FastifyInstance) {
  route(app, rulesTable, async ({ query }, req) =>
    req.withTenant((tx) =>
      paginate<AssignationRule>({
        spec: RULES_TABLE,
        query,
        basePath: fullPath(rulesTable),
        where: live,
        count: async (where) => {
          const [row] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(assignationRules)
            .innerJoin(users, eq(users.id, assignationRules.userId))
            .where(where)
          return row?.count ?? 0
        },
        rows: (where, orderBy, limit, offset) =>
          tx
            .select(ruleColumns)
            .from(assignationRules)
            .innerJoin(users, eq(users.id, assignationRules.userId))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      }),
    ),
  )

  route(app, showRule, async ({ params }, req) => req.withTenant((tx) => findRule(tx, params.id)))

  route(app, createRule, async ({ body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await assertKnown(tx, [], [body.user_id])
      const id = uuidv7()
      await tx.insert(assignationRules).values({
        tenantId: req.tenant?.id as string,
        id,
        name: body.name,
        userId: body.user_id,
        filters: keptFilters(body.filters),
        createdBy: req.user?.id ?? null,
      })
      await applyRule(tx, req, id, body.user_id, body.filters)
      return findRule(tx, id)
    }),
  )

  route(app, updateRule, async ({ params, body }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await findRule(tx, params.id)
      await assertKnown(tx, [], [body.user_id])
      await tx
        .update(assignationRules)
        .set({
          name: body.name,
          userId: body.user_id,
          filters: keptFilters(body.filters),
          updatedAt: new Date().toISOString(),
        })
        .where(eq(assignationRules.id, params.id))
      // What the rule gave and no longer would (another professional, a patient the filters
      // now miss) ends; what it now finds is assigned.
      const stillMatching = sql`${patientAssignments.patientId} in (select ${patients.id} from ${patients} where ${patientFiltersWhere(body.filters)})`
      await unassign(
        tx,
        req,
        and(
          eq(patientAssignments.ruleId, params.id),
          or(ne(patientAssignments.userId, body.user_id), not(stillMatching)),
        ),
      )
      await applyRule(tx, req, params.id, body.user_id, body.filters)
      return findRule(tx, params.id)
    }),
  )

  route(app, deleteRule, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await findRule(tx, params.id)
      const now = new Date().toISOString()
      await tx
        .update(assignationRules)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(assignationRules.id, params.id))
      const ended = await unassign(tx, req, eq(patientAssignments.ruleId, params.id))
      return outcome({ unassigned: ended.length })
    }),
  )

  route(app, assignationFilters, async (_input, req) =>
    req.withTenant(async (tx) => {
      const professionals = await tx
        .select({ value: users.id, label: professional })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(roles.roleType, 'health_professional'), isNull(users.deletedAt), sql`${users.active}`))
        .orderBy(asc(users.lastName), asc(users.name))
      // One after the other: the statements share the transaction's one connection.
      const values = {} as Record<(typeof PATIENT_FILTER_FIELDS)[number], string[]>
      for (const field of PATIENT_FILTER_FIELDS) {
        const column = sql.identifier(field)
        const rows = await rowsOf<{ value: string }>(
          tx,
          sql`select distinct ${column}::text as value from ${patients}
               where ${column} is not null and deleted_at is null order by 1`,
        )
        values[field] = rows.map((row) => row.value)
      }
      return { professionals, ...values }
    }),
  )
}
