import { call } from '../../api/client'
import { currentConnection } from '../../api/connection'
import { ApiError } from '../../api/errors'
import { validateCurp, validateCurpOfPatient } from '../../contract/endpoints/operation'
import { isValidCurp } from '../../contract/rules/curp'
import type { LocalDb } from '../../db/local-db'

/** Who else holds a CURP, as far as this device can tell. */
export interface CurpHolder {
  patientId: string | null
  active: boolean
}

/** How long the CURP check waits for the server before asking the device's cache instead. */
const SERVER_WAIT_MS = 5_000

/**
 * The patient other than `exceptId` who holds `curp`, or null when it is free. Online the
 * server answers for the whole tenant; offline (or when it does not answer in time) the
 * device's cached patients do, and the server checks again when the record is sent.
 */
export async function curpHolder(
  db: LocalDb,
  typed: string,
  exceptId: string | null,
): Promise<CurpHolder | null> {
  const curp = typed.trim().toUpperCase()
  if (!isValidCurp(curp)) return null
  if (currentConnection() !== 'offline') {
    try {
      const signal = AbortSignal.timeout(SERVER_WAIT_MS)
      const check = exceptId
        ? await call(validateCurpOfPatient, { params: { curp, id: exceptId }, signal })
        : await call(validateCurp, { params: { curp }, signal })
      return check.available ? null : { patientId: check.patient_id, active: check.active === true }
    } catch (error) {
      // A refusal (no permission, an invalid CURP) is the server's answer; anything else means no answer.
      if (error instanceof ApiError) return null
    }
  }
  const holder = await db.patients
    .where('curp')
    .equals(curp)
    .filter((patient) => patient.id !== exceptId && !patient.deleted_at)
    .first()
  return holder ? { patientId: holder.id, active: holder.administrative_status === 'active' } : null
}
