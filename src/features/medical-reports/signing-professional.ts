import { call } from '../../api/client'
import { showPractitioner } from '../../contract/endpoints/practitioners'
import type { ReportAuthor } from '../../contract/schemas/report-amendments'
import type { LocalDb } from '../../db/local-db'

/**
 * The professional who signs a certificate as the server knows them — name, practitioner title,
 * cédula (issue 23: the PDF a company files states them) — kept in the device's `meta` from the
 * last `GET /practitioners/{id}` answered, so a certificate written offline names its signer as
 * the server will, and its PDF built here matches the server's. The database is the user's own.
 */
const SIGNER_KEY = 'report.signer'

export async function heldSigner(db: LocalDb, userId: string): Promise<ReportAuthor | null> {
  const held = (await db.meta.get(SIGNER_KEY))?.value as ReportAuthor | undefined // written below
  return held?.id === userId ? held : null
}

/**
 * Asks the server for the user as a practitioner (SPEC §7 `/practitioners/{id}`, decision 0036:
 * no patient's data is read for it) and keeps what it answers; answers the signer the device holds
 * afterwards. Never throws: offline, or for an account that is not a practitioner, the held copy
 * (or null) is the answer.
 */
export async function refreshSigner(db: LocalDb, userId: string): Promise<ReportAuthor | null> {
  try {
    const professional = await call(showPractitioner, { params: { id: userId } })
    await db.meta.put({ key: SIGNER_KEY, value: professional })
    return professional
  } catch {
    return heldSigner(db, userId)
  }
}
