import { asc, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  authorizeRequestPatients,
  authorizeRequests,
  concentratedFilters,
  downloadRequest,
  downloadRequests,
  refuseRequestPatients,
  refuseRequests,
  requestsTable,
  showRequest,
} from '../../../src/contract/endpoints/assignments'
import { fullPath } from '../../../src/contract/endpoints/define'
import {
  type AssignmentRequestRow,
  REQUEST_STATES,
  type RequestState,
} from '../../../src/contract/schemas/assignments'
import type { Tx } from '../../db/client'
import { assignmentRequestPatients, assignmentRequests, patients, users } from '../../db/schema'
import { paginate, type TableSpec } from '../../platform/data-table'
import { NotFoundError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { fullName, outcome } from './assignment-present'
import { decide, requestFiltersWhere } from './assignment-requests'

const professional = fullName(users)
const requester = sql<string | null>`(select concat_ws(' ', r.name, r.last_name, r.second_last_name)
                                        from users as r where r.id = ${assignmentRequests.requestedBy})`
const patientCount = sql<number>`(select count(*)::int from ${assignmentRequestPatients} as p
                                   where p.request_id = ${assignmentRequests.id})`
const waitingCount = sql<number>`(select count(*)::int from ${assignmentRequestPatients} as p
                                   where p.request_id = ${assignmentRequests.id} and p.state = 'waiting')`

const REQUESTS_TABLE: TableSpec = {
  sortable: {
    user_name: professional,
    state: assignmentRequests.state,
    created_at: assignmentRequests.createdAt,
    updated_at: assignmentRequests.updatedAt,
  },
  searchable: { user_name: professional },
  filterable: { state: assignmentRequests.state, user_id: assignmentRequests.userId },
  tieBreaker: assignmentRequests.id,
}

const requestColumns = {
  id: assignmentRequests.id,
  user_id: assignmentRequests.userId,
  user_name: professional,
  requested_by_name: requester,
  state: assignmentRequests.state,
  patients: patientCount,
  waiting: waitingCount,
  created_at: assignmentRequests.createdAt,
  updated_at: assignmentRequests.updatedAt,
}

const requestRows = (tx: Tx) =>
  tx.select(requestColumns).from(assignmentRequests).innerJoin(users, eq(users.id, assignmentRequests.userId))

async function requestPatients(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      request_id: assignmentRequestPatients.requestId,
      user_name: professional,
      patient_id: assignmentRequestPatients.patientId,
      patient_name: fullName(patients),
      curp: patients.curp,
      payroll_number: patients.payrollNumber,
      state: assignmentRequestPatients.state,
      decided_at: assignmentRequestPatients.decidedAt,
      created_at: assignmentRequests.createdAt,
    })
    .from(assignmentRequestPatients)
    .innerJoin(assignmentRequests, eq(assignmentRequests.id, assignmentRequestPatients.requestId))
    .innerJoin(patients, eq(patients.id, assignmentRequestPatients.patientId))
    .innerJoin(users, eq(users.id, assignmentRequests.userId))
    .where(where)
    .orderBy(asc(assignmentRequests.createdAt), asc(patients.lastName), asc(patients.name))
}

const STATE_NAMES: Record<Lang, Record<RequestState, string>> = {
  es: { waiting: 'En espera', authorized: 'Autorizada', refused: 'Rechazada' },
  en: { waiting: 'Waiting', authorized: 'Authorized', refused: 'Refused' },
}
const SHEET_HEADER: Record<Lang, string[]> = {
  es: ['Profesional', 'Paciente', 'CURP', 'Número de nómina', 'Estado', 'Solicitada', 'Decidida'],
  en: ['Professional', 'Patient', 'CURP', 'Payroll number', 'State', 'Requested', 'Decided'],
}

/** One row per patient of the requests, as the concentrated downloads give them. */
async function sendRequestsSheet(
  req: FastifyRequest,
  reply: FastifyReply,
  rows: Awaited<ReturnType<typeof requestPatients>>,
) {
  const lang = req.lang
  const sheet = workbookOf(
    lang === 'es' ? 'Solicitudes' : 'Requests',
    SHEET_HEADER[lang],
    rows.map((row) => [
      row.user_name,
      row.patient_name,
      row.curp,
      row.payroll_number,
      STATE_NAMES[lang][row.state],
      row.created_at.slice(0, 10),
      row.decided_at?.slice(0, 10) ?? null,
    ]),
  )
  await sendWorkbook(
    reply,
    downloadName(lang === 'es' ? 'solicitudes_asignacion' : 'assignment_requests'),
    sheet,
  )
}

