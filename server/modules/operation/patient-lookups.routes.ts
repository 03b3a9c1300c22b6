import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fullPath } from '../../../src/contract/endpoints/define'
import {
  downloadPatients,
  patientFilters,
  patientsTable,
  showPatientByPayroll,
  validateCurp,
  validateCurpOfPatient,
} from '../../../src/contract/endpoints/operation'
import { sublabelFilters } from '../../../src/contract/endpoints/special-labels'
import type { DataTableQuery } from '../../../src/contract/schemas/data-table'
import { ASSIGNED_FILTER_PERMISSION, type CurpCheck } from '../../../src/contract/schemas/patient-lookups'
import type { Tx } from '../../db/client'
import { patients, roles, users } from '../../db/schema'
import { assignedUserOf, isAssigned, patientScope } from '../../platform/assignment-scope'
import { ForbiddenError, NotFoundError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { sendVersion } from '../../platform/versions'
import { subgroupItemNames } from '../catalogs/catalogues'
import { sublabelOptions } from '../catalogs/special-labels'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { fullName } from './assignment-present'
import { withAssignees } from './patient-assignees'
import { availableStatuses, subgroupsInUse } from './patient-rules'
import { patientByCurp, presentPatient } from './patients'
import { patientsMatching, patientsPage } from './patients-table'

const SHEET_HEADER: Record<Lang, string[]> = {
  es: [
    'Número de nómina',
    'Nombre',
    'Apellido paterno',
    'Apellido materno',
    'CURP',
    'NSS',
    'Fecha de nacimiento',
    'Teléfono',
    'Estatus administrativo',
    'Subgrupos',
    'Supervisor',
    'Correo electrónico',
    'Etiquetas especiales',
    'Profesionales asignados',
  ],
  en: [
    'Payroll number',
    'Name',
    'Last name',
    'Second last name',
    'CURP',
    'NSS',
    'Date of birth',
    'Phone',
    'Administrative status',
    'Subgroups',
    'Supervisor',
    'E-mail',
    'Special labels',
    'Assigned professionals',
  ],
}

const tenantOf = (req: FastifyRequest) => req.tenant as NonNullable<FastifyRequest['tenant']> // tenant routes only

/** Whether the caller may open the patient: they list patients, and this one is in their care. */
async function maySee(tx: Tx, req: FastifyRequest, patientId: string): Promise<boolean> {
  if (!req.user?.permissions.has('patients-index')) return false
  const bounded = assignedUserOf(req)
  return bounded === null || (await isAssigned(tx, bounded, patientId))
}

const mayFilterByAssigned = (req: FastifyRequest) =>
  req.user?.permissions.has(ASSIGNED_FILTER_PERMISSION) === true

/** Filtering by assigned professional is a permission of its own (SPEC §6 "assigned filter"). */
function assertFilters(req: FastifyRequest, filters: DataTableQuery['filters']) {
  if (filters.assigned_to !== undefined && !mayFilterByAssigned(req)) throw new ForbiddenError()
}

/**
 * The patient look-ups of SPEC §7 beside the offline kinds: CURP and payroll checks while
 * registering, the table's filters, the server-mode table and its download. Each answer that
 * shows a patient's data is audited (NOM-024), a list with the ids it showed.
 */
export async function patientLookupRoutes(app: FastifyInstance) {
  /**
   * Who else holds a CURP; an active holder answers SPEC §8's redirect message. A caller who may
   * not see the holder (not in their care, or no patient list at all) learns only what
   * registration needs: the CURP is taken in this company — no id, no status (issue 16).
   */
  async function checkCurp(req: FastifyRequest, curp: string, exceptId: string | null): Promise<CurpCheck> {
    return req.withTenant(async (tx) => {
      const holder = await patientByCurp(tx, curp)
      if (!holder || holder.id === exceptId) {
        return { available: true, patient_id: null, active: false, message: null }
      }
      await req.audit(tx, { action: 'patient.lookup', entity: 'patient', entityId: holder.id })
      if (!(await maySee(tx, req, holder.id))) {
        return {
          available: false,
          patient_id: null,
          active: null,
          message: translate('patient.curpTaken', req.lang),
        }
      }
      const active = holder.administrativeStatus === 'active' && holder.deletedAt === null
      return {
        available: false,
        // A deleted record cannot be opened; its CURP stays taken (the unique index keeps it).
        patient_id: holder.deletedAt === null ? holder.id : null,
        active,
        message: translate(active ? 'patient.activeCurp' : 'patient.curpTaken', req.lang),
      }
    })
  }

  route(app, validateCurp, async ({ params }, req) => checkCurp(req, params.curp, null))
  route(app, validateCurpOfPatient, async ({ params }, req) => checkCurp(req, params.curp, params.id))

  route(app, showPatientByPayroll, async ({ params }, req, reply) => {
    const patient = await req.withTenant(async (tx) => {
      const [row] = await tx
        .select()
        .from(patients)
        .where(
          and(
            eq(patients.payrollNumber, params.nomina),
            isNull(patients.deletedAt),
            patientScope(req, patients.id),
          ),
        )
        .limit(1)
      if (!row) throw new NotFoundError('patient.payrollNotFound')
      await req.audit(tx, { action: 'patient.read', entity: 'patient', entityId: row.id })
      return presentPatient(row)
    })
    sendVersion(reply, patient.version)
    return patient
  })

  route(app, patientFilters, async (_input, req) =>
    req.withTenant(async (tx) => {
      // One after the other: the statements share the transaction's one connection.
      const administrative_statuses = await availableStatuses(tx, tenantOf(req), req.lang)
      const subgroups = await subgroupsInUse(tx)
      const special_sublabels = await sublabelOptions(tx, [])
      const professionals = mayFilterByAssigned(req)
        ? await tx
            .select({ value: users.id, label: fullName(users) })
            .from(users)
            .innerJoin(roles, eq(roles.id, users.roleId))
            .where(
              and(eq(roles.roleType, 'health_professional'), isNull(users.deletedAt), sql`${users.active}`),
            )
            .orderBy(asc(users.lastName), asc(users.name))
        : []
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(isNull(patients.deletedAt), patientScope(req, patients.id)))
      return {
        administrative_statuses,
        subgroups,
        special_sublabels,
        professionals,
        total: count?.total ?? 0,
      }
    }),
  )

  route(app, sublabelFilters, async ({ params }, req) =>
    req.withTenant((tx) => sublabelOptions(tx, params.ids)),
  )

  route(app, patientsTable, async ({ query }, req) =>
    req.withTenant(async (tx) => {
      assertFilters(req, query.filters)
      const found = await patientsPage(
        tx,
        query,
        fullPath(patientsTable),
        req.lang,
        patientScope(req, patients.id),
      )
      const page = { ...found, data: await withAssignees(tx, found.data) }
      await auditList(
        req,
        tx,
        'patient.list',
        page.data.map((patient) => patient.id),
      )
      return page
    }),
  )

  route(app, downloadPatients, async ({ query }, req, reply) => {
    assertFilters(req, query.filters)
    const rows = await req.withTenant(async (tx) => {
      // Every status by name: a patient may hold one the tenant no longer offers.
      const all = { ...tenantOf(req), availableAdministrativeStatuses: [] }
      const statuses = new Map<string, string>(
        (await availableStatuses(tx, all, req.lang)).map((s) => [s.code, s.name]),
      )
      const sublabels = new Map(
        (await sublabelOptions(tx, [])).map((s) => [s.id, `${s.special_label_name}: ${s.name}`]),
      )
      const subgroupNames = await subgroupItemNames(tx)
      const found = await withAssignees(
        tx,
        await patientsMatching(
          tx,
          { ...query, page: 1, pageLength: 10 },
          req.lang,
          patientScope(req, patients.id),
        ),
      )
      await auditList(
        req,
        tx,
        'patient.download',
        found.map((row) => row.id),
      )
      return found.map((row) => [
        row.payrollNumber,
        row.name,
        row.lastName,
        row.secondLastName,
        row.curp,
        row.nss,
        row.birthDate,
        row.phone,
        statuses.get(row.administrativeStatus) ?? row.administrativeStatus,
        row.subgroups
          .map((id) => subgroupNames.get(id) ?? '')
          .filter(Boolean)
          .join(', '),
        row.supervisor,
        row.email,
        row.specialSublabelIds.flatMap((id) => sublabels.get(id) ?? []).join(', '),
        row.assigned_user_names.join(', '),
      ])
    })
    await sendWorkbook(
      reply,
      downloadName('pacientes'),
      workbookOf('Pacientes', SHEET_HEADER[req.lang], rows),
    )
  })
}

/** One audit entry for a list a person saw: which patients it showed. */
const auditList = (req: FastifyRequest, tx: Tx, action: string, ids: string[]) =>
  req.audit(tx, { action, entity: 'patient', entityId: null, details: { patients: ids } })
