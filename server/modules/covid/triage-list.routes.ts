import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  covidLists,
  triageCounts,
  triageDownload,
  triageFilters,
} from '../../../src/contract/endpoints/covid'
import { isoToDateText } from '../../../src/contract/rules/formats'
import { TRIAGE_CLASSIFICATIONS } from '../../../src/contract/rules/triage-classification'
import {
  COVID_LIST_NAMES,
  TRIAGE_STATUSES,
  type TriageCounts,
  type TriageFilterQuery,
  type TriageFilters,
  type TriageStatus,
} from '../../../src/contract/schemas/covid'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { parseInstant, specDateTime } from '../../../src/documents/zoned-time'
import type { Db, Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patients, referenceItems, triageConsultations, triageDeclines } from '../../db/schema'
import { assignedTo, assignedUserOf } from '../../platform/assignment-scope'
import { escapeLike } from '../../platform/data-table'
import type { Lang } from '../../platform/language'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'

/** Names of a reference list's codes in the request's language. */
async function namesOf(db: Db | Tx, list: string, lang: Lang): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(referenceItems)
    .where(eq(referenceItems.list, list))
    .orderBy(asc(referenceItems.sort))
  return new Map(rows.map((row) => [row.code, lang === 'en' ? row.nameEn : row.nameEs]))
}

interface LastConsultationRow {
  patient_id: string
  status: TriageStatus
  classification: string
  consulted_at: string
  news2_score: number
  temperature_c: string | null
  oximetry: number | null
  respiratory_rate: number | null
  quarantine_start_date: string | null
  quarantine_end_date: string | null
  name: string
  last_name: string
  second_last_name: string | null
  payroll_number: string | null
}

/**
 * Each live patient in the caller's scope with their last triage consultation (the server's
 * order, decision 0025), narrowed by the triage list's filters; the day range reads the
 * consultation's day in `timeZone`.
 */
