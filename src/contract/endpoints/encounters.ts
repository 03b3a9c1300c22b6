import {
  CreateEncounterRequest,
  EncounterDocumentQuery,
  EncounterIdParams,
  PatientEncountersQuery,
  UpdateEncounterRequest,
} from '../schemas/encounters'
import { endpoint } from './define'

/**
 * SPEC §7 "Encounters" (medical consultations), under `/api/operation`. SPEC names the create,
 * the edit and the modalities; the reads of a patient's history and of one consultation with its
 * amendments are this product's own (decision 0022). The file calls are the shared mechanism's
 * (`attachments.ts`, decision 0023).
 */

/** Creating and amending need the SPEC §2 route names; reading, the clinical grants (SPEC §6). */
const WRITERS = ['medical-consultation-create', 'medical-consultation-edit'] as const

export const encounterModalities = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/encounter/modalities',
  access: [...WRITERS, 'consultation.list', 'consultation.view'],
})

export const createEncounter = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/encounter',
  access: 'medical-consultation-create',
  body: CreateEncounterRequest,
})

/** An amendment (NOM-004): the changed fields against If-Match; the original stays in the history. */
export const updateEncounter = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/encounter/:id',
  access: 'medical-consultation-edit',
  params: EncounterIdParams,
  body: UpdateEncounterRequest,
})

/** A patient's consultations, newest first, with their diagnoses and prescriber. */
export const patientEncounters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/encounter',
  access: 'consultation.list',
  query: PatientEncountersQuery,
})

/** One consultation with its amendment history. */
export const showEncounter = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/encounter/show/:id',
  access: 'consultation.view',
  params: EncounterIdParams,
})

/** The consultation note as a PDF (SPEC §7), the same bytes the device builds (decision 0024). */
export const downloadEncounterNote = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/encounter/download/:id',
  access: 'consultation.view',
  params: EncounterIdParams,
  query: EncounterDocumentQuery,
})

/** The consultation's prescription as a PDF a pharmacy accepts (SPEC §7 `…/download/medical-consultation/{id}`). */
export const downloadEncounterPrescription = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/encounter/download/medical-consultation/:id',
  access: 'consultation.view',
  params: EncounterIdParams,
  query: EncounterDocumentQuery,
})
