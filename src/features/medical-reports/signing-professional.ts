import { call } from '../../api/client'
import { certificatePrefill } from '../../contract/endpoints/health-certificates'
import type { CertificatePrefill } from '../../contract/schemas/health-certificates'
import type { ReportAuthor } from '../../contract/schemas/report-amendments'
import type { LocalDb } from '../../db/local-db'

/**
 * The professional who signs a certificate as the server knows them — name, practitioner title,
 * cédula (issue 23: the PDF a company files states them) — kept in the device's `meta` from the
 * last get-create answered, so a certificate written offline names its signer as the server
 * will, and its PDF built here matches the server's. The database is the user's own.
 */
const SIGNER_KEY = 'report.signer'

export async function heldSigner(db: LocalDb, userId: string): Promise<ReportAuthor | null> {
  const held = (await db.meta.get(SIGNER_KEY))?.value as ReportAuthor | undefined // written below
  return held?.id === userId ? held : null
}

/**
 * Asks the server's get-create for the patient (an audited read of the prefill, SPEC §7) and keeps
 * the signer it names; answers the signer the device holds afterwards. Never throws: offline, the
 * held copy (or null) is the answer.
 */
export async function refreshSigner(
  db: LocalDb,
  userId: string,
  patientId: string,
): Promise<ReportAuthor | null> {
  try {
    // The route answers the contract's CertificatePrefill (its endpoint declares no response schema).
    const { professional } = (await call(certificatePrefill, {
      params: { patient: patientId },
    })) as CertificatePrefill
    await db.meta.put({ key: SIGNER_KEY, value: professional })
    return professional.id === userId ? professional : null
  } catch {
    // No network, or a patient the server has not received yet: the held signer stands.
    return heldSigner(db, userId)
  }
}
