import { readList } from '../catalogs/lists'
import type { ReadingKind } from '../contract/schemas/readings'
import type { LocalDb } from '../db/local-db'
import { buildReadingsPdf, type KindLog } from '../documents/self-tracking-pdf'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/** Whose log, of which kind, for which days (YYYY-MM-DD, both included), in which language. */
export interface ReadingsPdfRequest {
  kind: ReadingKind
  patient: { id: string; name: string; curp: string | null }
  from: string
  to: string
  language: DocumentLanguage
}

/**
 * A patient's self-tracking log as a PDF from what the device holds (issue 7): the readings in
 * Dexie (pending ones included: the patient sees what they recorded offline), the cached
 * blood-pressure ranges and the cached letterhead. Needs no network.
 */
export async function readingsPdfFromDevice(
  db: LocalDb,
  request: ReadingsPdfRequest,
  generatedAt = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const rows = await db.readings
    .where('patient_id')
    .equals(request.patient.id)
    .filter((row) => row.kind === request.kind)
    .toArray()
  const letterhead = (await readLetterhead(db)) ?? (await refreshLetterhead(db))
  return buildReadingsPdf({
    // Each row of this kind carries its kind's fields: the mutator checked them with the contract.
    ...({ kind: request.kind, rows } as unknown as KindLog),
    from: request.from,
    to: request.to,
    tenant: { name: letterhead?.name ?? '', logo: letterhead?.logo ?? null },
    patient: { name: request.patient.name, curp: request.patient.curp },
    language: request.language,
    bloodPressureRanges: await readList(db, 'blood-pressure-ranges'),
    generatedAt,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  })
}

/** Builds the log on the device and saves it as a download; answers the file's name. */
export async function downloadReadingsPdf(db: LocalDb, request: ReadingsPdfRequest): Promise<string> {
  const { bytes, fileName } = await readingsPdfFromDevice(db, request)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
