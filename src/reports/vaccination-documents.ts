import { readList } from '../catalogs/lists'
import type { LocalDb } from '../db/local-db'
import { vaccinationRecordsOf } from '../db/vaccination-due'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { vaccinationCardOf } from '../documents/vaccination-card'
import { type VaccinationIndexRow, vaccinationSheet } from '../documents/vaccination-rows'
import { sexOf } from './document-frame'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * A patient's vaccination card built on the device from its cache (issue 21), through the mapping
 * the server's `GET /vaccination/user/pdf` uses (`vaccinationCardOf`), so both print the same card
 * for the same records, catalogue and moment. Needs no network; jsPDF loads here only. Null when
 * the patient is not on this device.
 */
export async function vaccinationCardFromDevice(
  db: LocalDb,
  patientId: string,
  language: DocumentLanguage,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  generatedAt = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const [patient, records, entries, nationalities, letterhead] = await Promise.all([
    db.patients.get(patientId),
    vaccinationRecordsOf(db, patientId),
    db.catalogueEntries.where('catalogue').anyOf('vaccination-records', 'vaccination-scheme').toArray(),
    readList(db, 'nationalities'),
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db).catch(() => null)),
  ])
  if (!patient || patient.deleted_at || typeof patient.birth_date !== 'string') return null
  const row = patient as Record<string, unknown>
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null)
  // The server reads the catalogue in its order (position, then name); so does the card here.
  const ordered = entries.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'es'))
  const input = vaccinationCardOf(
    {
      vaccines: ordered.filter((entry) => entry.catalogue === 'vaccination-records'),
      scheme: ordered.filter((entry) => entry.catalogue === 'vaccination-scheme'),
    },
    {
      birth_date: patient.birth_date,
      biological_sex: text('biological_sex'),
      subgroups: patient.subgroups ?? [],
      occupational_risks: Array.isArray(patient.occupational_risks)
        ? (patient.occupational_risks as string[]) // the API's list of risk codes
        : [],
    },
    records,
    {
      language,
      timeZone,
      generatedAt,
      tenant: { name: letterhead?.name ?? '', logo: letterhead?.logo ?? null, address: null },
      patient: {
        name: [text('name'), text('last_name'), text('second_last_name')].filter(Boolean).join(' '),
        birth_date: text('birth_date'),
        sex: await sexOf(db, row),
        curp: text('curp'),
        payroll_number: text('payroll_number'),
      },
      countries: new Map(nationalities.map((item) => [item.code, item.country])),
    },
  )
  const { buildVaccinationCardPdf } = await import('../documents/vaccination-card-pdf')
  return buildVaccinationCardPdf(input)
}

/** Builds the card on the device and saves it as a download; answers the file's name (null: no patient). */
export async function downloadVaccinationCard(
  db: LocalDb,
  patientId: string,
  language: DocumentLanguage,
): Promise<string | null> {
  const card = await vaccinationCardFromDevice(db, patientId, language)
  if (!card) return null
  saveFile(card.bytes, card.fileName, 'application/pdf')
  return card.fileName
}

/**
 * The `/vaccinations` index's spreadsheet built on the device from the rows it shows, laid out by
 * the functions `GET /vaccination/download` uses (`vaccination_DD_MM_YYYY.xlsx`), so the file is
 * the server's offline. SheetJS loads here only.
 */
export async function downloadVaccinationSheet(
  rows: readonly VaccinationIndexRow[],
  vaccineNames: ReadonlyMap<string, string>,
  language: DocumentLanguage,
  today: string,
): Promise<string> {
  const sheet = vaccinationSheet(rows, vaccineNames, language, today)
  const { sheetBytes } = await import('../documents/workbook')
  saveFile(sheetBytes(sheet.sheetName, sheet.header, sheet.cells), sheet.fileName, XLSX_TYPE)
  return sheet.fileName
}
