import * as v from 'valibot'

const Id = v.pipe(v.string(), v.uuid('field.uuid'))
const code = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30)))

/** SPEC §5: "at least one patient must be selected". Duplicates count once. */
const PatientsSelected = v.pipe(
  v.array(Id),
  v.minLength(1, 'assignment.patientsRequired'),
  v.maxLength(5000),
  v.transform((ids) => [...new Set(ids)]),
)
/** SPEC §5: "assignments may not be empty": at least one professional to assign to. */
const UsersSelected = v.pipe(
  v.array(Id),
  v.minLength(1, 'assignment.notEmpty'),
  v.maxLength(500),
  v.transform((ids) => [...new Set(ids)]),
)
const RequestsSelected = v.pipe(
  v.array(Id),
  v.minLength(1, 'assignment.requestsRequired'),
  v.maxLength(1000),
  v.transform((ids) => [...new Set(ids)]),
)

export const REQUEST_STATES = ['waiting', 'authorized', 'refused'] as const
export type RequestState = (typeof REQUEST_STATES)[number]

/**
 * The top filters of the patient list (SPEC §2 /patients), by which massive assignments and
 * assignation-patient rules pick patients. Each is an exact match on the patient's field.
 */
export const PATIENT_FILTER_FIELDS = [
  'administrative_status',
  'gender',
  'exam_frequency',
  'address_state_code',
  'address_municipality_code',
] as const
export const PatientFilters = v.object(
  Object.fromEntries(PATIENT_FILTER_FIELDS.map((field) => [field, code])) as Record<
    (typeof PATIENT_FILTER_FIELDS)[number],
    typeof code
  >,
)
export type PatientFilters = v.InferOutput<typeof PatientFilters>

export const PatientIdParams = v.object({ id: Id })
export const AssignmentIdParams = v.object({ id: Id })
export const HistoryParams = v.object({ userId: Id, patientId: Id })

/** POST /patients/assignments: some patients to one professional. */
export const AssignRequest = v.object({ user_id: Id, patients_selected: PatientsSelected })
/** POST /patients/assignments-multiple: some patients to each of some professionals. */
export const AssignMultipleRequest = v.object({
  users_selected: UsersSelected,
  patients_selected: PatientsSelected,
})
/** POST /patients/unassign-multiple: ends the assignments of those patients to those professionals. */
export const UnassignMultipleRequest = AssignMultipleRequest
/** POST /patients/assignment/individual. */
export const IndividualRequest = v.object({ patient_id: Id })

/**
 * The top filters of the /patients list that pick patients for a massive assignment: the
 * assignation filters, the list's subgroup (one of the patient's subgroups) and special sublabel
 * (one of the patient's, by id).
 */
export const MassiveFilters = v.object({
  ...PatientFilters.entries,
  subgroup: code,
  special_sublabel: v.optional(Id),
})
export type MassiveFilters = v.InferOutput<typeof MassiveFilters>

/** GET /patients/not-assignment/total?{filters}: the top filters. */
export const NotAssignedQuery = MassiveFilters
/**
 * POST /patients/assignment/massive?{filters}: the patients picked by hand, or 'all' for every
 * patient the filters find that is not yet the caller's.
 */
export const MassiveRequest = v.object({
  patients_selected: v.union([PatientsSelected, v.literal('all')]),
})

/** The filters of the concentrated requests table and its bulk decisions (query). */
export const RequestFilters = v.object({
  state: v.optional(v.picklist(REQUEST_STATES, 'field.picklist')),
  user_id: v.optional(Id),
})
export type RequestFilters = v.InferOutput<typeof RequestFilters>

/** Bulk decision on whole requests (SPEC §7 concentrated requests authorize/refuse). */
export const DecideRequestsBody = v.object({ users_ids_request_assignment_selected: RequestsSelected })
/** Decision on some patients of some requests (the details screen). */
export const DecideDetailBody = v.object({
  patients_id: PatientsSelected,
  users_ids_request_assignment_selected: RequestsSelected,
})