/** The verdict of a bulk or detail decision; nothing waiting among the selection is a 422. */
async function decided(
  req: FastifyRequest,
  verdict: 'authorized' | 'refused',
  work: (tx: Tx) => Promise<unknown[]>,
) {
  return idempotent(req, async (tx, claim) => {
    await claim.take(tx)
    const pairs = await work(tx)
    if (pairs.length === 0) {
      throw new ValidationError({
        users_ids_request_assignment_selected: [translate('assignment.nothingWaiting', req.lang)],
      })
    }
    return verdict === 'authorized' ? outcome({ assigned: pairs.length }) : outcome({ refused: pairs.length })
  })
}

/** SPEC §7 concentrated assignment requests: the table, a request, decisions, downloads. */
export async function assignmentRequestRoutes(app: FastifyInstance) {
  route(app, requestsTable, async ({ query }, req) =>
    req.withTenant(async (tx) => {
      const page = await paginate<AssignmentRequestRow>({
        spec: REQUESTS_TABLE,
        query,
        basePath: fullPath(requestsTable),
        count: async (where) => {
          const [row] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(assignmentRequests)
            .innerJoin(users, eq(users.id, assignmentRequests.userId))
            .where(where)
          return row?.count ?? 0
        },
        rows: (where, orderBy, limit, offset) =>
          requestRows(tx)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      })
      await req.audit(tx, { action: 'assignment-request.list', entity: 'assignment-request' })
      return page
    }),
  )

  route(app, showRequest, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      const [request] = await requestRows(tx).where(eq(assignmentRequests.id, params.id))
      if (!request) throw new NotFoundError()
      const list = await requestPatients(tx, eq(assignmentRequestPatients.requestId, request.id))
      await req.audit(tx, {
        action: 'assignment-request.read',
        entity: 'assignment-request',
        entityId: request.id,
      })
      return {
        ...request,
        patients_list: list.map(({ patient_id, patient_name, curp, payroll_number, state, decided_at }) => ({
          patient_id,
          patient_name,
          curp,
          payroll_number,
          state,
          decided_at,
        })),
      }
    }),
  )

  route(app, downloadRequest, async ({ params }, req, reply) => {
    const rows = await req.withTenant(async (tx) => {
      const [request] = await tx
        .select({ id: assignmentRequests.id })
        .from(assignmentRequests)
        .where(eq(assignmentRequests.id, params.id))
      if (!request) throw new NotFoundError()
      await req.audit(tx, {
        action: 'assignment-request.export',
        entity: 'assignment-request',
        entityId: request.id,
      })
      return requestPatients(tx, eq(assignmentRequestPatients.requestId, request.id))
    })
    await sendRequestsSheet(req, reply, rows)
    return null
  })

  route(app, downloadRequests, async ({ query }, req, reply) => {
    const rows = await req.withTenant(async (tx) => {
      await req.audit(tx, { action: 'assignment-request.export', entity: 'assignment-request' })
      return requestPatients(tx, requestFiltersWhere(query))
    })
    await sendRequestsSheet(req, reply, rows)
    return null
  })

  route(app, authorizeRequests, async ({ query, body }, req) =>
    decided(req, 'authorized', (tx) =>
      decide(tx, req, 'authorized', body.users_ids_request_assignment_selected, { filters: query }),
    ),
  )
  route(app, refuseRequests, async ({ query, body }, req) =>
    decided(req, 'refused', (tx) =>
      decide(tx, req, 'refused', body.users_ids_request_assignment_selected, { filters: query }),
    ),
  )
  route(app, authorizeRequestPatients, async ({ body }, req) =>
    decided(req, 'authorized', (tx) =>
      decide(tx, req, 'authorized', body.users_ids_request_assignment_selected, {
        patientIds: body.patients_id,
      }),
    ),
  )
  route(app, refuseRequestPatients, async ({ body }, req) =>
    decided(req, 'refused', (tx) =>
      decide(tx, req, 'refused', body.users_ids_request_assignment_selected, {
        patientIds: body.patients_id,
      }),
    ),
  )

  route(app, concentratedFilters, async (_input, req) =>
    req.withTenant(async (tx) => {
      const professionals = await tx
        .selectDistinct({ value: users.id, label: professional })
        .from(assignmentRequests)
        .innerJoin(users, eq(users.id, assignmentRequests.userId))
        .orderBy(professional)
      return { states: [...REQUEST_STATES], professionals }
    }),
  )
}
