import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  addMonths,
  type ExamDueState,
  examDue,
  frequencyMonths,
} from '../../src/contract/rules/periodic-exam-due'
import { addDays } from '../../src/contract/rules/vaccination-due'
import { completeAdmissionSections } from '../../src/contract/schemas/admission-exam-example'
import type { AdmissionResult } from '../../src/contract/schemas/admission-exams'
import type { ExposureAgent } from '../../src/contract/schemas/occupational-exposures'
import { DOCUMENT_TIME_ZONE } from '../../src/documents/self-tracking-pdf'
import { zonedDayAndTime } from '../../src/documents/zoned-time'
import type { Tx } from '../db/client'
import {
  admissionExams,
  admissionExamTreatments,
  catalogueEntries,
  changeLog,
  patients,
  periodicExamResults,
  periodicExams,
  users,
} from '../db/schema'

/** A demo patient as the exams' seed reads it. */
export interface ExamSeedPatient {
  id: string
  examFrequency: string | null
  hireDate: string | null
  administrativeStatus: string
}

/** What the clinical exams found, by catalogue name: a normal result and an abnormal one. */
const RESULTS: Record<string, [string, string]> = {
  Audiometría: ['Audición dentro de parámetros normales', 'Hipoacusia leve bilateral en frecuencias agudas'],
  Espirometría: ['Patrón espirométrico normal', 'Patrón obstructivo leve (FEV1/FVC 0.68)'],
  'Biometría hemática': ['Sin alteraciones', 'Anemia leve (Hb 11.2 g/dL)'],
  'Agudeza visual': ['20/20 ambos ojos', '20/40 ojo izquierdo; se refiere a optometría'],
  'Química sanguínea': ['Glucosa 92 mg/dL, colesterol 180 mg/dL', 'Glucosa en ayuno 128 mg/dL'],
}
const AGENTS: ExposureAgent[] = ['noise', 'dust', 'chemicals', 'ergonomic', 'biological']

/**
 * The state each seeded patient is put in, by position: a good share in every bucket the
 * dashboard counts (issue 22), the rest left without exams for the lists to show them too.
 */
function targetOf(position: number): ExamDueState | null {
  const slot = position % 10
  if (slot <= 2) return 'applied'
  if (slot <= 4) return 'due_soon'
  if (slot <= 6) return 'expired'
  if (slot === 7) return 'never_examined'
  return null
}

/** The day of the latest exam that puts a patient in `target` on `today`, at their frequency. */
function examDayFor(
  target: Exclude<ExamDueState, 'never_examined'>,
  patient: ExamSeedPatient,
  today: string,
  position: number,
) {
  const months = frequencyMonths(patient.examFrequency)
  const offsets =
    target === 'applied'
      ? [25 + (position % 90)]
      : target === 'due_soon'
        ? [(position % 9) + 1, 2, 0]
        : [-(10 + ((position * 7) % 150)), -20]
  for (const offset of offsets) {
    const day = addDays(addMonths(today, -months), offset)
    const due = examDue(
      { lastExamOn: day, frequency: patient.examFrequency, hireDate: patient.hireDate },
      today,
    )
    if (due.state === target) return day
  }
  return addDays(addMonths(today, -months), offsets[0] as number)
}

/**
 * The demo's periodic and admission exams (issue 22), with fixed days relative to `today` so the
 * due buckets always hold something: patients applied, due within the 10 days, expired, and new
 * hires never examined yet (their hire date moved to the last weeks so their first exam is not
 * owed). A few admission exams, one of a candidate and one still a draft. Idempotent: nothing
 * when the tenant has periodic exams already.
 */
export async function seedDemoExams(
  tx: Tx,
  tenantId: string,
  people: readonly ExamSeedPatient[],
  authors: { doctor: string; nurse: string },
  now = new Date(),
): Promise<number> {
  const [any] = await tx.select({ id: periodicExams.id }).from(periodicExams).limit(1)
  if (any) return 0
  const today = zonedDayAndTime(now, DOCUMENT_TIME_ZONE).day
  const entries = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(
      and(
        eq(catalogueEntries.catalogue, 'clinicalExam'),
        inArray(catalogueEntries.name, Object.keys(RESULTS)),
      ),
    )
  const feed: Array<typeof changeLog.$inferInsert> = []
  let count = 0
  for (const [position, patient] of people.entries()) {
    const target = targetOf(position)
    if (target === null) continue
    const author = position % 2 === 0 ? authors.doctor : authors.nurse
    if (target === 'never_examined') {
      // A new hire: the first periodic exam is owed a frequency after the hire date.
      const hired = addDays(today, -(5 + (position % 50)))
      await tx
        .update(patients)
        .set({ hireDate: hired, version: sql`${patients.version} + 1` })
        .where(eq(patients.id, patient.id))
      const [row] = await tx
        .select({ version: patients.version })
        .from(patients)
        .where(eq(patients.id, patient.id))
      feed.push({
        tenantId,
        entity: 'patient',
        entityId: patient.id,
        op: 'upsert',
        version: row?.version ?? 1,
        patientId: patient.id,
      })
      continue
    }
    const latest = examDayFor(target, patient, today, position)
    // Some patients have an earlier exam too, so the history and the exposures' change show.
    const days =
      position % 3 === 0 ? [addMonths(latest, -frequencyMonths(patient.examFrequency)), latest] : [latest]
    for (const [visit, examinedOn] of days.entries()) {
      const fails = position % 7 === 3 && visit === days.length - 1
      const id = uuidv7()
      const agent = AGENTS[position % AGENTS.length] as ExposureAgent
      const years = 2 + (position % 15) + visit
      await tx.insert(periodicExams).values({
        tenantId,
        id,
        patientId: patient.id,
        examinedOn,
        condition: fails ? 'fails' : 'compliant',
        observations: fails
          ? 'Hallazgos que requieren valoración por especialista.'
          : 'Sin hallazgos relevantes.',
        recommendations:
          agent === 'noise'
            ? 'Uso continuo de protección auditiva.'
            : 'Pausas activas y uso de equipo de protección.',
        exposures: [{ agent, years, notes: null }],
        createdBy: author,
        updatedBy: author,
      })
      const chosen = entries.filter((_, index) => (index + position) % 2 === 0).slice(0, 3)
      if (chosen.length > 0) {
        await tx.insert(periodicExamResults).values(
          chosen.map((entry, index) => ({
            tenantId,
            id: uuidv7(),
            examId: id,
            patientId: patient.id,
            clinicalExamId: entry.id,
            result: (RESULTS[entry.name] as [string, string])[fails && index === 0 ? 1 : 0],
            createdBy: author,
            updatedBy: author,
          })),
        )
      }
      feed.push({
        tenantId,
        entity: 'periodic-exam',
        entityId: id,
        op: 'upsert',
        version: 1,
        patientId: patient.id,
      })
      count++
    }
  }
  count += await seedAdmissionExams(tx, tenantId, people, authors.doctor, today, feed)
  if (feed.length > 0) await tx.insert(changeLog).values(feed)
  return count
}