/** An open assignment of a patient, as the patient's record and the lists show it. */
export const Assignment = v.object({
  id: v.string(),
  patient_id: v.string(),
  user_id: v.string(),
  user_name: v.string(),
  rule_id: v.nullable(v.string()),
  assigned_by: v.nullable(v.string()),
  created_at: v.string(),
})
export type Assignment = v.InferOutput<typeof Assignment>

/** What an assign / unassign / decide call did. */
export const AssignmentOutcome = v.object({
  /** Assignments made (or ended, for unassign) — pairs already in that state are not counted. */
  assigned: v.number(),
  unassigned: v.number(),
  /** Patients put in a waiting request instead (a caller without assignments.create). */
  requested: v.number(),
  refused: v.number(),
  request_id: v.nullable(v.string()),
})
export type AssignmentOutcome = v.InferOutput<typeof AssignmentOutcome>

export const NotAssignedTotal = v.object({ total: v.number() })

/** A row of the concentrated requests table. */
export const AssignmentRequestRow = v.object({
  id: v.string(),
  user_id: v.string(),
  user_name: v.string(),
  requested_by_name: v.nullable(v.string()),
  state: v.picklist(REQUEST_STATES),
  patients: v.number(),
  waiting: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type AssignmentRequestRow = v.InferOutput<typeof AssignmentRequestRow>

export const AssignmentRequestPatient = v.object({
  patient_id: v.string(),
  patient_name: v.string(),
  curp: v.string(),
  payroll_number: v.nullable(v.string()),
  state: v.picklist(REQUEST_STATES),
  decided_at: v.nullable(v.string()),
})
export const AssignmentRequestDetail = v.object({
  ...AssignmentRequestRow.entries,
  patients_list: v.array(AssignmentRequestPatient),
})
export type AssignmentRequestDetail = v.InferOutput<typeof AssignmentRequestDetail>

export const HISTORY_ACTIONS = [
  'assigned',
  'unassigned',
  'requested',
  'authorized',
  'refused',
  'cancelled',
] as const
export const HistoryEntry = v.object({
  id: v.string(),
  action: v.picklist(HISTORY_ACTIONS),
  actor_name: v.nullable(v.string()),
  request_id: v.nullable(v.string()),
  at: v.string(),
})
export const AssignmentHistory = v.object({
  user_name: v.string(),
  patient_name: v.string(),
  entries: v.array(HistoryEntry),
})
export type AssignmentHistory = v.InferOutput<typeof AssignmentHistory>

/** An assignation-patient rule (SPEC §3 "top-filter data"). */
export const AssignationRuleForm = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(120)),
  user_id: Id,
  filters: v.pipe(
    PatientFilters,
    // A rule with no filter would hand every patient of the tenant to one professional.
    v.check((filters) => Object.values(filters).some((value) => value), 'assignment.notEmpty'),
  ),
})
export type AssignationRuleForm = v.InferInput<typeof AssignationRuleForm>
export const AssignationRule = v.object({
  id: v.string(),
  name: v.string(),
  user_id: v.string(),
  user_name: v.string(),
  filters: v.record(v.string(), v.string()),
  patients: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type AssignationRule = v.InferOutput<typeof AssignationRule>

const Option = v.object({ value: v.string(), label: v.string() })
/** GET /get-filters/concentrated-assignment. */
export const ConcentratedFilters = v.object({
  states: v.array(v.picklist(REQUEST_STATES)),
  professionals: v.array(Option),
})
/** GET /get-filters/assignation-patient: the professionals and the values the top filters take. */
export const AssignationFilters = v.object({
  professionals: v.array(Option),
  administrative_status: v.array(v.string()),
  gender: v.array(v.string()),
  exam_frequency: v.array(v.string()),
  address_state_code: v.array(v.string()),
  address_municipality_code: v.array(v.string()),
})
export type AssignationFilters = v.InferOutput<typeof AssignationFilters>
