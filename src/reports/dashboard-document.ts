import { readList } from '../catalogs/lists'
import type { LocalDb } from '../db/local-db'
import type { DashboardDocumentInput } from '../documents/dashboard-pdf'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { saveFile } from './save-file'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/**
 * The dashboard as a PDF built on the device (SPEC §7 `POST /download-pdf`, issue 24) by the
 * builder the server's call uses (`src/documents/dashboard-pdf.ts`), over the figures on screen —
 * the device's own for a professional, the server's answers for an administrator — so it works
 * offline and prints what was shown. jsPDF loads here only. Answers the file's name.
 */
export async function downloadDashboardPdf(
  db: LocalDb | undefined,
  input: Omit<DashboardDocumentInput, 'tenant' | 'covidStatusNames' | 'generatedAt'> & {
    language: DocumentLanguage
  },
): Promise<string> {
  const [letterhead, statuses] = db
    ? await Promise.all([
        readLetterhead(db).then((held) => held ?? refreshLetterhead(db).catch(() => null)),
        readList(db, 'covid-statuses'),
      ])
    : [null, []]
  const { buildDashboardPdf } = await import('../documents/dashboard-pdf')
  const pdf = buildDashboardPdf({
    ...input,
    generatedAt: new Date(),
    tenant: {
      name: letterhead?.name ?? '',
      logo: letterhead?.logo ?? null,
      address: letterhead?.address ?? null,
    },
    covidStatusNames: Object.fromEntries(statuses.map((item) => [item.code, item.name])),
  })
  saveFile(pdf.bytes, pdf.fileName, 'application/pdf')
  return pdf.fileName
}
