import type { ConsultationPdfResult } from './api'
import { asDownload, letterheadLogo } from './documents'

/**
 * The consultation note and its prescription built on the device, `rounds` times each, from the
 * realistic example consultation with a logo; each time runs to the Blob the download hands to
 * the browser. The builders are imported on first use, as the app loads jsPDF only when a PDF is
 * asked for: the first round's note includes that load.
 */
export async function consultationPdf(rounds: number): Promise<ConsultationPdfResult> {
  const logo = letterheadLogo()
  const result: ConsultationPdfResult = { noteMs: [], prescriptionMs: [], noteBytes: 0, prescriptionBytes: 0 }
  for (let round = 0; round < rounds; round++) {
    const noteStarted = performance.now()
    const [{ exampleConsultation }, { buildConsultationNotePdf }] = await Promise.all([
      import('../../src/documents/consultation-example'),
      import('../../src/documents/consultation-note-pdf'),
    ])
    const input = exampleConsultation('es', logo)
    result.noteBytes = asDownload(buildConsultationNotePdf(input).bytes).size
    result.noteMs.push(performance.now() - noteStarted)

    const prescriptionStarted = performance.now()
    const { buildPrescriptionPdf } = await import('../../src/documents/prescription-pdf')
    result.prescriptionBytes = asDownload(buildPrescriptionPdf(input).bytes).size
    result.prescriptionMs.push(performance.now() - prescriptionStarted)
  }
  return result
}
