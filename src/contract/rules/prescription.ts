/**
 * SPEC §5 "A prescription needs all its fields, at least one presentation and dose per medicine,
 * and saved consultation data; a duplicate medicine or duplicate dose is rejected" (issue 19).
 * Every field of a line is required by the line's schema (`PrescriptionLine`); what a line alone
 * cannot tell is whether it repeats another, which is decided here, once, for the form that adds
 * a line and for the schema that checks the whole list on the device and on the server.
 */

/** What of a prescription line the duplicate rules look at. */
export interface PrescribedDose {
  medicine_id: string
  presentation_id: string
  dose: string
}

/** SPEC §8's texts, as the message keys both sides translate. */
export type PrescriptionProblem = 'medicine.duplicateDose' | 'medicine.duplicate'

const sameDose = (a: PrescribedDose, b: PrescribedDose) =>
  a.medicine_id === b.medicine_id &&
  a.presentation_id === b.presentation_id &&
  a.dose.trim().toLowerCase() === b.dose.trim().toLowerCase()

/**
 * Why `candidate` may not join `lines`, or null when it may: the very dose already prescribed
 * ('Una presentación con esta dosis ya existe.') is named before the medicine prescribed in
 * another presentation or dose ('El medicamento que intenta agregar ya existe…'), so a person
 * who added the same line twice reads what they did.
 */
export function prescriptionProblemOf(
  lines: readonly PrescribedDose[],
  candidate: PrescribedDose,
): PrescriptionProblem | null {
  if (lines.some((line) => sameDose(line, candidate))) return 'medicine.duplicateDose'
  if (lines.some((line) => line.medicine_id === candidate.medicine_id)) return 'medicine.duplicate'
  return null
}

/** The first duplicate a whole prescription holds, judged line by line in its order, or null. */
export function prescriptionProblem(lines: readonly PrescribedDose[]): PrescriptionProblem | null {
  for (const [index, line] of lines.entries()) {
    const problem = prescriptionProblemOf(lines.slice(0, index), line)
    if (problem) return problem
  }
  return null
}