/** A handful of admission exams: whole ones with each result, a candidate's, and a draft. */
async function seedAdmissionExams(
  tx: Tx,
  tenantId: string,
  people: readonly ExamSeedPatient[],
  author: string,
  today: string,
  feed: Array<typeof changeLog.$inferInsert>,
): Promise<number> {
  const candidate = people.find((p) => p.administrativeStatus === 'candidate')
  const hired = people.filter((p) => p.administrativeStatus === 'active').slice(3, 7)
  const plans: Array<{ patient: ExamSeedPatient; result: AdmissionResult | null; daysAgo: number }> = [
    ...(candidate ? [{ patient: candidate, result: 'complies_with_conditions' as const, daysAgo: 2 }] : []),
    ...hired.map((patient, index) => ({
      patient,
      result: (['complies', 'complies', 'does_not_comply', null] as const)[index] ?? null,
      daysAgo: 30 + index * 45,
    })),
  ]
  for (const { patient, result, daysAgo } of plans) {
    const sections = completeAdmissionSections()
    const id = uuidv7()
    const draft = result === null
    await tx.insert(admissionExams).values({
      tenantId,
      id,
      patientId: patient.id,
      examinedOn: addDays(today, -daysAgo),
      position: 'Operador de producción',
      familyHistory: sections.family_history,
      hygieneHousing: sections.hygiene_housing,
      personalBackground: sections.personal_background,
      workBackground: draft ? null : sections.work_background,
      systemsInterrogation: draft ? null : sections.systems_interrogation,
      physicalExploration: draft ? null : sections.physical_exploration,
      labResults: draft
        ? null
        : {
            ...sections.lab_results,
            results: sections.lab_results.results.map((r) => ({ ...r, id: uuidv7() })),
          },
      result,
      conditions:
        result === 'complies_with_conditions'
          ? 'Uso obligatorio de protección auditiva en áreas de más de 85 dB.'
          : null,
      observations:
        result === 'does_not_comply'
          ? 'Hipertensión no controlada; se refiere a su unidad de medicina familiar.'
          : null,
      createdBy: author,
      updatedBy: author,
    })
    await tx.insert(admissionExamTreatments).values({
      tenantId,
      id: uuidv7(),
      examId: id,
      patientId: patient.id,
      medicine: 'Loratadina',
      dose: '10 mg',
      indications: 'Cada 24 horas en temporada de alergias',
      createdBy: author,
      updatedBy: author,
    })
    feed.push({
      tenantId,
      entity: 'admission-exam',
      entityId: id,
      op: 'upsert',
      version: 1,
      patientId: patient.id,
    })
  }
  return plans.length
}

/**
 * A demo made before the occupational exams (issue 22) gets them once: its patients in the order
 * they were made (UUIDv7 ids), by the demo doctor and nurse. Nothing when either account is gone.
 */
export async function seedExamsOfExistingDemo(tx: Tx, tenantId: string, now = new Date()): Promise<number> {
  const [any] = await tx.select({ id: periodicExams.id }).from(periodicExams).limit(1)
  if (any) return 0
  const accounts = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['doctor@demo.localhost', 'nurse@demo.localhost']))
  const doctor = accounts.find((a) => a.email === 'doctor@demo.localhost')?.id
  const nurse = accounts.find((a) => a.email === 'nurse@demo.localhost')?.id
  if (!doctor || !nurse) return 0
  const people = await tx
    .select({
      id: patients.id,
      examFrequency: patients.examFrequency,
      hireDate: patients.hireDate,
      administrativeStatus: patients.administrativeStatus,
    })
    .from(patients)
    .where(isNull(patients.deletedAt))
    .orderBy(asc(patients.id))
  return seedDemoExams(tx, tenantId, people, { doctor, nurse }, now)
}
