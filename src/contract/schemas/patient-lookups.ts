import * as v from 'valibot'
import { Curp } from '../rules/curp'
import { DataTableQuery } from './data-table'
import { SublabelOption } from './special-labels'
import { UNASSIGNED } from './unassigned'

export { UNASSIGNED }

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/** GET /patients/validate-curp/{curp}: is the CURP free in this tenant? */
export const CurpParams = v.object({ curp: Curp })
/** GET /patients/validate-curp/{curp}/{userId}: the same, the patient being edited aside. */
export const CurpOfPatientParams = v.object({ curp: Curp, id: Id })

/**
 * The answer of validate-curp. A CURP held by another patient is not available; when that
 * patient is active, `message` is SPEC §8's "El usuario ya se encuentra activo…" and the client
 * opens that patient's edit page. To a caller who may not see the holder, only "taken": no id and
 * no status (`active` null), as when the CURP is free.
 */
export const CurpCheck = v.object({
  available: v.boolean(),
  patient_id: v.nullable(v.string()),
  active: v.nullable(v.boolean()),
  message: v.nullable(v.string()),
})
export type CurpCheck = v.InferOutput<typeof CurpCheck>

/** GET /patients/show/{nomina}: a payroll number as the tenant writes it. */
export const PayrollParams = v.object({
  nomina: v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.maxLength(50)),
})

/**
 * GET /get-filters/patients: what the patients table may be filtered by, and how many patients
 * the server holds in the caller's view (the list offers its server mode by it). The assigned
 * professionals are the health professionals, listed to holders of `assignments.assigned-filter`
 * (empty otherwise). The special sublabels are the tenant's live ones with their label's name.
 */
export const PatientFilters = v.object({
  administrative_statuses: v.array(v.object({ code: v.string(), name: v.string() })),
  /** The subgroup items (ids) patients carry; their names come from the subgroups catalogue. */
  subgroups: v.array(v.string()),
  special_sublabels: v.array(SublabelOption),
  professionals: v.array(v.object({ value: v.string(), label: v.string() })),
  total: v.number(),
})
export type PatientFilters = v.InferOutput<typeof PatientFilters>

/**
 * The filter keys of the patients table and its download (`filters={"subgroup":"Planta 2"}`).
 * `assigned_to` is a professional's id, or UNASSIGNED for the patients nobody has;
 * `special_sublabel` a sublabel's id, one of the patient's.
 */
export const PATIENT_TABLE_FILTERS = [
  'administrative_status',
  'subgroup',
  'special_sublabel',
  'assigned_to',
] as const
/** The permission that lets a list be filtered by assigned professional (SPEC §6 "assigned filter"). */
export const ASSIGNED_FILTER_PERMISSION = 'assignments.assigned-filter'

/** GET /patients/download{filters}: the table's search, filters and order, without paging. */
export const PatientsDownloadQuery = v.pick(DataTableQuery, [
  'sortBy',
  'sortColumns',
  'sort',
  'search',
  'searchColumns',
  'filters',
])
