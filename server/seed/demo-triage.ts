import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  raisedClassification,
  type TriageClassification,
} from '../../src/contract/rules/triage-classification'
import { type TriageFields, triageOf } from '../../src/contract/schemas/covid'
import type { Tx } from '../db/client'
import {
  changeLog,
  covidTests,
  triageConsultations,
  triageDeclines,
  triageReclassifications,
} from '../db/schema'
import { consultationColumns } from '../modules/covid/triage'

/** A triage a plant's clinic recorded during an outbreak, from mild to severe. */
type Scenario = Pick<
  TriageFields,
  | 'status'
  | 'covid_case'
  | 'symptoms'
  | 'other_symptoms'
  | 'temperature_c'
  | 'oximetry'
  | 'systolic'
  | 'diastolic'
  | 'heart_rate'
  | 'respiratory_rate'
  | 'supplemental_oxygen'
  | 'consciousness'
  | 'shortness_of_breath'
  | 'cough_severity'
  | 'notes'
>

const SCENARIOS: Scenario[] = [
  {
    status: 'patient_contact',
    covid_case: 'contact',
    symptoms: [],
    other_symptoms: [],
    temperature_c: 36.6,
    oximetry: 98,
    systolic: 118,
    diastolic: 76,
    heart_rate: 72,
    respiratory_rate: 16,
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    shortness_of_breath: false,
    cough_severity: 'none',
    notes: 'Contacto laboral de un caso confirmado en la línea 2; asintomático. Vigilar 7 días.',
  },
  {
    status: 'suspicious',
    covid_case: 'suspected',
    symptoms: ['fever', 'cough', 'headache'],
    other_symptoms: [],
    temperature_c: 38.4,
    oximetry: 95,
    systolic: 124,
    diastolic: 80,
    heart_rate: 96,
    respiratory_rate: 19,
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    shortness_of_breath: false,
    cough_severity: 'mild',
    notes: 'Fiebre y tos seca desde ayer. Se indica aislamiento en casa y prueba de antígeno.',
  },
  {
    status: 'observation',
    covid_case: 'confirmed',
    symptoms: ['cough', 'fatigue', 'loss-of-smell'],
    other_symptoms: ['dizziness'],
    temperature_c: 37.4,
    oximetry: 96,
    systolic: 116,
    diastolic: 74,
    heart_rate: 84,
    respiratory_rate: 18,
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    shortness_of_breath: false,
    cough_severity: 'mild',
    notes: 'Caso confirmado por PCR, evolución favorable. Seguimiento telefónico cada 48 horas.',
  },
  {
    status: 'observation',
    covid_case: 'confirmed',
    symptoms: ['fever', 'cough', 'shortness-of-breath', 'muscle-pain'],
    other_symptoms: ['polypnea'],
    temperature_c: 38.9,
    oximetry: 93,
    systolic: 108,
    diastolic: 70,
    heart_rate: 104,
    respiratory_rate: 22,
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    shortness_of_breath: true,
    cough_severity: 'moderate',
    notes: 'Disnea de medianos esfuerzos y saturación baja. Se envía a valoración en urgencias si empeora.',
  },
  {
    status: 'hospitalized',
    covid_case: 'confirmed',
    symptoms: ['fever', 'shortness-of-breath', 'chest-pain'],
    other_symptoms: ['cyanosis'],
    temperature_c: 39.3,
    oximetry: 89,
    systolic: 98,
    diastolic: 62,
    heart_rate: 118,
    respiratory_rate: 26,
    supplemental_oxygen: 'nasal-cannula',
    consciousness: 'alert',
    shortness_of_breath: true,
    cough_severity: 'severe',
    notes: 'Ingresa a hospital del IMSS con oxígeno suplementario. Familiar informa por teléfono.',
  },
  {
    status: 'recovered',
    covid_case: 'confirmed',
    symptoms: [],
    other_symptoms: [],
    temperature_c: 36.5,
    oximetry: 97,
    systolic: 120,
    diastolic: 78,
    heart_rate: 70,
    respiratory_rate: 15,
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    shortness_of_breath: false,
    cough_severity: 'none',
    notes: 'Sin síntomas por 72 horas y 10 días desde el inicio. Se autoriza el regreso a planta.',
  },
]

/** How a patient's outbreak went: the scenarios of their consultations, oldest first. */
const COURSES: number[][] = [[0], [1, 2, 5], [1, 3], [2, 5], [3, 4], [1], [0, 1, 2]]

const DAY_MS = 86_400_000

/**
 * Seeds COVID triage for about three demo patients in ten (issue 20): one to three consultations
 * each on dates relative to today, classified by the rule (a few overridden with a reason), some
 * reclassified, some tests, and a follow-up that did not take place. Does nothing when the tenant
 * has triage consultations already.
 */
