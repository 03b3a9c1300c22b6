import type { Lang } from './language'

/**
 * Every text the API answers with, in both languages. Spec texts (SPEC §6, §8) are word for word.
 * Contract schemas may use these keys as their custom validation messages.
 */
export const MESSAGES = {
  'error.unexpected': { es: 'Algo ha ocurrido, por favor intente nuevamente', en: 'An error occurred' },
  'error.badRequest': { es: 'La solicitud no es válida.', en: 'The request is malformed.' },
  'error.invalidJson': {
    es: 'El cuerpo de la solicitud no es JSON válido.',
    en: 'The request body is not valid JSON.',
  },
  'error.unauthenticated': {
    es: 'La sesión ha expirado. Inicia sesión de nuevo para continuar.',
    en: 'Session has expired. Please log in again to continue.',
  },
  'error.forbidden': {
    es: 'Lo sentimos no tiene permiso para acceder',
    en: 'Sorry, you do not have permission to access',
  },
  'error.notFound': {
    es: 'No se encontró el recurso solicitado.',
    en: 'The requested resource was not found.',
  },
  'error.tenantNotFound': {
    es: 'No encontramos ninguna clínica en esta dirección.',
    en: 'No clinic was found at this address.',
  },
  'error.conflict': {
    es: 'La solicitud entra en conflicto con el estado actual.',
    en: 'The request conflicts with the current state.',
  },
  'error.versionMismatch': {
    es: 'El registro cambió desde que lo abriste.',
    en: 'The record changed since you opened it.',
  },
  'error.tooLarge': { es: 'El contenido enviado es demasiado grande.', en: 'The content sent is too large.' },
  'error.tooDeep': {
    es: 'El contenido enviado anida demasiados niveles.',
    en: 'The content sent nests too many levels.',
  },
  'error.invalidValue': {
    es: 'La solicitud lleva un valor que no se puede guardar.',
    en: 'The request carries a value that cannot be stored.',
  },
  'error.unsupportedType': {
    es: 'El tipo de contenido no es compatible.',
    en: 'The content type is not supported.',
  },
  'error.validation': {
    es: 'Todos los campos obligatorios deben ser llenados',
    en: 'All required fields must be filled',
  },
  'error.preconditionRequired': {
    es: 'Falta la versión del registro (If-Match).',
    en: 'The record version (If-Match) is missing.',
  },
  'error.rateLimited': {
    es: 'Demasiadas solicitudes. Espera un momento e inténtalo nuevamente.',
    en: 'Too many requests. Wait a moment and try again.',
  },
  'field.required': { es: 'Este campo es obligatorio.', en: 'This field is required.' },
  'field.invalid': { es: 'Valor no permitido', en: 'Value not allowed' },
  'field.type': { es: 'El tipo de dato no es válido.', en: 'The data type is not valid.' },
  'field.minLength': { es: 'Debe tener al menos {n} caracteres.', en: 'Must have at least {n} characters.' },
  'field.maxLength': {
    es: 'Debe tener como máximo {n} caracteres.',
    en: 'Must have at most {n} characters.',
  },
  'field.maxItems': { es: 'Admite como máximo {n} elementos.', en: 'Takes at most {n} items.' },
  'field.length': { es: 'Debe tener exactamente {n} caracteres.', en: 'Must have exactly {n} characters.' },
  'field.minValue': { es: 'Debe ser al menos {n}.', en: 'Must be at least {n}.' },
  'field.maxValue': { es: 'Debe ser como máximo {n}.', en: 'Must be at most {n}.' },
  'field.integer': { es: 'Debe ser un número entero.', en: 'Must be a whole number.' },
  'field.email': { es: 'El correo electrónico no es válido.', en: 'The e-mail address is not valid.' },
  'field.uuid': { es: 'El identificador no es válido.', en: 'The identifier is not valid.' },
  'field.date': { es: 'Escribe la fecha como AAAA/MM/DD.', en: 'Write the date as YYYY/MM/DD.' },
  'field.time': { es: 'Escribe la hora como HH:MM.', en: 'Write the time as HH:MM.' },
  'field.time_zone': { es: 'La zona horaria no existe.', en: 'That time zone does not exist.' },
  'field.date_range': {
    es: 'La fecha inicial debe ser anterior o igual a la final.',
    en: 'The start date must be on or before the end date.',
  },
  'field.picklist': { es: 'Valor no permitido', en: 'Value not allowed' },
  'field.unknown': { es: 'Este campo no se admite.', en: 'This field is not accepted.' },
  'field.text': {
    es: 'Contiene caracteres que no se pueden guardar.',
    en: 'Contains characters that cannot be stored.',
  },
  'field.nothingToChange': {
    es: 'No hay ningún cambio que guardar.',
    en: 'There is nothing to change.',
  },
  'error.passwordExpired': {
    es: 'Tu contraseña ha expirado. Cámbiala para continuar.',
    en: 'Your password has expired. Change it to continue.',
  },
  'auth.invalidCredentials': {
    es: 'El usuario o la contraseña no son correctos.',
    en: 'The username or password is incorrect.',
  },
  'auth.locked': {
    es: 'Demasiados intentos fallidos. Inténtalo nuevamente en {minutes} min.',
    en: 'Too many failed attempts. Try again in {minutes} min.',
  },
  'auth.refreshMissing': { es: 'Refresh token doesnt exists', en: 'Refresh token doesnt exists' },
  'auth.wrongCurrentPassword': {
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is incorrect.',
  },
  'password.weak': {
    es: 'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un carácter especial.',
    en: 'The password must have at least 8 characters, an upper-case letter, a lower-case letter, a number and a special character.',
  },
  'password.mismatch': { es: 'Las contraseñas no coinciden', en: 'The passwords do not match' },
  'password.reused': {
    es: 'La nueva contraseña debe ser distinta de la actual.',
    en: 'The new password must differ from the current one.',
  },
  'password.updated': { es: 'Contraseña actualizada correctamente', en: 'Password updated successfully' },
  'recovery.expired': {
    es: 'El tiempo para recuperar contraseña ha expirado, inténtalo nuevamente',
    en: 'The time to recover your password has expired, please try again',
  },
  'recovery.codeFormat': { es: 'El código tiene 6 dígitos.', en: 'The code has 6 digits.' },
  'recovery.wrongCode': { es: 'El código no es correcto.', en: 'The code is incorrect.' },
  'recovery.wrongAnswers': {
    es: 'Las respuestas no coinciden con las registradas.',
    en: 'The answers do not match the ones on record.',
  },
  'recovery.mailSubject': { es: 'Código para recuperar tu contraseña', en: 'Code to recover your password' },
  'recovery.mailBody': {
    es: 'Tu código para recuperar la contraseña de {clinic} es {code}. Vence en {minutes} minutos. Si no lo pediste, ignora este correo.',
    en: 'Your code to recover your {clinic} password is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this e-mail.',
  },
  'notice.mustAccept': {
    es: 'Debes aceptar el aviso de privacidad para continuar.',
    en: 'You must accept the privacy notice to continue.',
  },
  'notice.outdated': {
    es: 'El aviso de privacidad cambió; léelo de nuevo antes de aceptarlo.',
    en: 'The privacy notice changed; read it again before accepting it.',
  },
  'file.imageType': {
    es: 'Elige una imagen con extensión .png o .jpg',
    en: 'Choose an image with .png or .jpg extension',
  },
  'file.imageTooLarge': { es: 'La imagen debe pesar menos de 2 MB.', en: 'The image must be under 2 MB.' },
  // A clinical attachment may also be a PDF (SPEC §5: a disability file may be PDF, PNG or JPG).
  'file.documentType': {
    es: 'Elige un archivo PDF, o una imagen con extensión .png o .jpg',
    en: 'Choose a PDF file, or an image with .png or .jpg extension',
  },
  'file.pdfTooLarge': { es: 'El PDF debe pesar menos de 5 MB.', en: 'The PDF must be under 5 MB.' },
  'idempotency.keyReused': {
    es: 'Esta clave de operación ya se usó con otros datos.',
    en: 'This operation key was already used with other data.',
  },
  'patient.curpTaken': {
    es: 'Ya existe un paciente con esta CURP.',
    en: 'A patient with this CURP already exists.',
  },
  // SPEC §5: "at least one patient must be selected", "assignments may not be empty".
  'assignment.patientsRequired': {
    es: 'Debe seleccionar al menos un paciente.',
    en: 'At least one patient must be selected.',
  },
  'assignment.notEmpty': {
    es: 'Las asignaciones no pueden estar vacías.',
    en: 'Assignments may not be empty.',
  },
  'assignment.requestsRequired': {
    es: 'Debe seleccionar al menos una solicitud.',
    en: 'At least one request must be selected.',
  },
  'assignment.nothingWaiting': {
    es: 'Ninguno de los pacientes seleccionados tiene una solicitud en espera.',
    en: 'None of the selected patients has a waiting request.',
  },
  'patient.activeCurp': {
    es: 'El usuario ya se encuentra activo, te redireccionaremos a la edición del paciente.',
    en: 'The user is already active, we will take you to the patient’s edit page.',
  },
  'patient.payrollNotFound': {
    es: 'No se encontró información con el número de nómina proporcionado',
    en: 'No information was found for the payroll number provided',
  },
  'patient.emailTaken': {
    es: 'Ya existe un paciente o usuario con este correo electrónico.',
    en: 'A patient or user with this e-mail address already exists.',
  },
  'field.year': {
    es: 'El año debe estar entre 1920 y el año actual.',
    en: 'The year must be between 1920 and the current year.',
  },
  'record.deleted': {
    es: 'El registro fue eliminado; no se puede modificar.',
    en: 'The record was deleted; it cannot be changed.',
  },
  'curp.invalid': { es: 'La CURP no es válida', en: 'The SSN field is invalid' },
  'nss.invalid': {
    es: 'El número de seguridad social no es válido.',
    en: 'The social security number is not valid.',
  },
  'field.phone': {
    es: 'El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.',
    en: 'The phone must have 10 to 15 digits, without special characters.',
  },
  'user.emailTaken': {
    es: 'Ya existe un usuario con este correo electrónico.',
    en: 'A user with this e-mail address already exists.',
  },
  'user.employeeNumberTaken': {
    es: 'Ya existe un usuario con este número de empleado.',
    en: 'A user with this employee number already exists.',
  },
  'user.unknownRole': { es: 'El perfil seleccionado no existe.', en: 'The selected profile does not exist.' },
  'role.nameTaken': {
    es: 'Ya existe un perfil con este nombre.',
    en: 'A profile with this name already exists.',
  },
  'role.inUse': {
    es: 'No se puede eliminar el perfil porque {count} usuario(s) lo tienen asignado.',
    en: 'The profile cannot be deleted because {count} user(s) hold it.',
  },
  'user.cannotDeleteSelf': {
    es: 'No puedes eliminar tu propio usuario.',
    en: 'You cannot delete your own user.',
  },
  'roleType.administrator': { es: 'Administrativo', en: 'Administrative' },
  'roleType.health_professional': { es: 'Profesional de la salud', en: 'Health professional' },
  'specialLabel.sublabelRequired': {
    es: 'La etiqueta especial necesita al menos una subetiqueta.',
    en: 'The special label needs at least one sublabel.',
  },
  'specialLabel.unknownSublabel': {
    es: 'La subetiqueta especial no existe.',
    en: 'The special sublabel does not exist.',
  },
  'medicine.duplicate': {
    es: 'El medicamento que intenta agregar ya existe en el catálogo de medicamentos.',
    en: 'The medicine you are trying to add already exists in the medicines catalogue.',
  },
  'medicine.duplicateDose': {
    es: 'Una presentación con esta dosis ya existe.',
    en: 'A presentation with this dose already exists.',
  },
  'medicine.unknown': {
    es: 'El medicamento no existe en el catálogo de medicamentos.',
    en: 'The medicine is not in the medicines catalogue.',
  },
  'catalogue.duplicateName': {
    es: 'Ya existe un valor con este nombre en el catálogo.',
    en: 'A value with this name already exists in the catalogue.',
  },
  'catalogue.duplicateItem': {
    es: 'Este nombre ya está en la lista.',
    en: 'This name is already in the list.',
  },
  'catalogue.unknownParent': {
    es: 'El valor elegido no existe en el catálogo.',
    en: 'The chosen value is not in the catalogue.',
  },
  'catalogue.unknownItem': { es: 'El elemento no existe.', en: 'The item does not exist.' },
  'catalogue.inUse': {
    es: 'No se puede eliminar: está en uso en {where}. Desactívalo en su lugar.',
    en: 'It cannot be deleted: it is in use in {where}. Deactivate it instead.',
  },
  'catalogue.usedBy.diagnostics': { es: 'diagnósticos CIE-10', en: 'ICD-10 diagnoses' },
  'catalogue.usedBy.subclasifications': { es: 'subclasificaciones', en: 'sub-classifications' },
  'catalogue.usedBy.vaccination-scheme': { es: 'el esquema de vacunación', en: 'the vaccination scheme' },
  'catalogue.usedBy.vaccinationRecords': {
    es: 'registros de vacunación de pacientes',
    en: 'patients’ vaccination records',
  },
  'catalogue.usedBy.patients': { es: 'pacientes', en: 'patients' },
  'catalogue.usedBy.recordSections': {
    es: 'condiciones médicas de expedientes',
    en: 'medical conditions of patient records',
  },
  'catalogue.unknownSubgroup': {
    es: 'El subgrupo no existe en el catálogo.',
    en: 'The subgroup is not in the catalogue.',
  },
  'encounter.diagnosisRequired': {
    es: 'La consulta necesita al menos un diagnóstico.',
    en: 'The consultation needs at least one diagnosis.',
  },
  'encounter.duplicateDiagnosis': {
    es: 'Un diagnóstico con este código ya está en la consulta.',
    en: 'A diagnosis with this code is already in the consultation.',
  },
  'encounter.diagnosisCode': {
    es: 'El código CIE-10 no es válido.',
    en: 'The ICD-10 code is not valid.',
  },
  'encounter.unknownDiagnosis': {
    es: 'El diagnóstico no existe en el catálogo CIE-10.',
    en: 'The diagnosis is not in the ICD-10 catalogue.',
  },
  'encounter.callDuration': {
    es: 'Escribe la duración de la llamada como HH:MM o HH:MM:SS.',
    en: 'Write the call duration as HH:MM or HH:MM:SS.',
  },
  'encounter.callDurationRequired': {
    es: 'Una consulta a distancia necesita la duración de la llamada.',
    en: 'A remote consultation needs the call duration.',
  },
  'encounter.callDurationOnSite': {
    es: 'Una consulta presencial no lleva duración de llamada.',
    en: 'An on-site consultation takes no call duration.',
  },
  'encounter.prescriptionBeforeSave': {
    es: 'Guarda los datos de la consulta antes de agregar la receta.',
    en: 'Save the consultation data before adding the prescription.',
  },
  'encounter.unknownPresentation': {
    es: 'La presentación no existe para este medicamento.',
    en: 'The presentation does not exist for this medicine.',
  },
  'encounter.modality.on_site': { es: 'Presencial', en: 'On site' },
  'encounter.modality.remote': { es: 'A distancia', en: 'Remote' },
  'vaccination.countryRequired': {
    es: 'Indica el país donde se aplicó la vacuna.',
    en: 'Say the country where the vaccine was applied.',
  },
  'vaccination.countryWithoutAbroad': {
    es: 'El país solo se indica si la vacuna se aplicó en el extranjero.',
    en: 'The country is only given when the vaccine was applied abroad.',
  },
  'vaccination.unknownCountry': {
    es: 'El país no está en la lista de nacionalidades.',
    en: 'The country is not in the list of nationalities.',
  },
  'exposure.duplicateAgent': {
    es: 'Cada agente de exposición se registra una sola vez.',
    en: 'Each exposure agent is recorded only once.',
  },
  'periodicExam.duplicateClinicalExam': {
    es: 'Cada examen clínico se registra una sola vez en el examen periódico.',
    en: 'Each clinical exam is recorded only once in the periodic exam.',
  },
  'periodicExam.clinicalExamFixed': {
    es: 'El examen clínico de un resultado registrado no cambia; elimínalo y agrega otro.',
    en: 'The clinical exam of a recorded result does not change; remove it and add another.',
  },
  'admissionExam.sectionRequired': {
    es: 'Completa esta sección antes de dar el resultado del examen.',
    en: 'Complete this section before giving the exam result.',
  },
  'admissionExam.conditionsRequired': {
    es: 'Escribe las condiciones con las que cumple.',
    en: 'Write the conditions under which the candidate complies.',
  },
  'admissionExam.conditionsWithoutResult': {
    es: 'Las condiciones solo se escriben si el resultado es «Cumple con condiciones».',
    en: 'Conditions are only written when the result is "Complies with conditions".',
  },
  'admissionExam.duplicateSubstance': {
    es: 'Cada sustancia se registra una sola vez.',
    en: 'Each substance is recorded only once.',
  },
  'admissionExam.duplicateTreatment': {
    es: 'El tratamiento ya está registrado.',
    en: 'The treatment is already recorded.',
  },
  'admissionExam.ageOutOfRange': {
    es: 'La edad del candidato en la fecha del examen debe estar entre 8 y 99 años.',
    en: "The candidate's age on the exam date must be between 8 and 99 years.",
  },
  'covid.overrideReasonRequired': {
    es: 'Escribe por qué eliges una clasificación distinta de la propuesta.',
    en: 'Write why you chose a classification other than the proposed one.',
  },
  'covid.proposedClassification': {
    es: 'La clasificación propuesta no corresponde a los signos vitales y factores de riesgo.',
    en: 'The proposed classification does not match the vital signs and risk factors.',
  },
  'covid.quarantineEndBeforeStart': {
    es: 'La cuarentena no puede terminar antes de empezar.',
    en: 'The quarantine cannot end before it starts.',
  },
  'covid.rangeEndBeforeStart': {
    es: 'La fecha final no puede ser anterior a la inicial.',
    en: 'The end date cannot be before the start date.',
  },
  'covid.reclassifyWithoutConsultation': {
    es: 'Debe de tener al menos 1 consulta covid para poder reclasificar.',
    en: 'The patient needs at least 1 COVID consultation to be reclassified.',
  },
  'covid.unknownCode': {
    es: 'Valor no permitido',
    en: 'Value not allowed',
  },
  'disability.endBeforeStart': {
    es: 'La fecha de término no puede ser anterior a la de inicio.',
    en: 'The end date cannot be before the start date.',
  },
  'disability.assignedDaysMismatch': {
    es: 'Los días asignados no coinciden con las fechas de inicio y término.',
    en: 'The assigned days do not match the start and end dates.',
  },
  'disability.folio': {
    es: 'El folio solo lleva letras, números y guiones.',
    en: 'The folio holds only letters, digits and hyphens.',
  },
  'disability.rangeEndBeforeStart': {
    es: 'La fecha final no puede ser anterior a la inicial.',
    en: 'The end date cannot be before the start date.',
  },
  'dashboard.rangeEndBeforeStart': {
    es: 'La fecha final no puede ser anterior a la inicial.',
    en: 'The end date cannot be before the start date.',
  },
  'certificate.validToBeforeFrom': {
    es: 'La vigencia no puede terminar antes de empezar.',
    en: 'The validity cannot end before it starts.',
  },
  'certificate.restrictionsRequired': {
    es: 'Escribe las restricciones con las que el trabajador es apto.',
    en: 'Write the restrictions under which the worker is fit.',
  },
  'certificate.unknownEncounter': {
    es: 'La consulta no es de este paciente.',
    en: 'The consultation is not one of this patient’s.',
  },
  'certificate.result.fit': { es: 'Apto', en: 'Fit for work' },
  'certificate.result.fit_with_restrictions': { es: 'Apto con restricciones', en: 'Fit with restrictions' },
  'certificate.result.not_fit': { es: 'No apto', en: 'Not fit for work' },
  'incidentReport.attentionBeforeAccident': {
    es: 'La atención médica no puede ser anterior al accidente.',
    en: 'The medical attention cannot be before the accident.',
  },
  'incidentReport.unknownDisability': {
    es: 'La incapacidad no es de este paciente.',
    en: 'The disability is not one of this patient’s.',
  },
  'shortHistory.type.general': { es: 'General', en: 'General' },
  'shortHistory.type.occupational': { es: 'Laboral', en: 'Occupational' },
  'shortHistory.type.return_to_work': { es: 'Reincorporación laboral', en: 'Return to work' },
  'shortHistory.type.contractor': { es: 'Contratista', en: 'Contractor' },
  'editableInput.unknown': {
    es: 'Este campo no se puede ocultar: no existe o es obligatorio.',
    en: 'This input cannot be switched off: it does not exist or it is required.',
  },
} as const satisfies Record<string, Record<Lang, string>>

export type MessageKey = keyof typeof MESSAGES

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key)

/** A message in the request's language, with `{name}` placeholders filled. */
export function translate(key: MessageKey, lang: Lang, values: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
}
