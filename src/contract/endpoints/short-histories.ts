import { DOCUMENT_LIMITS } from '../rules/files'
import {
  AmendShortHistoryRequest,
  CreateShortHistoryRequest,
  PatientShortHistoriesQuery,
  ShortHistoryDocumentQuery,
  ShortHistoryIdParams,
} from '../schemas/short-histories'
import { fileCallsOf, fileOwner } from './attachments'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections": `short-medical-histories` (GET, POST, edit, DELETE,
 * download, types list, file delete), under `/api/operation` (issue 23). Writing needs the SPEC
 * §2 route names (`clinical-history-create`, `-edit`); reading, the detail's route name or the
 * SPEC §6 family's `short-history.list` / `.view`; removing, `short-history.delete`.
 */

const WRITERS = ['clinical-history-create', 'clinical-history-edit'] as const
/** Who reads a patient's short clinical histories. */
export const SHORT_HISTORY_READERS = [
  'clinical-history-detail',
  'clinical-history-edit',
  'short-history.list',
  'short-history.view',
] as const

/** The types a history may have, named in the request's language. */
export const shortHistoryTypes = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/short-medical-histories/types',
  access: [...WRITERS, ...SHORT_HISTORY_READERS],
})

/** A patient's histories, newest first, with their amendments. */
export const patientShortHistories = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/short-medical-histories',
  access: SHORT_HISTORY_READERS,
  query: PatientShortHistoriesQuery,
})

export const createShortHistory = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/short-medical-histories',
  access: 'clinical-history-create',
  body: CreateShortHistoryRequest,
})

export const showShortHistory = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/short-medical-histories/:id',
  access: SHORT_HISTORY_READERS,
  params: ShortHistoryIdParams,
})

/** An amendment (NOM-004): the changed fields against If-Match; the original stays in the history. */
export const amendShortHistory = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/short-medical-histories/:id',
  access: 'clinical-history-edit',
  params: ShortHistoryIdParams,
  body: AmendShortHistoryRequest,
})

/** A soft delete, audited: the history stays as a tombstone with its amendments (deletes win, DESIGN §5). */
export const deleteShortHistory = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/short-medical-histories/:id',
  access: 'short-history.delete',
  params: ShortHistoryIdParams,
})

/** The history as a PDF, the same bytes the device builds (`src/documents/short-history-pdf.ts`). */
export const downloadShortHistory = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/short-medical-histories/:id/download',
  access: SHORT_HISTORY_READERS,
  params: ShortHistoryIdParams,
  query: ShortHistoryDocumentQuery,
})

/** A history's files (PDF, PNG or JPG): SPEC's file delete is `DELETE …/short-medical-histories/file/{id}`. */
export const shortHistoryFiles = fileOwner({
  kind: 'short-history',
  service: 'operation',
  base: '/patients/short-medical-histories',
  limits: DOCUMENT_LIMITS,
  write: WRITERS,
  read: [...SHORT_HISTORY_READERS, 'digital-record-index'],
})

export const shortHistoryFileCalls = fileCallsOf(shortHistoryFiles)
