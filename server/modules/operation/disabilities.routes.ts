import { and, asc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  amendDisability,
  createDisability,
  DISABILITY_READERS,
  deleteDisability,
  disabilitiesDataGraph,
  disabilitiesSpreadsheet,
  patientDisabilities,
  showDisability,
} from '../../../src/contract/endpoints/disabilities'
import { lostDaysByTypeAndMonth } from '../../../src/contract/rules/disability-days'
import { isoToDateText } from '../../../src/contract/rules/formats'
import type {
  Disability,
  DisabilityFilterQuery,
  DisabilityGraph,
} from '../../../src/contract/schemas/disabilities'
import { medicalReportTexts } from '../../../src/documents/medical-report-texts'
import type { Tx } from '../../db/client'
import { catalogueEntries, disabilities, patients, users } from '../../db/schema'
import { assertLivePatientInScope, patientScope } from '../../platform/assignment-scope'
import { escapeLike } from '../../platform/data-table'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { reportRoutes, reportsOfPatient } from './medical-report.routes'
import { DISABILITY } from './report-kinds'

/** The patient the caller is (patient mode, `/patient/incapacities`), or null. */
async function ownPatientId(tx: Tx, req: FastifyRequest): Promise<string | null> {
  const user = req.user
  if (!user?.permissions.has('patient-incapacities')) return null
  const [me] = await tx.select({ patientId: users.patientId }).from(users).where(eq(users.id, user.id))
  return me?.patientId ?? null
}

const isStaff = (req: FastifyRequest) => DISABILITY_READERS.some((name) => req.user?.permissions.has(name))

/**
 * The months YYYY-MM from `from` to `to`, both included; at most fifty years of them, so a query
 * naming the year 1 to the year 9999 cannot make the graph's answer unbounded.
 */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`
    months.push(current)
    if (current >= last || months.length > 600) return months
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/** The live disabilities of the patients in the caller's care under the index's filters, with their patient. */
async function filtered(tx: Tx, req: FastifyRequest, query: DisabilityFilterQuery) {
  const conditions: Array<SQL | undefined> = [
    isNull(disabilities.deletedAt),
    isNull(patients.deletedAt),
    patientScope(req, disabilities.patientId),
    // A disability touching the period: it starts before the period ends and ends after it starts.
    query.to ? lte(disabilities.startDate, query.to) : undefined,
    query.from ? gte(disabilities.endDate, query.from) : undefined,
    query.type_id ? eq(disabilities.typeId, query.type_id) : undefined,
    query.status_id ? eq(disabilities.statusId, query.status_id) : undefined,
  ]
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`
    conditions.push(
      or(
        ilike(
          sql`concat_ws(' ', ${patients.name}, ${patients.lastName}, ${patients.secondLastName})`,
          pattern,
        ),
        ilike(sql`coalesce(${patients.payrollNumber}, '')`, pattern),
        ilike(patients.curp, pattern),
      ),
    )
  }
  return tx
    .select({
      id: disabilities.id,
      patientId: disabilities.patientId,
      typeId: disabilities.typeId,
      statusId: disabilities.statusId,
      startDate: disabilities.startDate,
      endDate: disabilities.endDate,
      assignedDays: disabilities.assignedDays,
      assignedNumber: disabilities.assignedNumber,
      issuer: disabilities.issuer,
      cause: disabilities.cause,
      payrollNumber: patients.payrollNumber,
      name: sql<string>`concat_ws(' ', ${patients.name}, ${patients.lastName}, ${patients.secondLastName})`,
    })
    .from(disabilities)
    .innerJoin(patients, eq(patients.id, disabilities.patientId))
    .where(and(...conditions))
    .orderBy(asc(disabilities.startDate), asc(disabilities.id))
}

