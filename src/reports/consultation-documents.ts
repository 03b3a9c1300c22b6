import { allCatalogueEntries } from '../catalogs/catalogue-entries'
import type { EncounterWithAmendments } from '../contract/schemas/encounters'
import type { LocalDb, LocalEncounter } from '../db/local-db'
import { type ConsultationContext, consultationDocumentOf } from '../documents/consultation-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { documentFrameOf } from './document-frame'
import { saveFile } from './save-file'

export type ConsultationDocumentKind = 'note' | 'prescription'

/**
 * What the consultation's documents need beyond the row, read from the device's cache as the
 * server reads it from its tables (`encounter-documents.routes.ts`): the letterhead, the patient,
 * and the names of the reason and the affected systems (inactive ones too: an old note keeps them).
 */
async function contextOf(
  db: LocalDb,
  encounter: LocalEncounter,
  language: DocumentLanguage,
  timeZone: string,
): Promise<ConsultationContext> {
  const [frame, reasons, systems] = await Promise.all([
    documentFrameOf(db, encounter.patient_id, language, timeZone),
    allCatalogueEntries(db, 'consultReason'),
    allCatalogueEntries(db, 'affected_system'),
  ])
  return {
    ...frame,
    reason: reasons.find((entry) => entry.id === encounter.reason_id)?.name ?? null,
    systems: new Map(systems.map((entry) => [entry.id, entry.name])),
  }
}

/**
 * A consultation's note or prescription built on the device from its row and the cache (issue 19,
 * decision 0024), through the mapping the server's downloads use, so the bytes are the server's
 * for the same consultation asked in the same time zone. Needs no network; jsPDF loads here only.
 */
export async function consultationDocumentFromDevice(
  db: LocalDb,
  encounter: LocalEncounter,
  kind: ConsultationDocumentKind,
  language: DocumentLanguage,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const context = await contextOf(db, encounter, language, timeZone)
  // A row the server has not answered yet has no history and no server dates: its own fields stand.
  const stored = {
    ...encounter,
    amendments: encounter.amendments ?? [],
    updated_at: typeof encounter.updated_at === 'string' ? encounter.updated_at : encounter.started_at,
  } as unknown as EncounterWithAmendments
  const input = consultationDocumentOf(stored, context)
  if (kind === 'prescription') {
    const { buildPrescriptionPdf } = await import('../documents/prescription-pdf')
    return buildPrescriptionPdf(input)
  }
  const { buildConsultationNotePdf } = await import('../documents/consultation-note-pdf')
  return buildConsultationNotePdf(input)
}

/** Builds the document on the device and saves it as a download; answers the file's name. */
export async function downloadConsultationDocument(
  db: LocalDb,
  encounter: LocalEncounter,
  kind: ConsultationDocumentKind,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await consultationDocumentFromDevice(db, encounter, kind, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
