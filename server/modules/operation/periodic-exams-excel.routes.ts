import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { periodicExamsExcel } from '../../../src/contract/endpoints/periodic-exams'
import type { ExamCondition } from '../../../src/contract/schemas/periodic-exams'
import {
  DUE_SHEET_FILE_NAME,
  type DueListPatient,
  type LatestExam,
  periodicExamDueRows,
  periodicExamDueSheet,
} from '../../../src/documents/periodic-exam-due-rows'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import type { Tx } from '../../db/client'
import { patients, periodicExams, referenceItems } from '../../db/schema'
import { assignedTo, assignedUserOf } from '../../platform/assignment-scope'
import type { Lang } from '../../platform/language'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'

async function namesOf(tx: Tx, list: string, lang: Lang): Promise<Map<string, string>> {
  const rows = await tx
    .select()
    .from(referenceItems)
    .where(eq(referenceItems.list, list))
    .orderBy(asc(referenceItems.sort))
  return new Map(rows.map((row) => [row.code, lang === 'en' ? row.nameEn : row.nameEs]))
}

/**
 * `GET /patients/periodic-exams/excel` (SPEC §7 exports): every live patient in the caller's care
 * with the due state of the periodic exam, as `examenes_periodicos_DD_MM_YYYY.xlsx`. The rows come
 * from `periodicExamDueRows`, the function the device's list runs over its cache, on the device's
 * `today` when it sends one (else the day in central Mexico). Audited with the patients it names.
 */
export async function periodicExamsExcelRoutes(app: FastifyInstance) {
  route(app, periodicExamsExcel, async ({ query }, req, reply) => {
    const today = query.today ?? zonedDayAndTime(new Date(), DOCUMENT_TIME_ZONE).day
    const { rows, statuses, frequencies } = await req.withTenant(async (tx) => {
      const userId = assignedUserOf(req)
      const people: DueListPatient[] = await tx
        .select({
          id: patients.id,
          name: patients.name,
          last_name: patients.lastName,
          second_last_name: patients.secondLastName,
          payroll_number: patients.payrollNumber,
          curp: patients.curp,
          administrative_status: patients.administrativeStatus,
          exam_frequency: patients.examFrequency,
          hire_date: patients.hireDate,
        })
        .from(patients)
        .where(and(isNull(patients.deletedAt), userId ? assignedTo(userId, patients.id) : undefined))
      // Each patient's latest live exam: one pass over the (patient, day) index.
      const { rows: exams } = (await tx.execute(sql`
        select distinct on (patient_id) patient_id, examined_on::text as examined_on, condition
          from ${periodicExams}
         where deleted_at is null
         order by patient_id, examined_on desc, id desc`)) as unknown as {
        rows: Array<{ patient_id: string; examined_on: string; condition: ExamCondition }>
      }
      const latest = new Map<string, LatestExam>(
        exams.map((exam) => [exam.patient_id, { examined_on: exam.examined_on, condition: exam.condition }]),
      )
      const found = periodicExamDueRows(people, latest, today, { states: query.states, search: query.search })
      await req.audit(tx, {
        action: 'periodic-exam.export',
        entity: 'patient',
        entityId: null,
        details: { filters: query, patients: found.map((row) => row.patient_id) },
      })
      return {
        rows: found,
        statuses: await namesOf(tx, 'administrative-statuses', req.lang),
        frequencies: await namesOf(tx, 'examination-frequencies', req.lang),
      }
    })
    const sheet = periodicExamDueSheet(rows, req.lang, { statuses, frequencies })
    const title = req.lang === 'en' ? 'Periodic exams' : 'Exámenes periódicos'
    await sendWorkbook(
      reply,
      downloadName(DUE_SHEET_FILE_NAME[req.lang]),
      workbookOf(title, sheet.header, sheet.cells),
    )
  })
}
