import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type * as v from 'valibot'
import { ApiError } from '../../api/errors'

/**
 * The texts of the contract's message keys, for errors found on the device before sending
 * (the server answers the same keys already translated).
 */
export function fieldMessage(key: string | undefined, i18n: I18n): string | undefined {
  switch (key) {
    case undefined:
      return undefined
    case 'field.required':
      return i18n._(msg`Este campo es obligatorio.`)
    case 'password.weak':
      return i18n._(
        msg`La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un carácter especial.`,
      )
    case 'password.mismatch':
      return i18n._(msg`Las contraseñas no coinciden`)
    case 'recovery.codeFormat':
      return i18n._(msg`El código tiene 6 dígitos.`)
    case 'notice.mustAccept':
      return i18n._(msg`Debes aceptar el aviso de privacidad para continuar.`)
    case 'field.email':
      return i18n._(msg`El correo electrónico no es válido.`)
    case 'field.phone':
      return i18n._(msg`El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.`)
    case 'field.date':
      return i18n._(msg`Escribe la fecha como AAAA/MM/DD.`)
    case 'field.time':
      return i18n._(msg`Escribe la hora como HH:MM.`)
    case 'field.time_zone':
      return i18n._(msg`La zona horaria no existe.`)
    case 'field.date_range':
      return i18n._(msg`La fecha inicial debe ser anterior o igual a la final.`)
    case 'field.year':
      return i18n._(msg`El año debe estar entre 1920 y el año actual.`)
    case 'curp.invalid':
      return i18n._(msg`La CURP no es válida`)
    case 'nss.invalid':
      return i18n._(msg`El número de seguridad social no es válido.`)
    case 'file.imageType':
      return i18n._(msg`Elige una imagen con extensión .png o .jpg`)
    case 'file.imageTooLarge':
      return i18n._(msg`La imagen debe pesar menos de 2 MB.`)
    case 'file.documentType':
      return i18n._(msg`Elige un archivo PDF, o una imagen con extensión .png o .jpg`)
    case 'file.pdfTooLarge':
      return i18n._(msg`El PDF debe pesar menos de 5 MB.`)
    case 'specialLabel.sublabelRequired':
      return i18n._(msg`La etiqueta especial necesita al menos una subetiqueta.`)
    case 'medicine.duplicateDose':
      return i18n._(msg`Una presentación con esta dosis ya existe.`)
    case 'medicine.duplicate':
      return i18n._(msg`El medicamento que intenta agregar ya existe en el catálogo de medicamentos.`)
    case 'field.integer':
      return i18n._(msg`Debe ser un número entero.`)
    case 'encounter.diagnosisRequired':
      return i18n._(msg`La consulta necesita al menos un diagnóstico.`)
    case 'encounter.duplicateDiagnosis':
      return i18n._(msg`Un diagnóstico con este código ya está en la consulta.`)
    case 'encounter.diagnosisCode':
      return i18n._(msg`El código CIE-10 no es válido.`)
    case 'encounter.callDuration':
      return i18n._(msg`Escribe la duración de la llamada como HH:MM o HH:MM:SS.`)
    case 'encounter.callDurationRequired':
      return i18n._(msg`Una consulta a distancia necesita la duración de la llamada.`)
    case 'encounter.callDurationOnSite':
      return i18n._(msg`Una consulta presencial no lleva duración de llamada.`)
    case 'encounter.prescriptionBeforeSave':
      return i18n._(msg`Guarda los datos de la consulta antes de agregar la receta.`)
    case 'covid.overrideReasonRequired':
      return i18n._(msg`Escribe por qué eliges una clasificación distinta de la propuesta.`)
    case 'covid.proposedClassification':
      return i18n._(msg`La clasificación propuesta no corresponde a los signos vitales y factores de riesgo.`)
    case 'covid.quarantineEndBeforeStart':
      return i18n._(msg`La cuarentena no puede terminar antes de empezar.`)
    case 'admissionExam.sectionRequired':
      return i18n._(msg`Completa esta sección antes de dar el resultado del examen.`)
    case 'admissionExam.conditionsRequired':
      return i18n._(msg`Escribe las condiciones con las que cumple.`)
    case 'admissionExam.conditionsWithoutResult':
      return i18n._(msg`Las condiciones solo se escriben si el resultado es «Cumple con condiciones».`)
    case 'admissionExam.duplicateSubstance':
      return i18n._(msg`Cada sustancia se registra una sola vez.`)
    case 'admissionExam.duplicateTreatment':
      return i18n._(msg`El tratamiento ya está registrado.`)
    case 'admissionExam.ageOutOfRange':
      return i18n._(msg`La edad del candidato en la fecha del examen debe estar entre 8 y 99 años.`)
    case 'covid.reclassifyWithoutConsultation':
      return i18n._(msg`Debe de tener al menos 1 consulta covid para poder reclasificar.`)
    case 'vaccination.countryRequired':
      return i18n._(msg`Indica el país donde se aplicó la vacuna.`)
    case 'vaccination.countryWithoutAbroad':
      return i18n._(msg`El país solo se indica si la vacuna se aplicó en el extranjero.`)
    case 'vaccination.earlyDoseUnconfirmed':
      return i18n._(
        msg`La dosis se aplica antes del intervalo mínimo de la vacuna: confírmala para registrarla.`,
      )
    case 'exposure.duplicateAgent':
      return i18n._(msg`Cada agente de exposición se registra una sola vez.`)
    case 'periodicExam.duplicateClinicalExam':
      return i18n._(msg`Cada examen clínico se registra una sola vez en el examen periódico.`)
    case 'periodicExam.clinicalExamFixed':
      return i18n._(msg`El examen clínico de un resultado registrado no cambia; elimínalo y agrega otro.`)
    case 'disability.endBeforeStart':
      return i18n._(msg`La fecha de término no puede ser anterior a la de inicio.`)
    case 'disability.assignedDaysMismatch':
      return i18n._(msg`Los días asignados no coinciden con las fechas de inicio y término.`)
    case 'disability.folio':
      return i18n._(msg`El folio solo lleva letras, números y guiones.`)
    case 'disability.rangeEndBeforeStart':
      return i18n._(msg`La fecha final no puede ser anterior a la inicial.`)
    case 'certificate.validToBeforeFrom':
      return i18n._(msg`La vigencia no puede terminar antes de empezar.`)
    case 'certificate.restrictionsRequired':
      return i18n._(msg`Escribe las restricciones con las que el trabajador es apto.`)
    case 'incidentReport.attentionBeforeAccident':
      return i18n._(msg`La atención médica no puede ser anterior al accidente.`)
    default:
      // Another contract key with no text here yet; anything else is a server message, shown as is.
      return /^[a-z][\w-]*\.[\w-]+$/.test(key) ? i18n._(msg`Valor no permitido`) : key
  }
}

