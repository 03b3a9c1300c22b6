/**
 * The ST-7's rules (IMSS "Aviso de atención médica y calificación de probable accidente de
 * trabajo"; issue 23), for its form, its mutator and the server.
 */

/** Where the accident happened: at work, or on the way between home and work (en trayecto). */
export const ACCIDENT_KINDS = ['at_work', 'commuting'] as const
export type AccidentKind = (typeof ACCIDENT_KINDS)[number]

/** The form's probable qualification: "Sí de trabajo" or "No de trabajo". */
export const PROBABLE_QUALIFICATIONS = ['work_related', 'not_work_related'] as const
export type ProbableQualification = (typeof PROBABLE_QUALIFICATIONS)[number]

export interface IncidentReportProblem {
  field: 'attended_on'
  message: 'incidentReport.attentionBeforeAccident'
}

/** The first medical attention cannot come before the accident it attends. */
export function incidentReportProblem(fields: {
  occurred_on: string
  attended_on: string
}): IncidentReportProblem | null {
  return fields.attended_on < fields.occurred_on
    ? { field: 'attended_on', message: 'incidentReport.attentionBeforeAccident' }
    : null
}
