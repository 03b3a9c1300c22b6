import type { ConsultationPdfResult } from './api'

/**
 * A tenant's logo as the device keeps it: a PNG data URL of a 480×160 letterhead mark, drawn here
 * so the bench carries no image file, and large enough that jsPDF decodes and embeds a real one.
 */
function letterheadLogo(): string {
  const canvas = document.createElement('canvas')
  canvas.width = 480
  canvas.height = 160
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  const gradient = context.createLinearGradient(0, 0, 480, 160)
  gradient.addColorStop(0, '#0b5394')
  gradient.addColorStop(1, '#6fa8dc')
  context.fillStyle = gradient
  context.fillRect(0, 0, 160, 160)
  context.fillStyle = '#0b5394'
  context.font = 'bold 64px sans-serif'
  context.fillText('ACME', 180, 100)
  return canvas.toDataURL('image/png')
}

/** A document's bytes as a download hands them to the browser: src/reports/save-file.ts's Blob. */
function asDownload(bytes: Uint8Array): Blob {
  // A copy: a Blob takes an ArrayBuffer, not a view.
  return new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'application/pdf' })
}

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
