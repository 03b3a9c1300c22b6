import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  amendCertificate,
  certificatePrefill,
  createCertificate,
  patientCertificates,
  showCertificate,
} from '../../../src/contract/endpoints/health-certificates'
import type { CertificatePrefill } from '../../../src/contract/schemas/health-certificates'
import {
  bloodPressureReadings,
  encounters,
  glucoseReadings,
  patients,
  somatometryReadings,
} from '../../db/schema'
import { assertLivePatientInScope } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { authorsOf } from './encounters'
import { reportRoutes } from './medical-report.routes'
import { HEALTH_CERTIFICATE } from './report-kinds'

type Signs = CertificatePrefill['vital_signs']

/**
 * Health status certificates (SPEC §7 `certificate-health-status`, issue 23): get-create, and the
 * shared report calls — list, create, show, amendment (SPEC's update). SPEC gives no delete.
 */
export async function healthCertificateRoutes(app: FastifyInstance) {
  reportRoutes(app, HEALTH_CERTIFICATE, {
    list: patientCertificates,
    create: createCertificate,
    show: showCertificate,
    amend: amendCertificate,
  })

  /**
   * What a new certificate starts from: the latest consultation's vital signs and diagnoses, each
   * sign replaced by a reading taken after it (the patient's own blood pressure, glucose or
   * somatometry), and the professional who will sign, with title and cédula. Audited as a read.
   */
  route(
    app,
    certificatePrefill,
    async ({ params }, req): Promise<CertificatePrefill> =>
      req.withTenant(async (tx) => {
        await assertLivePatientInScope(tx, req, params.patient)
        const [patient] = await tx.select().from(patients).where(eq(patients.id, params.patient))
        if (!patient) throw new NotFoundError()
        const [encounter] = await tx
          .select()
          .from(encounters)
          .where(and(eq(encounters.patientId, params.patient), isNull(encounters.deletedAt)))
          .orderBy(desc(encounters.startedAt), desc(encounters.id))
          .limit(1)
        const signs: Signs = {
          weight_kg: encounter?.weightKg ?? null,
          height_m: encounter?.heightM ?? null,
          temperature_c: encounter?.temperatureC ?? null,
          oximetry: encounter?.oximetry ?? null,
          systolic: encounter?.systolic ?? null,
          diastolic: encounter?.diastolic ?? null,
          heart_rate: encounter?.heartRate ?? null,
          respiratory_rate: encounter?.respiratoryRate ?? null,
          glucose: encounter?.glucose ?? null,
        }
        const since = encounter ? Date.parse(encounter.startedAt) : Number.NEGATIVE_INFINITY
        const newer = (takenAt: string) => Date.parse(takenAt) > since
        const latest = async <T extends { takenAt: string }>(rows: Promise<T[]>) =>
          (await rows).find((row) => newer(row.takenAt))
        const pressure = await latest(
          tx
            .select()
            .from(bloodPressureReadings)
            .where(
              and(
                eq(bloodPressureReadings.patientId, params.patient),
                isNull(bloodPressureReadings.deletedAt),
              ),
            )
            .orderBy(desc(bloodPressureReadings.takenAt))
            .limit(1),
        )
        if (pressure) {
          signs.systolic = pressure.systolic
          signs.diastolic = pressure.diastolic
          signs.heart_rate = pressure.heartRate ?? signs.heart_rate
        }
        const glucose = await latest(
          tx
            .select()
            .from(glucoseReadings)
            .where(and(eq(glucoseReadings.patientId, params.patient), isNull(glucoseReadings.deletedAt)))
            .orderBy(desc(glucoseReadings.takenAt))
            .limit(1),
        )
        if (glucose) signs.glucose = glucose.glucose
        const somatometry = await latest(
          tx
            .select()
            .from(somatometryReadings)
            .where(
              and(eq(somatometryReadings.patientId, params.patient), isNull(somatometryReadings.deletedAt)),
            )
            .orderBy(desc(somatometryReadings.takenAt))
            .limit(1),
        )
        if (somatometry) {
          signs.weight_kg = somatometry.weightKg ?? signs.weight_kg
          signs.height_m = somatometry.heightM ?? signs.height_m
        }
        const userId = req.user?.id as string
        const professional = (await authorsOf(tx, [userId])).get(userId) ?? {
          id: userId,
          name: '',
          title: null,
          professional_license: null,
        }
        await req.audit(tx, {
          action: 'health-certificate.prefill',
          entity: 'patient',
          entityId: params.patient,
        })
        return {
          patient_id: patient.id,
          patient_name: [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
          encounter: encounter
            ? {
                id: encounter.id,
                started_at: new Date(Date.parse(encounter.startedAt)).toISOString(),
                diagnoses: encounter.diagnoses,
              }
            : null,
          vital_signs: signs,
          professional,
        }
      }),
  )
}
