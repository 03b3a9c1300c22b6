import { readList } from '../catalogs/lists'
import { currentClassification } from '../db/covid'
import type { LocalCovidConsultation, LocalDb } from '../db/local-db'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import {
  type StoredTriage,
  type TriageContext,
  type TriageListNames,
  triageDocumentOf,
} from '../documents/triage-document'
import { sexOf } from './document-frame'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

const LISTS = [
  'covid-statuses',
  'cases-general',
  'initial-symptoms',
  'other-sintoms',
  'supplemental-oxygens',
  'consciousness-states',
  'chronic-degenerative-diseases',
  'immunocompromises',
] as const satisfies ReadonlyArray<keyof TriageListNames>

/**
 * What the triage note needs beyond the row, read from the device's cache as the server reads it
 * from its tables: the letterhead, the patient, and the lists' names (in the screen's language,
 * which is the document's).
 */
async function contextOf(
  db: LocalDb,
  triage: LocalCovidConsultation,
  language: DocumentLanguage,
  timeZone: string,
): Promise<TriageContext> {
  const [patient, letterhead, ...lists] = await Promise.all([
    db.patients.get(triage.patient_id),
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db)),
    ...LISTS.map((list) => readList(db, list)),
  ])
  const row = (patient ?? {}) as Record<string, unknown>
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null)
  return {
    language,
    timeZone,
    tenant: { name: letterhead?.name ?? '', logo: letterhead?.logo ?? null, address: null },
    patient: {
      name: [text('name'), text('last_name'), text('second_last_name')].filter(Boolean).join(' '),
      birth_date: text('birth_date'),
      sex: await sexOf(db, row),
      curp: text('curp'),
    },
    lists: Object.fromEntries(
      LISTS.map((list, index) => [list, new Map((lists[index] ?? []).map((item) => [item.code, item.name]))]),
    ),
  }
}

/**
 * A triage consultation's note built on the device from its row and the cache (issue 20), through
 * the mapping the server's `GET /medic-consultation/pdf` is to use, so both print the same bytes
 * for the same record in the same zone. Needs no network; jsPDF loads here only. A row the server
 * has not answered yet is dated by its own consultation and shows the classification the device
 * shows now.
 */
export async function triageDocumentFromDevice(
  db: LocalDb,
  triage: LocalCovidConsultation,
  language: DocumentLanguage,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const context = await contextOf(db, triage, language, timeZone)
  const reclassifications = await db.covidReclassifications
    .where('patient_id')
    .equals(triage.patient_id)
    .toArray()
  const latest = await db.covidConsultations.where('patient_id').equals(triage.patient_id).toArray()
  const isLast = latest.every((other) => other.consulted_at <= triage.consulted_at)
  const stored = {
    ...triage,
    news2_score: triage.news2_score ?? 0,
    chosen_classification: triage.chosen_classification ?? triage.classification,
    // Only the last consultation takes a reclassification (SPEC §4): a queued one shows on it.
    classification: isLast ? currentClassification(triage, reclassifications) : triage.classification,
    author: triage.author ?? null,
    updated_at: typeof triage.updated_at === 'string' ? triage.updated_at : triage.consulted_at,
  } as unknown as StoredTriage // the row holds the API's fields under their own names
  const { buildTriageNotePdf } = await import('../documents/triage-note-pdf')
  return buildTriageNotePdf(triageDocumentOf(stored, context))
}

/** Builds the note on the device and saves it as a download; answers the file's name. */
export async function downloadTriageDocument(
  db: LocalDb,
  triage: LocalCovidConsultation,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await triageDocumentFromDevice(db, triage, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
