import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccidentKind, ProbableQualification } from '../../contract/rules/incident-report'
import type { LinkableDisability } from '../../contract/rules/incident-report-prefill'
import type { IncidentReportField } from '../../contract/schemas/incident-reports'
import { formatDate } from '../../ui/format-date'
import type { IncidentReportStep } from './incident-report-form-values'

/** The names the ST-7's screens give its steps, codes and fields, in Spanish and English. */

/** The IMSS form's five numbered parts, each a step of the form. */
export const STEP_NAMES: Record<IncidentReportStep, MessageDescriptor> = {
  employer: msg`Datos del patrón`,
  worker: msg`Datos del trabajador`,
  accident: msg`Datos del accidente`,
  attention: msg`Primera atención médica`,
  qualification: msg`Calificación`,
}

export const ACCIDENT_KIND_NAMES: Record<AccidentKind, MessageDescriptor> = {
  at_work: msg`En el centro de trabajo`,
  commuting: msg`En trayecto`,
}

/** IMSS's words on the form: "Sí de trabajo" / "No de trabajo". */
export const QUALIFICATION_NAMES: Record<ProbableQualification, MessageDescriptor> = {
  work_related: msg`Sí de trabajo`,
  not_work_related: msg`No de trabajo`,
}

/** A report's fields as the form labels them: the amendment history names them so too. */
export const FIELD_NAMES: Record<IncidentReportField, MessageDescriptor> = {
  employer: msg`Datos del patrón`,
  worker: msg`Datos del trabajador`,
  accident_kind: msg`Tipo de accidente`,
  occurred_on: msg`Fecha del accidente`,
  occurred_at: msg`Hora del accidente`,
  place: msg`Lugar del accidente`,
  activity: msg`Actividad que realizaba`,
  description: msg`Cómo ocurrió`,
  witnesses: msg`Testigos`,
  attended_on: msg`Fecha de atención`,
  attended_at: msg`Hora de atención`,
  diagnosis_code: msg`Código CIE-10`,
  diagnosis_name: msg`Diagnóstico`,
  injuries: msg`Lesiones`,
  body_part: msg`Región anatómica`,
  treatment: msg`Tratamiento`,
  disability_id: msg`Incapacidad expedida`,
  probable_qualification: msg`Probable accidente de trabajo`,
  observations: msg`Observaciones`,
}

/** The employer's and worker's parts' own fields, labelled as on the form. */
export const PART_FIELD_NAMES: Record<string, MessageDescriptor> = {
  'employer.business_name': msg`Nombre o razón social`,
  'employer.employer_registration': msg`Registro patronal`,
  'employer.address': msg`Domicilio del patrón`,
  'worker.name': msg`Nombre del trabajador`,
  'worker.nss': msg`Número de seguridad social`,
  'worker.curp': msg`CURP`,
  'worker.occupation': msg`Ocupación`,
  'worker.shift': msg`Turno`,
  'worker.hire_date': msg`Fecha de ingreso`,
}

/** How the form and the view name a disability an ST-7 links: its days and IMSS folio. */
export function disabilityLabel(disability: LinkableDisability, i18n: I18n): string {
  const from = formatDate(disability.start_date)
  const to = formatDate(disability.end_date)
  const folio = disability.assigned_number
  return folio ? i18n._(msg`Del ${from} al ${to} · folio ${folio}`) : i18n._(msg`Del ${from} al ${to}`)
}
