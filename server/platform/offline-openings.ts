import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { OfflineOpening, OfflineOpeningRequest } from '../../src/contract/schemas/offline-openings'
import { patients } from '../db/schema'
import { assignedUserOf, isAssigned } from './assignment-scope'
import { NotFoundError } from './errors'
import { idempotent } from './idempotency'

/** The audit action of each screen's offline opening, beside its online read's. */
export type OfflineOpeningAction = 'digital-record.read-offline' | 'patient.read-offline'

/**
 * Records a screen of the patient's record opened offline (decision 0038). The access happened,
 * so it is recorded even when the patient has left the caller's care since (refusing would leave
 * the device's note rejected for good, and the log short of a real access); whether they still
 * are goes with it. A patient of another tenant is not found (row-level security).
 */
export const recordOfflineOpening = (
  req: FastifyRequest,
  action: OfflineOpeningAction,
  patientId: string,
  note: OfflineOpeningRequest,
): Promise<OfflineOpening> =>
  // Claimed under its Idempotency-Key: a note resent after a lost answer is logged once.
  idempotent(req, async (tx, claim) => {
    await claim.take(tx)
    const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId))
    if (!patient) throw new NotFoundError()
    const assignedUser = assignedUserOf(req)
    await req.audit(tx, {
      action,
      entity: 'patient',
      entityId: patientId,
      details: {
        opening_id: note.id,
        opened_at: note.opened_at,
        in_care: assignedUser === null || (await isAssigned(tx, assignedUser, patientId)),
      },
    })
    return { ...note, patient_id: patientId, version: 1 }
  })
