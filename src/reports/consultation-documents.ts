import { allCatalogueEntries } from '../catalogs/catalogue-entries'
import { readList } from '../catalogs/lists'
import type { EncounterWithAmendments } from '../contract/schemas/encounters'
import type { LocalDb, LocalEncounter } from '../db/local-db'
import { type ConsultationContext, consultationDocumentOf } from '../documents/consultation-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

export type ConsultationDocumentKind = 'note' | 'prescription'

/**
 * The patient's sex in words, from the cached reference lists as the server reads its own
 * (`encounter-documents.routes.ts`): the biological sex, else the gender. A device that holds no
 * name for the biological sex yet (its lists are from before they carried it) prints the gender's.
 * The cached lists are in the screen's language, which is the document's.
 */
export async function sexOf(db: LocalDb, patient: Record<string, unknown>) {
  const nameIn = async (list: 'biological-sexes' | 'genders', field: string) => {
    const code = typeof patient[field] === 'string' ? patient[field] : null
    if (!code) return null
    return (await readList(db, list)).find((item) => item.code === code)?.name ?? null
  }
  return (await nameIn('biological-sexes', 'biological_sex')) ?? (await nameIn('genders', 'gender'))
}

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
  const [patient, letterhead, reasons, systems] = await Promise.all([
    db.patients.get(encounter.patient_id),
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db)),
    allCatalogueEntries(db, 'consultReason'),
    allCatalogueEntries(db, 'affected_system'),
  ])
  const row = (patient ?? {}) as Record<string, unknown>
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null)
  return {
    language,
    timeZone,
    tenant: {
      name: letterhead?.name ?? '',
      logo: letterhead?.logo ?? null,
      address: letterhead?.address ?? null,
    },
    patient: {
      name: [text('name'), text('last_name'), text('second_last_name')].filter(Boolean).join(' '),
      birth_date: text('birth_date'),
      sex: await sexOf(db, row),
      curp: text('curp'),
    },
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
