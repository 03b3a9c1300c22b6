import { useLiveQuery } from 'dexie-react-hooks'
import { disabilityFiles, disabilitySignatureFiles } from '../../contract/endpoints/disabilities'
import { filesOf } from '../../db/files'
import type { LocalDb, LocalDisability, LocalFile, LocalPatient } from '../../db/local-db'

/** What a disability's screens read of the device: its patient, itself, its files. */
export interface DisabilityScreenData {
  /** Null when the device holds no live patient of that id. */
  patient: LocalPatient | null
  /** Null when asked for none, or the device holds no live disability of that id for the patient. */
  disability: LocalDisability | null
  /** The drawn signature the PDF prints: the newest of its owner (as the server picks it). */
  signature: LocalFile | null
  attachments: LocalFile[]
}

/** A disability held here for that patient, not deleted; null otherwise. */
export async function liveDisability(
  db: LocalDb,
  patientId: string,
  id: string,
): Promise<LocalDisability | null> {
  const row = await db.disabilities.get(id)
  return row && !row.deleted_at && row.patient_id === patientId ? row : null
}

/**
 * A disability's screen data as a live query (undefined while first read): an amendment, a file
 * kept or acknowledged, a pull reads it again. Works with no network.
 */
export function useDisabilityScreen(
  db: LocalDb | undefined,
  patientId: string,
  id: string | undefined,
): DisabilityScreenData | undefined {
  return useLiveQuery(async () => {
    if (!db) return undefined
    const patient = await db.patients.get(patientId)
    const disability = id ? await liveDisability(db, patientId, id) : null
    const [signatures, attachments] = disability
      ? await Promise.all([
          filesOf(db, disabilitySignatureFiles.kind, disability.id),
          filesOf(db, disabilityFiles.kind, disability.id),
        ])
      : [[], []]
    return {
      patient: patient && !patient.deleted_at ? patient : null,
      disability,
      signature: signatures.at(-1) ?? null,
      attachments,
    }
  }, [db, patientId, id])
}
