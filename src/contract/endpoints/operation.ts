import type * as v from 'valibot'
import { CreatePatientRequest, Patient, PatientIdParams, UpdatePatientRequest } from '../schemas/patient'
import {
  BloodPressureRequest,
  GlucoseRequest,
  PatientReadingsQuery,
  ReadingIdParams,
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

export const showPatient = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:id',
  access: 'patients-index',
  params: PatientIdParams,
  response: Patient,
})

/**
 * Readings are recorded by staff for any patient and by a patient for themselves, so the routes
 * are open to any signed-in user and the handler decides whose patient it may touch.
 */
const readingCalls = <B extends v.GenericSchema>(path: string, body: B) => ({
  create: endpoint({ service: 'operation', method: 'POST', path, access: 'authenticated', body }),
  list: endpoint({
    service: 'operation',
    method: 'GET',
    path,
    access: 'authenticated',
    query: PatientReadingsQuery,
  }),
  show: endpoint({
    service: 'operation',
    method: 'GET',
    path: `${path}/:id`,
    access: 'authenticated',
    params: ReadingIdParams,
  }),
  update: endpoint({
    service: 'operation',
    method: 'PUT',
    path: `${path}/:id`,
    access: 'authenticated',
    params: ReadingIdParams,
    body,
  }),
  remove: endpoint({
    service: 'operation',
    method: 'DELETE',
    path: `${path}/:id`,
    access: 'authenticated',
    params: ReadingIdParams,
  }),
})

export const bloodPressure = readingCalls('/patients/blood-pressure', BloodPressureRequest)
export const glucose = readingCalls('/patients/glucose', GlucoseRequest)
