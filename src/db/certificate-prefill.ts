import Dexie from 'dexie'
import { type CertificateSigns, certificateVitalSigns } from '../contract/rules/certificate-prefill'
import type { Diagnosis } from '../contract/schemas/encounters'
import type { LocalDb, LocalReading } from './local-db'
import { latestReading } from './readings'

/**
 * What a new health status certificate starts from, read from the device as the server's
 * get-create reads its tables (issue 23): the patient's latest consultation (its diagnoses, and
 * the consultation the certificate is based on) and the vital signs the shared rule takes from it
 * and the readings taken since. Works offline.
 */
export interface DeviceCertificatePrefill {
  encounter: { id: string; started_at: string; diagnoses: Diagnosis[] } | null
  vital_signs: CertificateSigns
}

const number = (reading: LocalReading | null, field: string) =>
  typeof reading?.[field] === 'number' ? (reading[field] as number) : null

export async function certificatePrefillOnDevice(
  db: LocalDb,
  patientId: string,
): Promise<DeviceCertificatePrefill> {
  const [encounter, pressure, glucose, somatometry] = await Promise.all([
    db.encounters
      .where('[patient_id+started_at]')
      .between([patientId, Dexie.minKey], [patientId, Dexie.maxKey], true, true)
      .reverse()
      .filter((row) => !row.deleted_at)
      .first(),
    latestReading(db, patientId, 'blood-pressure'),
    latestReading(db, patientId, 'glucose'),
    latestReading(db, patientId, 'somatometry'),
  ])
  const systolic = number(pressure, 'systolic')
  const diastolic = number(pressure, 'diastolic')
  const glucoseValue = number(glucose, 'glucose')
  const vital_signs = certificateVitalSigns(
    encounter
      ? {
          started_at: encounter.started_at,
          weight_kg: encounter.weight_kg as number | null | undefined,
          height_m: encounter.height_m as number | null | undefined,
          temperature_c: encounter.temperature_c as number | null | undefined,
          oximetry: encounter.oximetry as number | null | undefined,
          systolic: encounter.systolic as number | null | undefined,
          diastolic: encounter.diastolic as number | null | undefined,
          heart_rate: encounter.heart_rate as number | null | undefined,
          respiratory_rate: encounter.respiratory_rate as number | null | undefined,
          glucose: encounter.glucose as number | null | undefined,
        }
      : null,
    {
      pressure:
        pressure && systolic !== null && diastolic !== null
          ? { taken_at: pressure.taken_at, systolic, diastolic, heart_rate: number(pressure, 'heart_rate') }
          : null,
      glucose:
        glucose && glucoseValue !== null ? { taken_at: glucose.taken_at, glucose: glucoseValue } : null,
      somatometry: somatometry && {
        taken_at: somatometry.taken_at,
        weight_kg: number(somatometry, 'weight_kg'),
        height_m: number(somatometry, 'height_m'),
      },
    },
  )
  return {
    encounter: encounter
      ? { id: encounter.id, started_at: encounter.started_at, diagnoses: encounter.diagnoses }
      : null,
    vital_signs,
  }
}
