import { readRecordNames } from '../catalogs/record-names'
import type { DigitalRecord } from '../contract/schemas/digital-record'
import type { LocalDb } from '../db/local-db'
import type { DigitalRecordContext } from '../documents/digital-record-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { sexOf } from './document-frame'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/** What the record's document needs beyond the record, from the device's cache. */
async function contextOf(
  db: LocalDb,
  record: DigitalRecord,
  language: DocumentLanguage,
  timeZone: string,
): Promise<DigitalRecordContext> {
  const [letterhead, names, specialLabels, sex] = await Promise.all([
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db)),
    readRecordNames(db),
    db.specialLabels.toArray(),
    sexOf(db, record.patient as unknown as Record<string, unknown>), // read by field name
  ])
  return {
    language,
    timeZone,
    tenant: {
      name: letterhead?.name ?? '',
      logo: letterhead?.logo ?? null,
      address: letterhead?.address ?? null,
    },
    names,
    sex,
    specialLabels,
    now: new Date(),
  }
}

/**
 * The patient's whole digital record as one PDF built on the device (issue 24), from the record
 * the page shows (read from the cache, or the server's answer for a patient the device does not
 * hold) through the mapping the server's `clinical-history download` uses, so both print the same
 * bytes for the same rows in the same zone. Needs no network; jsPDF loads here only.
 */
export async function digitalRecordDocument(
  db: LocalDb,
  record: DigitalRecord,
  language: DocumentLanguage,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const context = await contextOf(db, record, language, timeZone)
  const [{ digitalRecordDocumentOf }, { buildDigitalRecordPdf }] = await Promise.all([
    import('../documents/digital-record-document'),
    import('../documents/digital-record-pdf'),
  ])
  return buildDigitalRecordPdf(digitalRecordDocumentOf(record, context))
}

/** Builds the record's PDF on the device and saves it as a download; answers the file's name. */
export async function downloadDigitalRecord(
  db: LocalDb,
  record: DigitalRecord,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await digitalRecordDocument(db, record, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
