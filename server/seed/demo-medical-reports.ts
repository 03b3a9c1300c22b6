import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { assignedDays } from '../../src/contract/rules/disability-days'
import type { CertificateResult } from '../../src/contract/rules/health-certificate'
import { employerPartOf } from '../../src/contract/rules/incident-report-prefill'
import type { Tx } from '../db/client'
import {
  catalogueEntries,
  changeLog,
  disabilities,
  healthCertificates,
  incidentReports,
  patients,
  shortHistories,
  tenants,
  users,
} from '../db/schema'

const DAY_MS = 86_400_000

/** A day `daysAgo` before `today`, as YYYY-MM-DD (a negative count is a day to come). */
const dayBefore = (today: Date, daysAgo: number) =>
  new Date(today.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10)

interface Illness {
  cause: string
  reason: string
  control: string | null
  days: number
  workRisk: boolean
  /** The ST-7's accident, for a work risk. */
  accident?: {
    place: string
    activity: string
    description: string
    code: string
    diagnosis: string
    injuries: string
    bodyPart: string
    treatment: string
  }
}

const ILLNESSES: readonly Illness[] = [
  {
    cause: 'Infección respiratoria aguda',
    reason: 'Faringoamigdalitis con fiebre',
    control: null,
    days: 3,
    workRisk: false,
  },
  {
    cause: 'Esguince de tobillo derecho',
    reason: 'Lesión en el almacén durante la descarga',
    control: 'Señalizar y secar el piso del andén; calzado antiderrapante obligatorio.',
    days: 14,
    workRisk: true,
    accident: {
      place: 'Andén de carga del almacén',
      activity: 'Descargaba cajas de un camión',
      description: 'Pisó una zona mojada del andén, resbaló y se torció el tobillo derecho.',
      code: 'S934',
      diagnosis: 'Esguince y torcedura del tobillo',
      injuries: 'Esguince grado II con edema',
      bodyPart: 'Tobillo derecho',
      treatment: 'Férula posterior, hielo local, paracetamol 500 mg cada 8 horas',
    },
  },
  {
    cause: 'Lumbalgia mecánica',
    reason: 'Dolor lumbar tras levantar carga',
    control: 'Capacitación en manejo manual de cargas.',
    days: 7,
    workRisk: false,
  },
  {
    cause: 'Herida cortante en mano izquierda',
    reason: 'Corte con lámina en la línea de troquelado',
    control: 'Guantes anticorte nivel 5 en el troquelado.',
    days: 5,
    workRisk: true,
    accident: {
      place: 'Línea 2 de troquelado',
      activity: 'Retiraba rebaba de una pieza recién cortada',
      description: 'El borde de la lámina le cortó la palma izquierda al retirar la pieza sin guante.',
      code: 'S610',
      diagnosis: 'Herida de dedo(s) de la mano, sin daño de la(s) uña(s)',
      injuries: 'Herida cortante de 3 cm',
      bodyPart: 'Mano izquierda',
      treatment: 'Lavado, sutura con 4 puntos, toxoide tetánico',
    },
  },
  {
    cause: 'Gastroenteritis aguda',
    reason: 'Diarrea y vómito con deshidratación leve',
    control: null,
    days: 2,
    workRisk: false,
  },
]

const HISTORY_REASONS = [
  ['occupational', 'Valoración por cambio de puesto a montacargas'],
  ['return_to_work', 'Reincorporación tras incapacidad'],
  ['general', 'Revisión general solicitada por el trabajador'],
  ['contractor', 'Ingreso de personal de contratista de mantenimiento'],
] as const

const CERTIFICATES: readonly { result: CertificateResult; restrictions: string | null; purpose: string }[] = [
  { result: 'fit', restrictions: null, purpose: 'Trabajo en alturas' },
  {
    result: 'fit_with_restrictions',
    restrictions: 'No cargar más de 10 kg durante 30 días.',
    purpose: 'Reincorporación laboral',
  },
  { result: 'fit', restrictions: null, purpose: 'Manejo de montacargas' },
  { result: 'not_fit', restrictions: null, purpose: 'Espacios confinados' },
]

/**
 * Seeds the medical reports of issue 23 for the demo tenant, on dates relative to today: for the
 * doctor's patients, disabilities (some of them work risks with their ST-7, a few back to back),
 * health status certificates and short clinical histories, written by the doctor, each fed to the
 * devices. Does nothing when the tenant has disabilities already, so a demo made before gets them
 * once. Answers how many reports it wrote.
 */
