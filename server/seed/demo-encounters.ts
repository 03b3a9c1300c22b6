import { and, inArray, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Diagnosis, PrescriptionLine } from '../../src/contract/schemas/encounters'
import type { Tx } from '../db/client'
import {
  catalogueEntries,
  changeLog,
  encounterAmendments,
  encounters,
  medicinePresentations,
  medicines,
} from '../db/schema'
import { rewriteDiagnosisRows } from '../modules/operation/diagnosis-rows'

/** One line of a scenario's prescription: the medicine and dose by name, the instruction. */
interface ScenarioLine {
  medicine: string
  dose: string
  everyHours: number
  forDays: number
  indications?: string
}

/** A consultation a plant's clinic sees every week, with its notes and its usual treatment. */
interface Scenario {
  code: string
  reason: string
  type: 'initial' | 'follow_up'
  vitals: Partial<
    Record<'temperatureC' | 'systolic' | 'diastolic' | 'heartRate' | 'glucose' | 'oximetry', number>
  >
  subjective: string
  objective: string
  analysis: string
  plan: string
  prescription: ScenarioLine[]
}

const SCENARIOS: Scenario[] = [
  {
    code: 'J00',
    reason: 'Enfermedad general',
    type: 'initial',
    vitals: { temperatureC: 37.7, heartRate: 92, oximetry: 96 },
    subjective: 'Refiere escurrimiento nasal, estornudos y dolor de garganta desde hace dos días.',
    objective: 'Faringe hiperémica sin exudado, rinorrea hialina, campos pulmonares limpios.',
    analysis: 'Cuadro compatible con rinofaringitis viral sin datos de alarma.',
    plan: 'Hidratación, reposo relativo, lavado de manos y uso de cubrebocas en planta.',
    prescription: [{ medicine: 'Paracetamol', dose: '500 mg', everyHours: 8, forDays: 3 }],
  },
  {
    code: 'I10',
    reason: 'Seguimiento de enfermedad crónica',
    type: 'follow_up',
    vitals: { systolic: 146, diastolic: 92, heartRate: 78, oximetry: 97 },
    subjective: 'Acude a control de presión arterial; niega cefalea o dolor torácico.',
    objective: 'Presión arterial por arriba de la meta; sin edema de miembros inferiores.',
    analysis: 'Hipertensión arterial sistémica en descontrol leve.',
    plan: 'Dieta baja en sodio, caminata 30 minutos diarios, control en un mes.',
    prescription: [
      {
        medicine: 'Losartán',
        dose: '50 mg',
        everyHours: 24,
        forDays: 30,
        indications: 'Tomar por la mañana.',
      },
    ],
  },
  {
    code: 'E119',
    reason: 'Seguimiento de enfermedad crónica',
    type: 'follow_up',
    vitals: { glucose: 164, systolic: 128, diastolic: 82, heartRate: 80 },
    subjective: 'Control de diabetes; refiere apego parcial a la dieta por turnos rotativos.',
    objective: 'Glucosa capilar posprandial elevada; pies sin lesiones.',
    analysis: 'Diabetes mellitus tipo 2 sin complicaciones, control glucémico subóptimo.',
    plan: 'Orientación nutricional, automonitoreo de glucosa y control en un mes.',
    prescription: [
      {
        medicine: 'Metformina',
        dose: '850 mg',
        everyHours: 12,
        forDays: 30,
        indications: 'Tomar con los alimentos.',
      },
    ],
  },
  {
    code: 'M545',
    reason: 'Accidente de trabajo',
    type: 'initial',
    vitals: { systolic: 124, diastolic: 80, heartRate: 84 },
    subjective: 'Dolor lumbar tras levantar una caja en el almacén, sin irradiación.',
    objective: 'Contractura paravertebral lumbar, Lasègue negativo, marcha normal.',
    analysis: 'Lumbalgia mecánica aguda relacionada con el trabajo.',
    plan: 'Compresas calientes, evitar cargas mayores a 10 kg por una semana, higiene de columna.',
    prescription: [
      {
        medicine: 'Ibuprofeno',
        dose: '400 mg',
        everyHours: 8,
        forDays: 5,
        indications: 'Tomar después de comer.',
      },
    ],
  },
  {
    code: 'G439',
    reason: 'Enfermedad general',
    type: 'initial',
    vitals: { systolic: 118, diastolic: 76, heartRate: 72 },
    subjective: 'Cefalea hemicraneal pulsátil con fotofobia desde la mañana.',
    objective: 'Neurológicamente íntegro, sin rigidez de nuca.',
    analysis: 'Migraña sin aura.',
    plan: 'Reposo en lugar oscuro, identificar desencadenantes, acudir si empeora.',
    prescription: [{ medicine: 'Ibuprofeno', dose: '600 mg', everyHours: 12, forDays: 3 }],
  },
  {
    code: 'H833',
    reason: 'Examen médico periódico',
    type: 'initial',
    vitals: { systolic: 122, diastolic: 78, heartRate: 70 },
    subjective: 'Trabajador del área de producción, refiere zumbido ocasional al terminar el turno.',
    objective: 'Otoscopia normal; audiometría con caída en 4 kHz bilateral.',
    analysis: 'Efectos del ruido sobre el oído interno.',
    plan: 'Uso obligatorio de protección auditiva, nueva audiometría en seis meses.',
    prescription: [],
  },
  {
    code: 'A09',
    reason: 'Enfermedad general',
    type: 'initial',
    vitals: { temperatureC: 37.4, heartRate: 96, oximetry: 98 },
    subjective: 'Evacuaciones líquidas cuatro veces desde ayer, sin sangre.',
    objective: 'Mucosas orales semihidratadas, abdomen blando, peristalsis aumentada.',
    analysis: 'Gastroenteritis aguda de probable origen infeccioso, deshidratación leve.',
    plan: 'Suero vida oral a libre demanda, dieta astringente, incapacidad de un día.',
    prescription: [
      {
        medicine: 'Paracetamol',
        dose: '500 mg',
        everyHours: 8,
        forDays: 2,
        indications: 'Solo si hay fiebre.',
      },
    ],
  },
  {
    code: 'L259',
    reason: 'Curación',
    type: 'initial',
    vitals: { heartRate: 74 },
    subjective: 'Comezón y enrojecimiento en ambas manos tras manejar solventes.',
    objective: 'Placas eritematosas con descamación fina en dorso de manos.',
    analysis: 'Dermatitis de contacto por exposición a solventes.',
    plan: 'Uso de guantes de nitrilo, evitar contacto con solventes, emolientes.',
    prescription: [],
  },
]

