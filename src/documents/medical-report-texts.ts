import type { CertificateResult } from '../contract/rules/health-certificate'
import type { AccidentKind, ProbableQualification } from '../contract/rules/incident-report'
import type { DisabilityIssuer } from '../contract/schemas/disabilities'
import type { ShortHistoryType } from '../contract/schemas/short-histories'
import type { DocumentLanguage } from './self-tracking-texts'

/** The words of the medical reports' documents (issue 23) in both languages, as the server builds them too. */
export interface MedicalReportTexts {
  shortHistory: {
    title: string
    fileName: string
    type: string
    recordedOn: string
    reason: string
    familyHistory: string
    personalHistory: string
    occupationalHistory: string
    currentCondition: string
    physicalExploration: string
    vitalSigns: string
    impression: string
    plan: string
    types: Record<ShortHistoryType, string>
  }
  certificate: {
    title: string
    fileName: string
    statement: (
      professional: { name: string; title: string; license: string },
      patient: string,
      result: string,
    ) => string
    result: string
    issuedOn: string
    validity: string
    validityRange: (from: string, to: string) => string
    restrictions: string
    purpose: string
    observations: string
    vitalSigns: string
    results: Record<CertificateResult, string>
  }
  disability: {
    title: string
    fileName: string
    data: string
    cause: string
    reason: string
    controlMeasures: string
    startDate: string
    endDate: string
    assignedDays: string
    modality: string
    issuer: string
    status: string
    assignedNumber: string
    comments: string
    issuers: Record<DisabilityIssuer, string>
  }
  incidentReport: {
    title: string
    fileName: string
    reference: string
    employer: string
    businessName: string
    employerRegistration: string
    address: string
    worker: string
    name: string
    nss: string
    curp: string
    occupation: string
    shift: string
    hireDate: string
    accident: string
    accidentKind: string
    occurred: string
    place: string
    activity: string
    description: string
    witnesses: string
    attention: string
    attended: string
    diagnosis: string
    injuries: string
    bodyPart: string
    treatment: string
    disability: string
    disabilityRange: (from: string, to: string, folio: string | null) => string
    qualification: string
    probableQualification: string
    observations: string
    employerSignature: string
    workerSignature: string
    kinds: Record<AccidentKind, string>
    qualifications: Record<ProbableQualification, string>
  }
}

const es: MedicalReportTexts = {
  shortHistory: {
    title: 'Historia clínica breve',
    fileName: 'historia_clinica_breve',
    type: 'Tipo',
    recordedOn: 'Fecha',
    reason: 'Motivo',
    familyHistory: 'Antecedentes heredofamiliares',
    personalHistory: 'Antecedentes personales',
    occupationalHistory: 'Antecedentes laborales',
    currentCondition: 'Padecimiento actual',
    physicalExploration: 'Exploración física',
    vitalSigns: 'Signos vitales',
    impression: 'Impresión diagnóstica',
    plan: 'Plan',
    types: {
      general: 'General',
      occupational: 'Laboral',
      return_to_work: 'Reincorporación laboral',
      contractor: 'Contratista',
    },
  },
  certificate: {
    title: 'Certificado de estado de salud',
    fileName: 'certificado_estado_salud',
    statement: ({ name, title, license }, patient, result) =>
      `${[name, title].filter(Boolean).join(', ')}${license ? `, con cédula profesional ${license},` : ''} certifica que, tras valorar a ${patient}, lo encuentra: ${result}.`,
    result: 'Dictamen',
    issuedOn: 'Fecha de expedición',
    validity: 'Vigencia',
    validityRange: (from, to) => `Del ${from} al ${to}`,
    restrictions: 'Restricciones',
    purpose: 'Para',
    observations: 'Observaciones',
    vitalSigns: 'Signos vitales',
    results: { fit: 'Apto', fit_with_restrictions: 'Apto con restricciones', not_fit: 'No apto' },
  },
  disability: {
    title: 'Registro de incapacidad',
    fileName: 'incapacidad',
    data: 'Datos de la incapacidad',
    cause: 'Causa',
    reason: 'Motivo',
    controlMeasures: 'Medidas de control',
    startDate: 'Fecha de inicio',
    endDate: 'Fecha de término',
    assignedDays: 'Días asignados',
    modality: 'Modalidad',
    issuer: 'Expedida por',
    status: 'Estatus',
    assignedNumber: 'Folio IMSS',
    comments: 'Comentarios',
    issuers: { imss: 'IMSS', company: 'Servicio médico de la empresa', private: 'Médico particular' },
  },
  incidentReport: {
    title: 'Aviso de atención médica y calificación de probable accidente de trabajo',
    fileName: 'st7',
    reference: 'ST-7',
    employer: '1. Datos del patrón',
    businessName: 'Nombre o razón social',
    employerRegistration: 'Registro patronal',
    address: 'Domicilio',
    worker: '2. Datos del trabajador',
    name: 'Nombre',
    nss: 'Número de seguridad social',
    curp: 'CURP',
    occupation: 'Ocupación',
    shift: 'Turno',
    hireDate: 'Fecha de ingreso',
    accident: '3. Datos del accidente',
    accidentKind: 'Tipo',
    occurred: 'Fecha y hora',
    place: 'Lugar',
    activity: 'Actividad que realizaba',
    description: 'Cómo ocurrió',
    witnesses: 'Testigos',
    attention: '4. Primera atención médica',
    attended: 'Fecha y hora de atención',
    diagnosis: 'Diagnóstico (CIE-10)',
    injuries: 'Lesiones',
    bodyPart: 'Región anatómica',
    treatment: 'Tratamiento',
    disability: 'Incapacidad expedida',
    disabilityRange: (from, to, folio) => `Del ${from} al ${to}${folio ? `, folio ${folio}` : ''}`,
    qualification: '5. Calificación',
    probableQualification: 'Probable accidente de trabajo',
    observations: 'Observaciones',
    employerSignature: 'Nombre y firma del patrón o representante legal',
    workerSignature: 'Nombre y firma del trabajador',
    kinds: { at_work: 'En el centro de trabajo', commuting: 'En trayecto' },
    qualifications: { work_related: 'Sí de trabajo', not_work_related: 'No de trabajo' },
  },
}

