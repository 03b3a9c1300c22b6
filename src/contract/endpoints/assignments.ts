import * as v from 'valibot'
import {
  AssignationFilters,
  AssignationRule,
  AssignationRuleForm,
  AssignMultipleRequest,
  Assignment,
  AssignmentHistory,
  AssignmentIdParams,
  AssignmentOutcome,
  AssignmentRequestDetail,
  AssignmentRequestRow,
  AssignRequest,
  ConcentratedFilters,
  DecideDetailBody,
  DecideRequestsBody,
  HistoryParams,
  IndividualRequest,
  MassiveFilters,
  MassiveRequest,
  NotAssignedQuery,
  NotAssignedTotal,
  PatientIdParams,
  RequestFilters,
  UnassignMultipleRequest,
} from '../schemas/assignments'
import { DataTableQuery, paginated } from '../schemas/data-table'
import { endpoint } from './define'

/**
 * SPEC §7 "Patients and assignments": assignments, requests and assignation-patient rules, under
 * `/api/operation`. Calls that a professional makes for themself (individual, massive) answer
 * by the caller's permissions: a direct assignment with `assignments.create`, else a request.
 */

export const assignPatients = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/assignments',
  access: 'assignments.create',
  body: AssignRequest,
  response: AssignmentOutcome,
})

export const assignMultiple = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/assignments-multiple',
  access: 'assignments.create',
  body: AssignMultipleRequest,
  response: AssignmentOutcome,
})

export const unassignMultiple = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/unassign-multiple',
  access: 'assignments.delete',
  body: UnassignMultipleRequest,
  response: AssignmentOutcome,
})

/** The open assignments of patient {id}: who has them in their care. */
export const patientAssignments = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/assignments/:id',
  access: 'patients-index',
  params: PatientIdParams,
  response: v.array(Assignment),
})

/** Ends assignment {id} (an assignment's id, as GET lists them). */
export const deleteAssignment = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/assignments/:id',
  access: 'assignments.delete',
  params: AssignmentIdParams,
  response: AssignmentOutcome,
})

/** The caller takes one patient: assigned with `assignments.create`, else requested. */
export const assignIndividual = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/assignment/individual',
  access: 'assignments.request-create',
  body: IndividualRequest,
  response: AssignmentOutcome,
})

/** The caller gives up patient {id}: their assignment ends, or their waiting request is cancelled. */
export const unassignIndividual = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/patients/assignment/individual/:id',
  access: 'assignments.request-cancel',
  params: PatientIdParams,
  response: AssignmentOutcome,
})

/** How many patients the top filters find that are assigned to nobody. */
export const notAssignedTotal = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/not-assignment/total',
  access: 'assignments.bulk-request',
  query: NotAssignedQuery,
  response: NotAssignedTotal,
})

export const assignMassive = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/assignment/massive',
  access: 'assignments.bulk-request',
  query: MassiveFilters,
  body: MassiveRequest,
  response: AssignmentOutcome,
})

/** The concentrated requests (a data table, SPEC §7: POST with the table's query; filters state, user_id). */
export const requestsTable = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/patients/assignment/concentrated/list',
  reads: true,
  access: 'assignments-concentrated-index',
  query: DataTableQuery,
  response: paginated(AssignmentRequestRow),
})

export const showRequest = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/assignment/concentrated/:id',
  access: 'assignments-concentrated-details',
  params: AssignmentIdParams,
  response: AssignmentRequestDetail,
})

/** One request's patients as an .xlsx file, not an envelope. */
export const downloadRequest = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/assignment/concentrated/:id/download',
  access: 'assignments.concentrated-export',
  params: AssignmentIdParams,
})

/** The requests the filters find, one row per patient, as an .xlsx file. */
export const downloadRequests = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/assignment/concentrated/download',
  access: 'assignments.concentrated-export',
  query: RequestFilters,
})

const decide = (
  path: string,
  access: 'assignments.concentrated-accept' | 'assignments.concentrated-refuse',
) =>
  endpoint({
    service: 'operation',
    method: 'POST',
    path: `/patients/assignment/concentrated/requests/${path}`,
    access,
    query: RequestFilters,
    body: DecideRequestsBody,
    response: AssignmentOutcome,
  })
export const authorizeRequests = decide('authorize', 'assignments.concentrated-accept')
export const refuseRequests = decide('refuse', 'assignments.concentrated-refuse')

const decideDetail = (
  path: string,
  access: 'assignments.concentrated-accept' | 'assignments.concentrated-refuse',
) =>
  endpoint({
    service: 'operation',
    method: 'POST',
    path: `/patients/assignment/concentrated/requests/detail/${path}`,
    access,
    body: DecideDetailBody,
    response: AssignmentOutcome,
  })
export const authorizeRequestPatients = decideDetail('authorize', 'assignments.concentrated-accept')
export const refuseRequestPatients = decideDetail('refuse', 'assignments.concentrated-refuse')

export const assignmentHistory = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/assignments-history/:userId/:patientId',
  access: 'assignments.history',
  params: HistoryParams,
  response: AssignmentHistory,
})

export const concentratedFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/concentrated-assignment',
  access: 'assignments-concentrated-index',
  response: ConcentratedFilters,
})

export const assignationFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/assignation-patient',
  access: 'assignation-patient-index',
  response: AssignationFilters,
})

export const rulesTable = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/assignation-patient/list',
  reads: true,
  access: 'assignation-patient-index',
  query: DataTableQuery,
  response: paginated(AssignationRule),
})

export const createRule = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/assignation-patient',
  access: 'assignments.create',
  body: AssignationRuleForm,
  response: AssignationRule,
})

export const showRule = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/assignation-patient/show/:id',
  access: 'assignation-patient-index',
  params: AssignmentIdParams,
  response: AssignationRule,
})

export const updateRule = endpoint({
  service: 'operation',
  method: 'POST',
  path: '/assignation-patient/:id',
  access: 'assignments.create',
  params: AssignmentIdParams,
  body: AssignationRuleForm,
  response: AssignationRule,
})

export const deleteRule = endpoint({
  service: 'operation',
  method: 'DELETE',
  path: '/assignation-patient/:id',
  access: 'assignments.delete',
  params: AssignmentIdParams,
  response: AssignmentOutcome,
})
