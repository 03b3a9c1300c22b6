import { fetchBlob } from '../api/client'
import { fileCallsOf } from '../contract/endpoints/attachments'
import { disabilitySignatureFiles } from '../contract/endpoints/disabilities'
import type { Disability } from '../contract/schemas/disabilities'
import type { HealthCertificate } from '../contract/schemas/health-certificates'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import type { ReportRecord } from '../contract/schemas/report-amendments'
import type { ShortHistory } from '../contract/schemas/short-histories'
import { filesOf } from '../db/files'
import type { LocalDb, LocalReport } from '../db/local-db'
import {
  certificateDocumentOf,
  disabilityDocumentOf,
  incidentReportDocumentOf,
  shortHistoryDocumentOf,
} from '../documents/medical-report-documents'
import type { ReportDocumentInput } from '../documents/report-document'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { fileBytes } from '../sync/file-cache'
import type { DeviceReportKind } from '../sync/medical-report-kinds'
import { type DocumentFrameContext, documentFrameOf } from './document-frame'
import { saveFile } from './save-file'

/**
 * The medical reports' PDFs built on the device (issue 23), through the mappings the server's
 * `…/{id}/download` calls use (`src/documents/medical-report-documents.ts`), so both give the
 * same bytes for the same report asked in the same time zone. Needs no network, except for a
 * disability's signature whose bytes the device let go (fetched again, as opening it would).
 */

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * The report as the API answers it, from the device's row: one recorded here and not yet
 * answered has no history and is dated by its own day (noon UTC, that day in all of Mexico).
 */
export function reportRecordOf<R extends ReportRecord>(kind: DeviceReportKind, row: LocalReport<R>): R {
  const { syncState: _, ...fields } = row
  const stamp = typeof row.updated_at === 'string' ? row.updated_at : `${row[kind.day]}T12:00:00.000Z`
  return {
    ...fields,
    author: row.author ?? null,
    amendments: row.amendments ?? [],
    created_at: typeof row.created_at === 'string' ? row.created_at : stamp,
    updated_at: stamp,
    deleted_at: row.deleted_at ?? null,
  } as unknown as R // the row holds the API's fields under their own names
}

/** A blob as a data URL (the PDF draws the signature from one). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  // Chunks keep String.fromCharCode under the engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${blob.type};base64,${btoa(binary)}`
}

/** A disability's latest drawn signature, as the server picks it (the newest file of its owner). */
async function signatureOf(db: LocalDb, disabilityId: string): Promise<string | null> {
  const latest = (await filesOf(db, disabilitySignatureFiles.kind, disabilityId)).at(-1)
  if (!latest) return null
  const blob = await fileBytes(db, latest.id, (file) =>
    fetchBlob(fileCallsOf(disabilitySignatureFiles).download, { params: { id: file.id } }),
  )
  return dataUrlOf(new Blob([blob], { type: latest.media_type }))
}

async function inputOf(
  db: LocalDb,
  kind: DeviceReportKind,
  row: LocalReport<ReportRecord>,
  frame: DocumentFrameContext,
): Promise<ReportDocumentInput> {
  switch (kind.entity) {
    case 'shortHistory':
      return shortHistoryDocumentOf(
        reportRecordOf<ShortHistory>(kind, row as LocalReport<ShortHistory>),
        frame,
      )
    case 'healthCertificate':
      return certificateDocumentOf(
        reportRecordOf<HealthCertificate>(kind, row as LocalReport<HealthCertificate>),
        frame,
      )
    case 'disability':
      return disabilityDocumentOf(reportRecordOf<Disability>(kind, row as LocalReport<Disability>), {
        ...frame,
        signature: await signatureOf(db, row.id),
      })
    case 'incidentReport': {
      const report = reportRecordOf<IncidentReport>(kind, row as LocalReport<IncidentReport>)
      // The linked disability as the server reads it: whatever its state, deleted ones too.
      const linked = report.disability_id ? await db.disabilities.get(report.disability_id) : undefined
      return incidentReportDocumentOf(report, frame, linked ?? null)
    }
  }
}

/** A report's PDF from its row and the cache. */
export async function reportDocumentFromDevice(
  db: LocalDb,
  kind: DeviceReportKind,
  row: LocalReport<ReportRecord>,
  language: DocumentLanguage,
  timeZone = deviceZone(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const frame = await documentFrameOf(db, row.patient_id, language, timeZone)
  const input = await inputOf(db, kind, row, frame)
  // jsPDF loads here only.
  const { buildReportPdf } = await import('../documents/report-document')
  return buildReportPdf(input)
}

/** Builds a report's PDF on the device and saves it as a download; answers its name. */
export async function downloadReportDocument(
  db: LocalDb,
  kind: DeviceReportKind,
  row: LocalReport<ReportRecord>,
  language: DocumentLanguage,
): Promise<string> {
  const { bytes, fileName } = await reportDocumentFromDevice(db, kind, row, language)
  saveFile(bytes, fileName, 'application/pdf')
  return fileName
}
