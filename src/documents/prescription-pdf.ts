import type { ConsultationDocumentInput } from './consultation-input'
import {
  consultationDateTime,
  documentBytes,
  drawLetterhead,
  drawPageFrames,
  fileNameOf,
  patientDetails,
  SIGNATURE_HEIGHT,
  startDocument,
  writeSignature,
  writeTitle,
} from './consultation-page'
import { writeColumns, writeHeading, writeParagraph } from './pdf-flow'
import { writeMedicines } from './prescription-lines'

const BODY = { fontSize: 10 }

/**
 * The prescription a pharmacy accepts (issue 19; GET /patients/encounter/download/medical-consultation/{id}
 * returns the same bytes): the tenant's letterhead; the prescriber's name, title and cédula
 * profesional; the patient's name, age, sex and CURP; the date; each medicine with its
 * presentation and strength, its full instruction in words and the indications; and the
 * signature line. A page after the first repeats the patient and the prescriber with their
 * cédula, so no page stands without them.
 */
export function buildPrescriptionPdf(original: ConsultationDocumentInput): {
  bytes: Uint8Array
  fileName: string
} {
  const { flow, texts, input } = startDocument(original, 'prescription')
  const { prescriber, consultation } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.prescriptionTitle)

  writeColumns(flow, [prescriber.name], { ...BODY, bold: true })
  writeColumns(
    flow,
    [prescriber.title, `${texts.professionalLicense}: ${prescriber.professional_license}`],
    BODY,
  )
  flow.y += 2
  writeColumns(flow, [`${texts.patient}: ${input.patient.name}`], BODY)
  writeColumns(flow, patientDetails(input, texts), BODY)
  writeColumns(flow, [`${texts.date}: ${consultationDateTime(input)}`], BODY)

  writeHeading(flow, texts.medicines)
  if (consultation.prescription.length === 0) writeParagraph(flow, texts.noMedicines, BODY)
  writeMedicines(flow, consultation.prescription, input.language, texts, {
    heading: { fontSize: 11, bold: true },
    direction: { ...BODY, indent: 5 },
    gap: 3,
    // The signature never stands alone on a page: the last medicine goes with it.
    keepWithLast: SIGNATURE_HEIGHT,
  })
  writeSignature(flow, input, texts)

  drawPageFrames(
    flow,
    `${texts.prescriptionTitle} · ${texts.patient}: ${input.patient.name} · ${prescriber.name}, ${texts.professionalLicense}: ${prescriber.professional_license}`,
    input,
  )
  return { bytes: documentBytes(flow), fileName: fileNameOf(input, 'prescription') }
}
