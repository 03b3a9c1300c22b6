import { storeDigitalRecord } from '../../src/db/digital-record-test-data'
import { openLocalDb } from '../../src/db/local-db'
import { exampleDigitalRecord, exampleRecordContext } from '../../src/documents/digital-record-example'
import { LETTERHEAD_KEY } from '../../src/reports/tenant-letterhead'
import type { DigitalRecordPdfResult } from './api'
import { asDownload, letterheadLogo } from './documents'

/**
 * The whole digital record of a patient with `entries` records built as one PDF on the device
 * (issue 24: ≤ 2 s at 4× CPU throttle), as the page's "Descargar PDF" does it: the record read
 * from IndexedDB (the patient, the sections and every kind of the timeline's registry), the
 * names from the catalogue cache, the letterhead with its logo, the document, the Blob the
 * download hands over. Offline: no request. The first round also loads jsPDF, as the app does on
 * first use.
 */
export async function digitalRecordPdf(
  rounds: number,
  entries: number,
  database: string,
): Promise<DigitalRecordPdfResult> {
  const db = openLocalDb({ tenant: 'bench', userId: `bench-${database}` })
  await db.delete()
  await db.open()
  try {
    const record = exampleDigitalRecord(entries)
    await storeDigitalRecord(db, record)
    const { names } = exampleRecordContext()
    await db.catalogueEntries.bulkPut(
      [...names.catalogue].map(([id, name], position) => ({
        id,
        catalogue: 'consultReason',
        name,
        code: null,
        active: true,
        parent_id: null,
        parent_name: null,
        position,
        items: [],
        updated_at: '2026-11-01T00:00:00.000Z',
      })),
    )
    await db.meta.put({
      key: LETTERHEAD_KEY,
      value: {
        name: 'Industrias Acme del Bajío',
        address: 'Querétaro, Qro.',
        logo: letterheadLogo(),
        logoUrl: null,
      },
    })
    const result: DigitalRecordPdfResult = { ms: [], bytes: 0, pages: 0 }
    for (let round = 0; round < rounds; round++) {
      const started = performance.now()
      const [{ readDigitalRecord }, { digitalRecordDocument }] = await Promise.all([
        import('../../src/db/digital-record'),
        import('../../src/reports/digital-record-document'),
      ])
      const held = await readDigitalRecord(db, record.patient.id)
      if (!held) throw new Error('the record is not on the device')
      const { bytes } = await digitalRecordDocument(db, held, 'es')
      result.bytes = asDownload(bytes).size
      result.ms.push(performance.now() - started)
      result.pages = (new TextDecoder('latin1').decode(bytes).match(/\/Type \/Page\b/g) ?? []).length
    }
    return result
  } finally {
    await db.delete()
  }
}