async function entryNames(tx: Tx, catalogue: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(eq(catalogueEntries.catalogue, catalogue))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * Disabilities (SPEC §7 `incapacities`, `patient-incapacities`, the index's spreadsheet and data
 * graph; issue 23): the shared report calls — create, show, amendment, soft delete — the
 * patient's list (staff for a patient in their care, a patient for themselves), and the index's
 * exports under its filters. Lost days are counted by `rules/disability-days.ts`, as the device does.
 */
export async function disabilityRoutes(app: FastifyInstance) {
  reportRoutes(app, DISABILITY, {
    create: createDisability,
    show: showDisability,
    amend: amendDisability,
    remove: deleteDisability,
  })

  route(
    app,
    patientDisabilities,
    async ({ query }, req): Promise<Disability[]> =>
      req.withTenant(async (tx) => {
        const own = await ownPatientId(tx, req)
        const patientId = query.patient_id ?? own
        if (!patientId) throw new NotFoundError()
        // A patient reads their own; staff read the patients in their care (a nurse who is a
        // patient too reads her own without having herself in her care).
        if (patientId !== own) {
          if (!isStaff(req)) throw new NotFoundError()
          await assertLivePatientInScope(tx, req, patientId)
        }
        await req.audit(tx, { action: 'disability.list', entity: 'patient', entityId: patientId })
        return reportsOfPatient<Disability>(tx, DISABILITY, patientId)
      }),
  )

  route(app, disabilitiesSpreadsheet, async ({ query }, req, reply) => {
    const { rows, types, statuses } = await req.withTenant(async (tx) => {
      const found = await filtered(tx, req, query)
      await req.audit(tx, {
        action: 'disability.export',
        entity: 'patient',
        entityId: null,
        details: { patients: [...new Set(found.map((row) => row.patientId))] },
      })
      return {
        rows: found,
        types: await entryNames(tx, 'incapacityType'),
        statuses: await entryNames(tx, 'incapacityStatus'),
      }
    })
    const texts = medicalReportTexts[req.lang].disability
    const header =
      req.lang === 'en'
        ? [
            'Payroll number',
            'Patient',
            'Cause',
            texts.startDate,
            texts.endDate,
            texts.assignedDays,
            texts.modality,
            texts.status,
            texts.issuer,
            texts.assignedNumber,
          ]
        : [
            'Número de nómina',
            'Paciente',
            'Causa',
            texts.startDate,
            texts.endDate,
            texts.assignedDays,
            texts.modality,
            texts.status,
            texts.issuer,
            texts.assignedNumber,
          ]
    const cells = rows.map((row) => [
      row.payrollNumber,
      row.name,
      row.cause,
      isoToDateText(row.startDate),
      isoToDateText(row.endDate),
      row.assignedDays,
      types.get(row.typeId) ?? null,
      statuses.get(row.statusId) ?? null,
      texts.issuers[row.issuer as keyof typeof texts.issuers] ?? row.issuer,
      row.assignedNumber,
    ])
    const sheet = req.lang === 'en' ? 'Disabilities' : 'Incapacidades'
    await sendWorkbook(
      reply,
      downloadName(req.lang === 'en' ? 'disabilities' : 'incapacidades'),
      workbookOf(sheet, header, cells),
    )
  })

  route(
    app,
    disabilitiesDataGraph,
    async ({ query }, req): Promise<DisabilityGraph> =>
      req.withTenant(async (tx) => {
        const rows = await filtered(tx, req, query)
        const types = await entryNames(tx, 'incapacityType')
        await req.audit(tx, {
          action: 'disability.graph',
          entity: 'patient',
          entityId: null,
          details: { patients: [...new Set(rows.map((row) => row.patientId))] },
        })
        const spans = rows.map((row) => ({
          id: row.id,
          patient_id: row.patientId,
          type_id: row.typeId,
          start_date: row.startDate,
          end_date: row.endDate,
        }))
        const from = query.from ?? spans.map((s) => s.start_date).sort()[0]
        const to =
          query.to ??
          spans
            .map((s) => s.end_date)
            .sort()
            .at(-1)
        if (!from || !to) return { months: [], series: [], total_days: 0 }
        const bars = lostDaysByTypeAndMonth(spans, { from, to })
        const months = monthsBetween(from, to)
        const typeIds = [...new Set(bars.map((bar) => bar.type_id))]
        const series = typeIds
          .map((typeId) => ({
            type_id: typeId,
            type_name: types.get(typeId) ?? '',
            days: months.map(
              (month) => bars.find((bar) => bar.type_id === typeId && bar.month === month)?.days ?? 0,
            ),
          }))
          .sort((a, b) => a.type_name.localeCompare(b.type_name))
        return { months, series, total_days: bars.reduce((sum, bar) => sum + bar.days, 0) }
      }),
  )
}
