import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm'
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
import { searchWords } from '../../../src/contract/rules/search-text'
import type {
  Disability,
  DisabilityFilterQuery,
  DisabilityGraph,
} from '../../../src/contract/schemas/disabilities'
import {
  DISABILITY_SHEET_FILE_NAME,
  DISABILITY_SHEET_NAME,
  type DisabilityListRecord,
  type DisabilityRow,
  disabilityGraph,
  disabilityRows,
  disabilitySheet,
} from '../../../src/documents/disability-rows'
import type { Tx } from '../../db/client'
import { catalogueEntries, disabilities, patients, users } from '../../db/schema'
import { assertLivePatientInScope, patientScope } from '../../platform/assignment-scope'
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
 * The index's rows under its filters (`disabilityRows`, the function the device's index runs over
 * its cache): the live disabilities of the live patients in the caller's care. The period,
 * modality, status and issuer narrow the query first (indexed columns); the shared function then
 * applies every filter, the search (accents aside) and the order, as the device does.
 */
async function filtered(tx: Tx, req: FastifyRequest, query: DisabilityFilterQuery): Promise<DisabilityRow[]> {
  const found = await tx
    .select({
      disability: {
        id: disabilities.id,
        patient_id: disabilities.patientId,
        cause: disabilities.cause,
        start_date: disabilities.startDate,
        end_date: disabilities.endDate,
        type_id: disabilities.typeId,
        status_id: disabilities.statusId,
        issuer: disabilities.issuer,
        assigned_number: disabilities.assignedNumber,
        assigned_days: disabilities.assignedDays,
      },
      patient: {
        id: patients.id,
        name: patients.name,
        last_name: patients.lastName,
        second_last_name: patients.secondLastName,
        payroll_number: patients.payrollNumber,
        curp: patients.curp,
      },
    })
    .from(disabilities)
    .innerJoin(patients, eq(patients.id, disabilities.patientId))
    .where(
      and(
        isNull(disabilities.deletedAt),
        isNull(patients.deletedAt),
        patientScope(req, disabilities.patientId),
        query.to ? lte(disabilities.startDate, query.to) : undefined,
        query.from ? gte(disabilities.endDate, query.from) : undefined,
        query.type_id ? eq(disabilities.typeId, query.type_id) : undefined,
        query.status_id ? eq(disabilities.statusId, query.status_id) : undefined,
        query.issuer ? eq(disabilities.issuer, query.issuer) : undefined,
        ...searchNarrowing(query.search),
      ),
    )
  const people = new Map(found.map((row) => [row.patient.id, row.patient]))
  const names = {
    types: await entryNames(tx, 'incapacityType'),
    statuses: await entryNames(tx, 'incapacityStatus'),
  }
  const { time_zone: _, ...filters } = query
  return disabilityRows(
    // The issuer column holds only the contract's issuers (a check constraint); its type says text.
    found.map((row) => row.disability as DisabilityListRecord),
    people,
    names,
    filters,
  )
}

/**
 * The search narrows the query too, or every disability of the tenant (50 000 at scale) would be
 * read to keep a handful (issue 24: 10–18 s under load). Only for the words in plain a–z/0–9 and
 * only ever wider than `disabilityRows`' match, which still decides: the patient's fields
 * decomposed (NFD) with everything outside ASCII dropped — the marks `foldText` drops, and letters
 * the word cannot hold anyway — then lower-cased must contain the word.
 */
function searchNarrowing(search: string | undefined): SQL[] {
  if (!search) return []
  const haystack = sql`lower(regexp_replace(normalize(concat_ws(' ', ${patients.name}, ${patients.lastName},
    ${patients.secondLastName}, ${patients.payrollNumber}, ${patients.curp}), NFD), ${'[^\x01-\x7f]'}, '', 'g'))`
  return searchWords(search)
    .filter((word) => /^[a-z0-9]+$/.test(word))
    .map((word) => sql`${haystack} like ${`%${word}%`}`)
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
    const rows = await req.withTenant(async (tx) => {
      const found = await filtered(tx, req, query)
      await req.audit(tx, {
        action: 'disability.export',
        entity: 'patient',
        entityId: null,
        details: { patients: [...new Set(found.map((row) => row.patient_id))] },
      })
      return found
    })
    const sheet = disabilitySheet(rows, req.lang)
    await sendWorkbook(
      reply,
      downloadName(DISABILITY_SHEET_FILE_NAME[req.lang]),
      workbookOf(DISABILITY_SHEET_NAME[req.lang], sheet.header, sheet.cells),
    )
  })

  route(
    app,
    disabilitiesDataGraph,
    async ({ query }, req): Promise<DisabilityGraph> =>
      req.withTenant(async (tx) => {
        const rows = await filtered(tx, req, query)
        await req.audit(tx, {
          action: 'disability.graph',
          entity: 'patient',
          entityId: null,
          details: { patients: [...new Set(rows.map((row) => row.patient_id))] },
        })
        return disabilityGraph(rows, query)
      }),
  )
}