export async function seedDemoTriage(
  tx: Tx,
  tenantId: string,
  patients: ReadonlyArray<{ id: string; birthDate: string }>,
  authors: { doctor: string; nurse: string },
  today = new Date(),
): Promise<number> {
  const [any] = await tx.select({ id: triageConsultations.id }).from(triageConsultations).limit(1)
  if (any) return 0
  // The first patient is the demo's patient account: its own /patient/covid has a follow-up to show.
  const followed = patients.filter(
    (_, index) => index === 0 || index % 10 === 2 || index % 10 === 5 || index % 10 === 8,
  )
  const feed: Array<typeof changeLog.$inferInsert> = []
  let count = 0
  for (const [position, patient] of followed.entries()) {
    const author = position % 2 === 0 ? authors.doctor : authors.nurse
    const course = COURSES[position % COURSES.length] as number[]
    const start = 8 + ((position * 5) % 40)
    const risk = {
      chronic_degenerative_diseases:
        position % 4 === 1 ? ['diabetes'] : position % 9 === 3 ? ['hypertension'] : [],
      immunocompromises: position % 11 === 7 ? ['corticosteroids'] : [],
      pregnancy: null,
    }
    let last: { id: string; classification: TriageClassification } | null = null
    for (const [visit, scenarioIndex] of course.entries()) {
      const scenario = SCENARIOS[scenarioIndex] as Scenario
      const consultedAt = new Date(today.getTime() - (start - visit * 3) * DAY_MS)
      // Between 8:00 and 13:00 in central Mexico (UTC−6).
      consultedAt.setUTCHours(14 + (position % 5), (position * 11) % 60, 0, 0)
      const fields = {
        ...scenario,
        ...risk,
        consulted_at: consultedAt.toISOString(),
        advancement: scenario.status === 'recovered' ? 'back-at-work' : 'home-isolation',
        ruled_out_reason: null,
        first_symptom_date:
          scenario.symptoms.length > 0
            ? new Date(consultedAt.getTime() - 2 * DAY_MS).toISOString().slice(0, 10)
            : null,
        weight_kg: null,
        height_m: null,
        recontagion: false,
        vaccinated: position % 3 !== 0,
        quarantine_start_date:
          scenario.status === 'patient_contact' || scenario.status === 'recovered'
            ? null
            : consultedAt.toISOString().slice(0, 10),
        quarantine_end_date: null,
      }
      const triage = triageOf(fields as TriageFields, patient.birthDate)
      // Now and then the professional knows more than the score: one step more urgent.
      const overridden = position % 8 === 6 && triage.classification !== 'high'
      const classification = overridden ? raisedClassification(triage.classification) : triage.classification
      const id = uuidv7()
      await tx.insert(triageConsultations).values({
        tenantId,
        id,
        patientId: patient.id,
        ...consultationColumns({
          ...(fields as TriageFields),
          proposed_classification: triage.classification,
          classification,
          override_reason: overridden
            ? 'Vive con un adulto mayor con oxígeno en casa; se vigila más de cerca.'
            : null,
        }),
        news2Score: triage.total,
        createdBy: author,
        updatedBy: author,
      } as typeof triageConsultations.$inferInsert)
      last = { id, classification }
      feed.push({
        tenantId,
        entity: 'covid-consultation',
        entityId: id,
        op: 'upsert',
        version: 1,
        patientId: patient.id,
      })
      count++
    }
    if (last && position % 5 === 1) {
      // A reclassification after a call: the last consultation's value is overwritten (SPEC §4).
      const id = uuidv7()
      const to: TriageClassification = last.classification === 'low' ? 'low-medium' : 'low'
      await tx.insert(triageReclassifications).values({
        tenantId,
        id,
        patientId: patient.id,
        consultationId: last.id,
        reclassifiedAt: new Date(today.getTime() - DAY_MS).toISOString(),
        previousClassification: last.classification,
        classification: to,
        reason:
          to === 'low'
            ? 'Control telefónico: sin fiebre ni disnea, saturación de 97 % en oxímetro de casa.'
            : 'Refiere tos más intensa por la noche; se acorta el intervalo de seguimiento.',
        createdBy: authors.doctor,
        updatedBy: authors.doctor,
      })
      // The consultation was seeded just above; its row takes the new value directly.
      await tx
        .update(triageConsultations)
        .set({ classification: to, reclassificationId: id, version: 2 })
        .where(eq(triageConsultations.id, last.id))
      feed.push({
        tenantId,
        entity: 'covid-reclassification',
        entityId: id,
        op: 'upsert',
        version: 1,
        patientId: patient.id,
      })
      feed.push({
        tenantId,
        entity: 'covid-consultation',
        entityId: last.id,
        op: 'upsert',
        version: 2,
        patientId: patient.id,
      })
    }
    if (position % 2 === 0) {
      const id = uuidv7()
      const date = new Date(today.getTime() - (start - 1) * DAY_MS).toISOString().slice(0, 10)
      await tx.insert(covidTests).values({
        tenantId,
        id,
        patientId: patient.id,
        date,
        type: position % 4 === 0 ? 'pcr' : 'antigen',
        result: course.includes(0) ? 'negative' : 'positive',
        createdBy: author,
        updatedBy: author,
      })
      feed.push({
        tenantId,
        entity: 'covid-test',
        entityId: id,
        op: 'upsert',
        version: 1,
        patientId: patient.id,
      })
    }
    if (position % 13 === 4) {
      const id = uuidv7()
      await tx.insert(triageDeclines).values({
        tenantId,
        id,
        patientId: patient.id,
        declinedAt: new Date(today.getTime() - 2 * DAY_MS).toISOString(),
        kind: 'unreachable',
        reason: 'No contesta el teléfono registrado; se deja mensaje con su supervisor.',
        createdBy: author,
        updatedBy: author,
      })
      feed.push({
        tenantId,
        entity: 'covid-decline',
        entityId: id,
        op: 'upsert',
        version: 1,
        patientId: patient.id,
      })
    }
  }
  if (feed.length > 0) await tx.insert(changeLog).values(feed)
  return count
}