const en: MedicalReportTexts = {
  shortHistory: {
    title: 'Short clinical history',
    fileName: 'short_clinical_history',
    type: 'Type',
    recordedOn: 'Date',
    reason: 'Reason',
    familyHistory: 'Family history',
    personalHistory: 'Personal history',
    occupationalHistory: 'Occupational history',
    currentCondition: 'Current condition',
    physicalExploration: 'Physical examination',
    vitalSigns: 'Vital signs',
    impression: 'Diagnostic impression',
    plan: 'Plan',
    types: {
      general: 'General',
      occupational: 'Occupational',
      return_to_work: 'Return to work',
      contractor: 'Contractor',
    },
  },
  certificate: {
    title: 'Health status certificate',
    fileName: 'health_status_certificate',
    statement: ({ name, title, license }, patient, result) =>
      `${[name, title].filter(Boolean).join(', ')}${license ? `, professional licence (cédula) ${license},` : ''} certifies that, having examined ${patient}, finds them: ${result}.`,
    result: 'Result',
    issuedOn: 'Issued on',
    validity: 'Valid',
    validityRange: (from, to) => `From ${from} to ${to}`,
    restrictions: 'Restrictions',
    purpose: 'For',
    observations: 'Observations',
    vitalSigns: 'Vital signs',
    results: {
      fit: 'Fit for work',
      fit_with_restrictions: 'Fit with restrictions',
      not_fit: 'Not fit for work',
    },
  },
  disability: {
    title: 'Disability record',
    fileName: 'disability',
    data: 'Disability',
    cause: 'Cause',
    reason: 'Reason',
    controlMeasures: 'Control measures',
    startDate: 'Start date',
    endDate: 'End date',
    assignedDays: 'Assigned days',
    modality: 'Modality',
    issuer: 'Issued by',
    status: 'Status',
    assignedNumber: 'IMSS folio',
    comments: 'Comments',
    issuers: { imss: 'IMSS', company: 'Company medical service', private: 'Private physician' },
  },
  incidentReport: {
    title: 'Notice of medical attention and probable work accident qualification',
    fileName: 'st7',
    reference: 'ST-7',
    employer: '1. Employer',
    businessName: 'Business name',
    employerRegistration: 'Employer registration (registro patronal)',
    address: 'Address',
    worker: '2. Worker',
    name: 'Name',
    nss: 'Social security number',
    curp: 'CURP',
    occupation: 'Occupation',
    shift: 'Shift',
    hireDate: 'Hire date',
    accident: '3. Accident',
    accidentKind: 'Kind',
    occurred: 'Date and time',
    place: 'Place',
    activity: 'What the worker was doing',
    description: 'How it happened',
    witnesses: 'Witnesses',
    attention: '4. First medical attention',
    attended: 'Attended on',
    diagnosis: 'Diagnosis (ICD-10)',
    injuries: 'Injuries',
    bodyPart: 'Body part',
    treatment: 'Treatment',
    disability: 'Disability issued',
    disabilityRange: (from, to, folio) => `From ${from} to ${to}${folio ? `, folio ${folio}` : ''}`,
    qualification: '5. Qualification',
    probableQualification: 'Probable work accident',
    observations: 'Observations',
    employerSignature: 'Name and signature of the employer or legal representative',
    workerSignature: 'Name and signature of the worker',
    kinds: { at_work: 'At the workplace', commuting: 'Commuting' },
    qualifications: { work_related: 'Work related', not_work_related: 'Not work related' },
  },
}

export const medicalReportTexts: Record<DocumentLanguage, MedicalReportTexts> = { es, en }
