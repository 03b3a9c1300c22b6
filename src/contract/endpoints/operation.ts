import * as v from 'valibot'
import type { Permission } from '../rules/permissions'
import { DataTableQuery, paginated } from '../schemas/data-table'
import { OfflineOpeningRequest } from '../schemas/offline-openings'
import {
  CreatePatientRequest,
  EditPatientProfileRequest,
  Patient,
  PatientIdParams,
  UpdatePatientRequest,
} from '../schemas/patient'
import {
  INFORMATION_PERMISSIONS,
  PatientInformation,
  PatientInformationParams,
  PatientInformationQuery,
} from '../schemas/patient-information'
import {
  CurpCheck,
  CurpOfPatientParams,
  CurpParams,
  PatientFilters,
  PatientsDownloadQuery,
  PayrollParams,
} from '../schemas/patient-lookups'
import { PatientPicker, PatientPickerParams } from '../schemas/patient-picker'
import {
  CreateReadingRequest,
  PatientIdOfReadingsParams,
  PatientReadingsQuery,
  ReadingIdParams,
  type ReadingKind,
  ReadingsPdfQuery,
  SomatometryReading,
  UpdateReadingRequest,
} from '../schemas/readings'
import { endpoint } from './define'

/** SPEC §7 "Patients" (the offline kinds of DESIGN §5), under `/api/operation`. */

export const createPatient = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/create',
  access: 'patients-create',
  body: CreatePatientRequest,
  response: Patient,
})

/** SPEC §7 names the parameter userId; it is the patient's id. Needs If-Match (its version). */
export const updatePatient = endpoint({
  service: 'operation',
  method: 'PUT',
  path: '/patients/update/:id',
  access: 'patients-edit',
  params: PatientIdParams,
  body: UpdatePatientRequest,
  response: Patient,
})

/**
 * SPEC §2 "edit my profile": a patient changes their own contact data, found from their account
 * (no id in the path: nobody else's record can be named). Needs If-Match, like any update.
 */
export const editPatientProfile = endpoint({
  service: 'operation',
  method: 'PUT',
  path: '/patient-profile',
  access: 'patient-profile-edit',
  body: EditPatientProfileRequest,
  response: Patient,
})

export const showPatient = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:id',
  access: 'patients-index',
  params: PatientIdParams,
  response: Patient,
})

/**
 * SPEC §7 `{id}/user-information?module&is_patient_id`: the head of a module's screen (decision
 * 0036). Open to the permissions of every module; the handler asks for the named module's.
 */
export const patientInformation = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:id/user-information',
  access: INFORMATION_PERMISSIONS,
  params: PatientInformationParams,
  query: PatientInformationQuery,
  response: PatientInformation,
})

/** SPEC §7 `list/{patientName}/{patientId}`: a picker's search of the patients one may see. */
export const patientPicker = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/list/:patientName/:patientId',
  access: 'patients-index',
  params: PatientPickerParams,
  response: PatientPicker,
})

/** SPEC §7 validate-curp/{curp}: registering a patient, is the CURP free? */
export const validateCurp = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/validate-curp/:curp',
  access: 'patients-create',
  params: CurpParams,
  response: CurpCheck,
})

/** SPEC §7 validate-curp/{curp}/{userId}: editing a patient, is the CURP free of the others? */
export const validateCurpOfPatient = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/validate-curp/:curp/:id',
  access: 'patients-edit',
  params: CurpOfPatientParams,
  response: CurpCheck,
})

/**
 * The audit of an opening of the patient's record page the server did not see (decision 0038):
 * `showPatient`'s read stands for the opening online; offline the device queues this note, sent
 * by the outbox once the network is back. Not a SPEC call; the sibling of the digital record's
 * `noteOfflineOpening`, under this page's read permission.
 */
export const notePatientRecordOpening = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/:id/offline-openings',
  reads: true,
  access: 'patients-index',
  params: PatientIdParams,
  body: OfflineOpeningRequest,
})

/** SPEC §7 show/{nomina}: the patient with a payroll number. */
export const showPatientByPayroll = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/show/:nomina',
  access: 'patients-index',
  params: PayrollParams,
  response: Patient,
})

/** SPEC §7 get-filters/patients: the values the patients table can be filtered by. */
export const patientFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/patients',
  access: 'patients-index',
  response: PatientFilters,
})

/**
 * The server-mode patients table (SPEC §7 Data table: POST with the table's query), for
 * administrators with more patients than a device holds. Filters: PATIENT_TABLE_FILTERS.
 */
export const patientsTable = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/list',
  reads: true,
  access: 'patients-index',
  query: DataTableQuery,
  response: paginated(Patient),
})

/** SPEC §7 download{filters}: the table's rows as an .xlsx file, not an envelope. */
export const downloadPatients = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/download',
  access: 'patients-index',
  query: PatientsDownloadQuery,
})

/** The patient-mode permission with which a patient records and reads their own readings of a kind. */
export const READING_SELF_PERMISSIONS = {
  'blood-pressure': 'patient-blood-pressure',
  glucose: 'patient-glucose',
  somatometry: 'patient-somatometry',
  nutrition: 'patient-nutrition',
  habit: 'patient-habits',
} as const satisfies Record<ReadingKind, Permission>

/**
 * Readings are recorded by staff for the patients in their care and by a patient for themselves:
 * a write needs `patients-edit` or the kind's patient-mode permission, a read `patients-index` or
 * that one (a read permission never grants a write); the handler decides whose patient it is.
 */
const readingCalls = <K extends ReadingKind>(kind: K, path: string) => {
  const own = READING_SELF_PERMISSIONS[kind]
  const writers = ['patients-edit', own] as const
  const readers = ['patients-index', own] as const
  return {
    create: endpoint({
      service: 'operation',
      method: 'POST',
      path,
      access: writers,
      body: CreateReadingRequest[kind],
    }),
    list: endpoint({
      service: 'operation',
      method: 'GET',
      path,
      access: readers,
      query: PatientReadingsQuery,
    }),
    /** The log of a date range as a PDF file (the same document the device makes offline). */
    pdf: endpoint({
      service: 'operation',
      method: 'GET',
      path: `${path}/pdf`,
      access: readers,
      query: ReadingsPdfQuery,
    }),
    show: endpoint({
      service: 'operation',
      method: 'GET',
      path: `${path}/:id`,
      access: readers,
      params: ReadingIdParams,
    }),
    update: endpoint({
      service: 'operation',
      method: 'PUT',
      path: `${path}/:id`,
      access: writers,
      params: ReadingIdParams,
      body: UpdateReadingRequest[kind],
    }),
    remove: endpoint({
      service: 'operation',
      method: 'DELETE',
      path: `${path}/:id`,
      access: writers,
      params: ReadingIdParams,
    }),
  }
}

export const bloodPressure = readingCalls('blood-pressure', '/patients/blood-pressure')
export const glucose = readingCalls('glucose', '/patients/glucose')
export const somatometry = readingCalls('somatometry', '/patients/somatometry')
export const nutrition = readingCalls('nutrition', '/patients/nutritions')
export const habits = readingCalls('habit', '/patients/habits')

/** Each self-tracking kind's calls, by kind. */
export const readingCallsOf = {
  'blood-pressure': bloodPressure,
  glucose,
  somatometry,
  nutrition,
  habit: habits,
} as const

/** SPEC §7: a patient's latest somatometry (null when none), for forms that start from it. */
export const lastSomatometry = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/somatometry/last-somatometry/:id',
  access: ['patients-index', READING_SELF_PERMISSIONS.somatometry],
  params: PatientIdOfReadingsParams,
  response: v.nullable(SomatometryReading),
})
