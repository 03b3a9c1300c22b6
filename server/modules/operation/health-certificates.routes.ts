import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  amendCertificate,
  certificatePrefill,
  createCertificate,
  patientCertificates,
  showCertificate,
} from '../../../src/contract/endpoints/health-certificates'
import { certificateVitalSigns } from '../../../src/contract/rules/certificate-prefill'
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
   * sign replaced by a reading taken after it (`rules/certificate-prefill.ts`, which the device's
   * form opened offline follows too), and the professional who will sign, with title and cédula.
   * Audited as a read.
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
        // The latest reading of each kind; the shared rule keeps it only if taken after the consultation.
        const [pressure] = await tx
          .select()
          .from(bloodPressureReadings)
          .where(
            and(eq(bloodPressureReadings.patientId, params.patient), isNull(bloodPressureReadings.deletedAt)),
          )
          .orderBy(desc(bloodPressureReadings.takenAt))
          .limit(1)
        const [glucose] = await tx
          .select()
          .from(glucoseReadings)
          .where(and(eq(glucoseReadings.patientId, params.patient), isNull(glucoseReadings.deletedAt)))
          .orderBy(desc(glucoseReadings.takenAt))
          .limit(1)
        const [somatometry] = await tx
          .select()
          .from(somatometryReadings)
          .where(
            and(eq(somatometryReadings.patientId, params.patient), isNull(somatometryReadings.deletedAt)),
          )
          .orderBy(desc(somatometryReadings.takenAt))
          .limit(1)
        const signs = certificateVitalSigns(
          encounter
            ? {
                started_at: encounter.startedAt,
                weight_kg: encounter.weightKg,
                height_m: encounter.heightM,
                temperature_c: encounter.temperatureC,
                oximetry: encounter.oximetry,
                systolic: encounter.systolic,
                diastolic: encounter.diastolic,
                heart_rate: encounter.heartRate,
                respiratory_rate: encounter.respiratoryRate,
                glucose: encounter.glucose,
              }
            : null,
          {
            pressure: pressure && {
              taken_at: pressure.takenAt,
              systolic: pressure.systolic,
              diastolic: pressure.diastolic,
              heart_rate: pressure.heartRate,
            },
            glucose: glucose && { taken_at: glucose.takenAt, glucose: glucose.glucose },
            somatometry: somatometry && {
              taken_at: somatometry.takenAt,
              weight_kg: somatometry.weightKg,
              height_m: somatometry.heightM,
            },
          },
        )
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
