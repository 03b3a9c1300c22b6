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

/**
 * The consultation note and its prescription built on the device, `rounds` times, from the
 * realistic example consultation with a logo. The builders are imported on first use, as the
 * app loads jsPDF only when a PDF is asked for: the first round's time includes that load.
 */
export async function consultationPdf(rounds: number): Promise<ConsultationPdfResult> {
  const logo = letterheadLogo()
  const timesMs: number[] = []
  let bytes = 0
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    const [{ exampleConsultation }, { buildConsultationNotePdf }, { buildPrescriptionPdf }] =
      await Promise.all([
        import('../../src/documents/consultation-example'),
        import('../../src/documents/consultation-note-pdf'),
        import('../../src/documents/prescription-pdf'),
      ])
    const input = exampleConsultation('es', logo)
    const note = buildConsultationNotePdf(input)
    const prescription = buildPrescriptionPdf(input)
    // The Blob the download hands to the browser is part of the work the user waits for, made as
    // src/reports/save-file.ts makes it (a copy: a Blob takes an ArrayBuffer, not a view).
    const blobs = [note.bytes, prescription.bytes].map(
      (bytes) => new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'application/pdf' }),
    )
    timesMs.push(performance.now() - started)
    bytes = blobs.reduce((sum, blob) => sum + blob.size, 0)
  }
  return { timesMs, bytes }
}