const DAY_MS = 86_400_000

/** The demo patients with consultations and how long ago each one was (days), newest last. */
const visitsOf = (index: number): number[] => [[75, 21], [40], [120, 33, 6], [12]][index % 4] as number[]

/**
 * Seeds consultations for a good share of the demo patients (issue 19): the sixty the doctor
 * and the nurse have in their care get one to three each, on dates relative to today, with the
 * tenant's reasons, CIE-10 diagnoses and medicines, Spanish notes, and now and then an
 * amendment. Does nothing when the tenant has consultations already.
 */
export async function seedDemoEncounters(
  tx: Tx,
  tenantId: string,
  patientIds: readonly string[],
  authors: { doctor: string; nurse: string },
  today = new Date(),
): Promise<number> {
  const [any] = await tx.select({ id: encounters.id }).from(encounters).limit(1)
  if (any) return 0
  const entries = await tx
    .select()
    .from(catalogueEntries)
    .where(
      and(
        inArray(catalogueEntries.catalogue, ['consultReason', 'diagnostics']),
        isNull(catalogueEntries.deletedAt),
      ),
    )
  const reasons = new Map(entries.filter((e) => e.catalogue === 'consultReason').map((e) => [e.name, e.id]))
  const diagnoses = new Map(entries.filter((e) => e.catalogue === 'diagnostics').map((e) => [e.code, e]))
  const medicineRows = await tx.select().from(medicines).where(isNull(medicines.deletedAt))
  const presentations = await tx
    .select()
    .from(medicinePresentations)
    .where(isNull(medicinePresentations.deletedAt))
  const lineOf = (line: ScenarioLine): PrescriptionLine | null => {
    const medicine = medicineRows.find((row) => row.name === line.medicine)
    const presentation = presentations.find(
      (row) => row.medicineId === medicine?.id && row.dose === line.dose,
    )
    if (!medicine || !presentation) return null
    return {
      id: uuidv7(),
      medicine_id: medicine.id,
      presentation_id: presentation.id,
      medicine_name: medicine.name,
      presentation_name: presentation.name,
      dose: presentation.dose,
      quantity: 1,
      unit: presentation.name === 'Inhalador' ? 'inhalation' : 'tablet',
      via: 'oral',
      every_hours: line.everyHours,
      for_days: line.forDays,
      indications: line.indications ?? null,
    }
  }

  let count = 0
  for (const [position, patientId] of patientIds.slice(2, 62).entries()) {
    // The doctor's patients (the first forty) are seen by the doctor; the nurse's others by her,
    // who records the consultation and leaves the prescription to the doctor.
    const author = position < 40 ? authors.doctor : authors.nurse
    for (const [visit, daysAgo] of visitsOf(position).entries()) {
      const scenario = SCENARIOS[(position + visit * 3) % SCENARIOS.length] as Scenario
      const diagnosis = diagnoses.get(scenario.code)
      const reasonId = reasons.get(scenario.reason)
      if (!diagnosis || !reasonId || !diagnosis.parentId) continue
      const startedAt = new Date(today.getTime() - daysAgo * DAY_MS)
      // Between 9:00 and 12:00 in central Mexico (UTC−6).
      startedAt.setUTCHours(15 + (position % 4), (position * 7) % 60, 0, 0)
      const remote = scenario.type === 'follow_up' && position % 3 === 0
      const diagnosisValue: Diagnosis = {
        code: scenario.code,
        name: diagnosis.name,
        affected_system_id: diagnosis.parentId,
      }
      const prescription =
        author === authors.doctor
          ? scenario.prescription.map(lineOf).filter((line): line is PrescriptionLine => line !== null)
          : []
      const weightKg = 58 + ((position * 13) % 40)
      const heightM = Math.round((1.55 + ((position * 7) % 30) / 100) * 100) / 100
      const amended = position % 10 === 4
      const id = uuidv7()
      const original = scenario.plan
      await tx.insert(encounters).values({
        tenantId,
        id,
        patientId,
        type: visit > 0 && scenario.type === 'initial' ? 'follow_up' : scenario.type,
        startedAt: startedAt.toISOString(),
        modality: remote ? 'remote' : 'on_site',
        callDuration: remote ? `00:${String(12 + (position % 15)).padStart(2, '0')}` : null,
        reasonId,
        weightKg: remote ? null : weightKg,
        heightM: remote ? null : heightM,
        temperatureC: remote ? null : (scenario.vitals.temperatureC ?? 36.5),
        oximetry: remote ? null : (scenario.vitals.oximetry ?? null),
        systolic: remote ? null : (scenario.vitals.systolic ?? null),
        diastolic: remote ? null : (scenario.vitals.diastolic ?? null),
        heartRate: remote ? null : (scenario.vitals.heartRate ?? null),
        respiratoryRate: remote ? null : 16 + (position % 4),
        glucose: remote ? null : (scenario.vitals.glucose ?? null),
        diagnoses: [diagnosisValue],
        subjective: scenario.subjective,
        objective: remote ? 'Consulta por videollamada; sin exploración física.' : scenario.objective,
        analysis: scenario.analysis,
        plan: amended ? `${original} Se agrega cita de control en dos semanas.` : original,
        prescription,
        version: amended ? 2 : 1,
        createdBy: author,
        updatedBy: author,
      })
      if (amended) {
        // NOM-004: the plan was completed after the consultation, and the note keeps both.
        await tx.insert(encounterAmendments).values({
          tenantId,
          id: uuidv7(),
          encounterId: id,
          version: 2,
          changes: {
            plan: { before: original, after: `${original} Se agrega cita de control en dos semanas.` },
          },
          amendedBy: author,
        })
      }
      await tx.insert(changeLog).values({
        tenantId,
        entity: 'encounter',
        entityId: id,
        op: 'upsert',
        version: amended ? 2 : 1,
        patientId,
      })
      count++
    }
  }
  // The dashboard's rows of these consultations (decision 0039), as the routes keep them.
  await rewriteDiagnosisRows(tx, null)
  return count
}