/**
 * The text of one valibot issue found on the device: the contract's own key when the schema
 * names one, otherwise by the kind of check that failed, with its limit — the same texts the
 * server gives for the same issue (server/platform/validation.ts).
 */
export function issueMessage(issue: v.BaseIssue<unknown>, i18n: I18n): string {
  if (/^[a-z][\w-]*\.[\w-]+$/.test(issue.message)) {
    if (issue.message === 'curp.invalid') return i18n._(msg`La CURP no es válida`)
    return fieldMessage(issue.message, i18n) ?? ''
  }
  const n = String(issue.requirement ?? '')
  switch (issue.type) {
    case 'min_value':
      return i18n._(msg`Debe ser al menos ${n}.`)
    case 'max_value':
      return i18n._(msg`Debe ser como máximo ${n}.`)
    case 'min_length':
      return i18n._(msg`Debe tener al menos ${n} caracteres.`)
    case 'max_length':
      return i18n._(msg`Debe tener como máximo ${n} caracteres.`)
    case 'integer':
      return i18n._(msg`Debe ser un número entero.`)
    case 'non_empty':
      return i18n._(msg`Este campo es obligatorio.`)
    default:
      return issue.kind === 'schema' && issue.input === undefined
        ? i18n._(msg`Este campo es obligatorio.`)
        : i18n._(msg`Valor no permitido`)
  }
}

/** Puts a 422's per-field messages on the form's fields (SPEC §8); true when it had any. */
export function showServerErrors<T extends FieldValues>(error: unknown, form: UseFormReturn<T>): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return false
  const names = Object.keys(form.getValues())
  let shown = false
  for (const [field, messages] of Object.entries(error.errors)) {
    // A list's item answers by its path (`sublabels.0.name`): the list must be one of the form's.
    if (!names.includes(field.split('.')[0] ?? field)) continue
    form.setError(field as Path<T>, { type: 'server', message: messages.join(' ') })
    shown = true
  }
  return shown
}