export async function seedDemoMedicalReports(tx: Tx, tenantId: string, today = new Date()): Promise<number> {
  const [any] = await tx.select({ id: disabilities.id }).from(disabilities).limit(1)
  if (any) return 0
  const [doctor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'doctor@demo.localhost'))
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId))
  if (!doctor || !tenant) return 0
  // The demo's patients in the order they were made (UUIDv7 ids); the doctor's are the 3rd to the 42nd.
  const people = (
    await tx.select().from(patients).where(isNull(patients.deletedAt)).orderBy(asc(patients.id))
  ).slice(2, 42)
  const entries = await tx
    .select()
    .from(catalogueEntries)
    .where(
      and(
        inArray(catalogueEntries.catalogue, ['incapacityType', 'incapacityStatus', 'subgroups.items']),
        isNull(catalogueEntries.deletedAt),
      ),
    )
  const entry = (catalogue: string, name: string) =>
    entries.find((e) => e.catalogue === catalogue && e.name === name)?.id
  const general = entry('incapacityType', 'Enfermedad general')
  const workRisk = entry('incapacityType', 'Riesgo de trabajo')
  const initial = entry('incapacityStatus', 'Inicial')
  const subsequent = entry('incapacityStatus', 'Subsecuente')
  const discharged = entry('incapacityStatus', 'Alta')
  if (!general || !workRisk || !initial || !subsequent || !discharged) return 0
  const shiftOf = (ids: readonly string[]) => entries.find((e) => ids.includes(e.id))?.name ?? null
  const authored = { createdBy: doctor.id, updatedBy: doctor.id }
  const fed: {
    entity: 'short-history' | 'health-certificate' | 'disability' | 'incident-report'
    id: string
    patientId: string
  }[] = []

  for (const [position, patient] of people.slice(0, 24).entries()) {
    const illness = ILLNESSES[position % ILLNESSES.length] as Illness
    const start = dayBefore(today, 8 + position * 11)
    const end = dayBefore(today, 8 + position * 11 - illness.days + 1)
    const id = uuidv7()
    await tx.insert(disabilities).values({
      tenantId,
      id,
      patientId: patient.id,
      cause: illness.cause,
      controlMeasures: illness.control,
      reason: illness.reason,
      startDate: start,
      endDate: end,
      typeId: illness.workRisk ? workRisk : general,
      issuer: position % 5 === 4 ? 'company' : 'imss',
      statusId: end < dayBefore(today, 0) ? discharged : initial,
      assignedNumber: position % 5 === 4 ? null : `LM${String(482_310 + position * 37).padStart(7, '0')}`,
      assignedDays: assignedDays(start, end) as number,
      comments:
        position % 3 === 0 ? 'Entregó el certificado de incapacidad original en Recursos Humanos.' : null,
      ...authored,
    })
    fed.push({ entity: 'disability', id, patientId: patient.id })
    // Now and then the illness runs on: a subsequent disability starting the day after the first.
    if (position % 6 === 2) {
      const nextStart = dayBefore(today, 8 + position * 11 - illness.days)
      const nextEnd = dayBefore(today, 8 + position * 11 - illness.days - 4)
      const next = uuidv7()
      await tx.insert(disabilities).values({
        tenantId,
        id: next,
        patientId: patient.id,
        cause: illness.cause,
        controlMeasures: illness.control,
        reason: `${illness.reason} (subsecuente)`,
        startDate: nextStart,
        endDate: nextEnd,
        typeId: illness.workRisk ? workRisk : general,
        issuer: 'imss',
        statusId: subsequent,
        assignedNumber: `LM${String(590_011 + position * 41).padStart(7, '0')}`,
        assignedDays: assignedDays(nextStart, nextEnd) as number,
        comments: null,
        ...authored,
      })
      fed.push({ entity: 'disability', id: next, patientId: patient.id })
    }
    const accident = illness.accident
    if (accident) {
      const report = uuidv7()
      await tx.insert(incidentReports).values({
        tenantId,
        id: report,
        patientId: patient.id,
        employer: employerPartOf({
          business_name: tenant.businessName,
          employer_registration: tenant.employerRegistration,
          address: {
            street: tenant.addressStreet,
            city: tenant.addressCity,
            state: tenant.addressState,
            postal_code: tenant.addressPostalCode,
            phone: null,
          },
        }),
        worker: {
          name: [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
          nss: patient.nss,
          curp: patient.curp,
          occupation: position % 2 === 0 ? 'Almacenista' : 'Operador de troqueladora',
          shift: shiftOf(patient.subgroups),
          hire_date: patient.hireDate,
        },
        accidentKind: 'at_work',
        occurredOn: start,
        occurredAt: `${String(7 + (position % 8)).padStart(2, '0')}:${String((position * 13) % 60).padStart(2, '0')}`,
        place: accident.place,
        activity: accident.activity,
        description: accident.description,
        witnesses: position % 2 === 0 ? 'Supervisor de turno' : null,
        attendedOn: start,
        attendedAt: `${String(8 + (position % 8)).padStart(2, '0')}:${String((position * 13) % 60).padStart(2, '0')}`,
        diagnosisCode: accident.code,
        diagnosisName: accident.diagnosis,
        injuries: accident.injuries,
        bodyPart: accident.bodyPart,
        treatment: accident.treatment,
        disabilityId: id,
        probableQualification: 'work_related',
        observations: null,
        ...authored,
      })
      fed.push({ entity: 'incident-report', id: report, patientId: patient.id })
    }
  }

  for (const [position, patient] of people.slice(10, 30).entries()) {
    const certificate = CERTIFICATES[position % CERTIFICATES.length] as (typeof CERTIFICATES)[number]
    const issued = dayBefore(today, 3 + position * 6)
    const id = uuidv7()
    await tx.insert(healthCertificates).values({
      tenantId,
      id,
      patientId: patient.id,
      issuedOn: issued,
      result: certificate.result,
      validFrom: issued,
      validTo: dayBefore(today, 3 + position * 6 - 180),
      restrictions: certificate.restrictions,
      purpose: certificate.purpose,
      observations:
        certificate.result === 'not_fit' ? 'Presión arterial no controlada; revalorar en 30 días.' : null,
      weightKg: 62 + ((position * 7) % 30),
      heightM: Math.round((1.58 + ((position * 3) % 25) / 100) * 100) / 100,
      systolic: certificate.result === 'not_fit' ? 162 : 118 + (position % 12),
      diastolic: certificate.result === 'not_fit' ? 101 : 74 + (position % 8),
      heartRate: 68 + (position % 14),
      ...authored,
    })
    fed.push({ entity: 'health-certificate', id, patientId: patient.id })
  }

  for (const [position, patient] of people.slice(20, 36).entries()) {
    const [type, reason] = HISTORY_REASONS[
      position % HISTORY_REASONS.length
    ] as (typeof HISTORY_REASONS)[number]
    const id = uuidv7()
    await tx.insert(shortHistories).values({
      tenantId,
      id,
      patientId: patient.id,
      type,
      recordedOn: dayBefore(today, 5 + position * 9),
      reason,
      familyHistory:
        position % 2 === 0
          ? 'Padre con hipertensión arterial; madre con diabetes tipo 2.'
          : 'Sin antecedentes de importancia.',
      personalHistory:
        position % 3 === 0
          ? 'Apendicectomía a los 15 años. Niega alergias.'
          : 'Niega enfermedades crónicas y alergias.',
      occupationalHistory: 'Cinco años en manufactura; exposición a ruido en línea de ensamble.',
      currentCondition:
        type === 'return_to_work' ? 'Asintomático tras el término de su incapacidad.' : 'Asintomático.',
      physicalExploration: 'Consciente, orientado, cardiopulmonar sin compromiso, marcha normal.',
      weightKg: 60 + ((position * 11) % 35),
      heightM: Math.round((1.6 + ((position * 5) % 22) / 100) * 100) / 100,
      systolic: 112 + (position % 18),
      diastolic: 70 + (position % 12),
      heartRate: 66 + (position % 16),
      impression: 'Clínicamente sano para las actividades de su puesto.',
      plan: type === 'occupational' ? 'Audiometría de control en seis meses.' : null,
      ...authored,
    })
    fed.push({ entity: 'short-history', id, patientId: patient.id })
  }

  if (fed.length > 0) {
    await tx.insert(changeLog).values(
      fed.map((record) => ({
        tenantId,
        entity: record.entity,
        entityId: record.id,
        op: 'upsert' as const,
        version: 1,
        patientId: record.patientId,
      })),
    )
  }
  return fed.length
}