function lastConsultations(req: FastifyRequest, query: TriageFilterQuery, timeZone: string): SQL {
  const userId = assignedUserOf(req)
  const day = sql`(last.consulted_at at time zone ${timeZone})::date`
  const text = query.search?.trim()
  const like = text ? `%${escapeLike(text)}%` : null
  const conditions = [
    sql`p.deleted_at is null`,
    userId ? assignedTo(userId, sql`p.id`) : undefined,
    query.statuses?.length ? inArray(sql`last.status`, query.statuses) : undefined,
    query.classifications?.length ? inArray(sql`last.classification`, query.classifications) : undefined,
    query.from ? sql`${day} >= ${query.from}::date` : undefined,
    query.to ? sql`${day} <= ${query.to}::date` : undefined,
    like
      ? sql`(concat_ws(' ', p.name, p.last_name, p.second_last_name) ilike ${like}
             or p.payroll_number ilike ${like} or p.curp ilike ${like})`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
  return sql`
    select last.patient_id, last.status, last.classification, last.consulted_at::text as consulted_at,
           last.news2_score, last.temperature_c::text as temperature_c, last.oximetry, last.respiratory_rate,
           last.quarantine_start_date::text as quarantine_start_date,
           last.quarantine_end_date::text as quarantine_end_date,
           p.name, p.last_name, p.second_last_name, p.payroll_number
      from (select distinct on (patient_id) *
              from ${triageConsultations}
             order by patient_id, consulted_at desc, id desc) as last
      join ${patients} as p on p.id = last.patient_id
     where ${sql.join(conditions, sql` and `)}`
}

/** How the classifications sort in the list and the spreadsheet: the most urgent first. */
const urgency = (classification: string) =>
  -TRIAGE_CLASSIFICATIONS.indexOf(classification as (typeof TRIAGE_CLASSIFICATIONS)[number])

/**
 * The COVID lists, the triage list's filters, counts and spreadsheet (SPEC §7 "COVID",
 * `get-filters/triage`). The counts and the spreadsheet read each patient's last consultation.
 */
export async function triageListRoutes(app: FastifyInstance, opts: { db: Db }) {
  for (const name of COVID_LIST_NAMES) {
    route(app, covidLists[name], async (_input, req) => {
      const names = await namesOf(opts.db, name, req.lang)
      return [...names.entries()].map(([code, label]) => ({ code, name: label }))
    })
  }

  route(app, triageCounts, async ({ query }, req) =>
    req.withTenant(async (tx): Promise<TriageCounts> => {
      const rows = await rowsOf<{ status: TriageStatus; n: number }>(
        tx,
        sql`select status, count(*)::int as n from (${lastConsultations(req, query, DOCUMENT_TIME_ZONE)}) as rows
             group by status`,
      )
      const counts = Object.fromEntries(TRIAGE_STATUSES.map((status) => [status, 0])) as TriageCounts
      for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n)
      counts.total = rows.reduce((sum, row) => sum + Number(row.n), 0)
      // The follow-ups that did not take place in the range, of the patients in scope.
      const userId = assignedUserOf(req)
      const day = sql`(d.declined_at at time zone ${DOCUMENT_TIME_ZONE})::date`
      const declined = (await tx.execute(sql`
        select count(*)::int as n from ${triageDeclines} as d
          join ${patients} as p on p.id = d.patient_id and p.deleted_at is null
         where true
           ${userId ? sql`and ${assignedTo(userId, sql`d.patient_id`)}` : sql``}
           ${query.from ? sql`and ${day} >= ${query.from}::date` : sql``}
           ${query.to ? sql`and ${day} <= ${query.to}::date` : sql``}`)) as unknown as {
        rows: Array<{ n: number }>
      }
      counts.declined = Number(declined.rows[0]?.n ?? 0)
      await req.audit(tx, {
        action: 'covid-triage.count',
        entity: 'patient',
        entityId: null,
        details: { filters: query },
      })
      return counts
    }),
  )

  route(app, triageDownload, async ({ query }, req, reply) => {
    const timeZone = query.time_zone ?? DOCUMENT_TIME_ZONE
    const rows = await req.withTenant(async (tx) => {
      const { rows: found } = (await tx.execute(lastConsultations(req, query, timeZone))) as unknown as {
        rows: LastConsultationRow[]
      }
      await req.audit(tx, {
        action: 'covid-triage.export',
        entity: 'patient',
        entityId: null,
        details: { filters: query, patients: found.map((row) => row.patient_id) },
      })
      return found
    })
    const statuses = await namesOf(opts.db, 'covid-statuses', req.lang)
    const classifications = await namesOf(opts.db, 'triage-clasifications', req.lang)
    const en = req.lang === 'en'
    const header = en
      ? [
          'Payroll number',
          'Patient',
          'Status',
          'Classification',
          'Last consultation',
          'NEWS2',
          'Temperature (°C)',
          'Oximetry (%)',
          'Respiratory rate',
          'Quarantine start',
          'Quarantine end',
        ]
      : [
          'Número de nómina',
          'Paciente',
          'Estatus',
          'Clasificación',
          'Última consulta',
          'NEWS2',
          'Temperatura (°C)',
          'Oximetría (%)',
          'Frecuencia respiratoria',
          'Inicio de cuarentena',
          'Fin de cuarentena',
        ]
    const sorted = [...rows].sort(
      (a, b) =>
        urgency(a.classification) - urgency(b.classification) ||
        parseInstant(b.consulted_at).getTime() - parseInstant(a.consulted_at).getTime(),
    )
    const cells = sorted.map((row) => [
      row.payroll_number,
      [row.name, row.last_name, row.second_last_name].filter(Boolean).join(' '),
      statuses.get(row.status) ?? row.status,
      classifications.get(row.classification) ?? row.classification,
      specDateTime(parseInstant(row.consulted_at), timeZone),
      Number(row.news2_score),
      row.temperature_c === null ? null : Number(row.temperature_c),
      row.oximetry,
      row.respiratory_rate,
      row.quarantine_start_date ? isoToDateText(row.quarantine_start_date) : null,
      row.quarantine_end_date ? isoToDateText(row.quarantine_end_date) : null,
    ])
    await sendWorkbook(reply, downloadName('triage'), workbookOf('Triage', header, cells))
  })
}

/**
 * SPEC §7 `GET /get-filters/triage`: the triage list's statuses and classifications, named in the
 * request's language. It lives with the other filter lists under `/api/operation`, so the
 * operation module registers it.
 */
export async function triageFilterRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, triageFilters, async (_input, req): Promise<TriageFilters> => {
    const statuses = await namesOf(opts.db, 'covid-statuses', req.lang)
    const classifications = await namesOf(opts.db, 'triage-clasifications', req.lang)
    return {
      statuses: TRIAGE_STATUSES.map((code) => ({ code, name: statuses.get(code) ?? code })),
      classifications: TRIAGE_CLASSIFICATIONS.map((code) => ({
        code,
        name: classifications.get(code) ?? code,
      })),
    }
  })
}
