import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type EntityTable,
  type Middleware,
  type Table,
  type Transaction,
} from 'dexie'
import type { FileType } from '../contract/rules/files'
import type { TriageClassification } from '../contract/rules/triage-classification'
import type {
  AdmissionExamAmendment,
  AdmissionExamAuthor,
  AdmissionResult,
  FamilyHistory,
  HygieneHousing,
  LabResults,
  PersonalBackground,
  PhysicalExploration,
  SystemsInterrogation,
  TreatmentRow,
  WorkBackground,
} from '../contract/schemas/admission-exams'
import type { Diagnosis, Locality, Municipality } from '../contract/schemas/catalogs'
import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import type { CovidAuthor, CovidListName } from '../contract/schemas/covid'
import type { Disability } from '../contract/schemas/disabilities'
import type {
  EncounterAmendment,
  EncounterAuthor,
  Diagnosis as EncounterDiagnosis,
  PrescriptionLine,
} from '../contract/schemas/encounters'
import type { HealthCertificate } from '../contract/schemas/health-certificates'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import type { Medicine } from '../contract/schemas/medicines'
import type { OccupationalExposure } from '../contract/schemas/occupational-exposures'
import type { OpenedScreen } from '../contract/schemas/offline-openings'
import type {
  ClinicalExamResult,
  ExamAuthor,
  ExamCondition,
  PeriodicExamAmendment,
} from '../contract/schemas/periodic-exams'
import type { Habit, Meal, ReadingKind, ReadingRecorder } from '../contract/schemas/readings'
import type { RecordSection } from '../contract/schemas/record-sections'
import type { ReportAuthor, ReportRecord } from '../contract/schemas/report-amendments'
import type { ShortHistory } from '../contract/schemas/short-histories'
import type { SpecialLabel } from '../contract/schemas/special-labels'
import type {
  AdverseReaction,
  VaccinationAuthor,
  VaccinationRecordAmendment,
} from '../contract/schemas/vaccination-records'
import {
  dashboardConsultationMiddleware,
  dashboardConsultationsOf,
  type LocalDashboardConsultation,
  type LocalDashboardConsultationChange,
  type LocalDashboardConsultationPack,
  monthPacksOf,
} from './dashboard-consultations'
import {
  dashboardSummariesOf,
  dashboardSummaryMiddleware,
  type LocalDashboardSummary,
} from './dashboard-summary'
import { dashboardSummaryCodec } from './dashboard-summary-pack'
import { forgetInstalledVersion, installedVersion, rememberInstalledVersion } from './installed-version'
import { patientSortName } from './patient-sort-name'
import {
  type LocalPeriodicExamSummary,
  periodicExamSummariesOf,
  periodicExamSummaryMiddleware,
} from './periodic-exam-summary'
import { type LocalSummaryChange, type LocalSummaryPack, packsOf } from './summary-packs'
import { type LocalTriageSummary, triageSummariesOf, triageSummaryMiddleware } from './triage-summary'
import {
  type LocalVaccinationSummary,
  vaccinationSummariesOf,
  vaccinationSummaryMiddleware,
} from './vaccination-summary'

export type { LocalDashboardConsultation } from './dashboard-consultations'
export type { LocalDashboardSummary } from './dashboard-summary'
export type { LocalPeriodicExamSummary } from './periodic-exam-summary'
export type { LocalTriageSummary } from './triage-summary'
export type { LocalVaccinationSummary } from './vaccination-summary'

/**
 * The device's database (DESIGN §5): one per user and tenant, so two nurses sharing a tablet
 * never see each other's cache. Versions are only ever added, never edited.
 *
 * Cached rows keep the server's own field names (snake_case, as the API answers them) plus
 * `syncState`, so a pulled row, an acknowledged answer and a 412's current record all land
 * without translation and a three-way merge compares like with like.
 */

export type SyncState = 'synced' | 'pending' | 'conflict' | 'rejected'

/** A cached patient: the server row (SPEC §3 Patient, as the API names it) plus its sync state. */
export interface LocalPatient {
  id: string
  curp?: string
  payroll_number?: string | null
  name?: string
  last_name?: string
  second_last_name?: string | null
  administrative_status?: string
  /** The access account's e-mail; the password never reaches this row (it stays in the outbox entry). */
  email?: string | null
  /** Whether the patient has a login account (patient mode); the server says so. */
  has_account?: boolean
  subgroups?: string[]
  /** 0 until the server has acknowledged the create. */
  version: number
  updated_at?: string
  deleted_at?: string | null
  syncState: SyncState
  /**
   * The device's own: the name as the patient list orders it (patient-sort-name.ts), set on
   * every write by the database itself (`withPatientSortName`), absent on a deleted row.
   */
  sortName?: string
  [field: string]: unknown
}

export type { ReadingKind } from '../contract/schemas/readings'

/**
 * A self-tracking reading of any kind (SPEC §2, contract READING_KINDS), with the fields of its
 * kind in SI units. Created append-only with the device's id; the patient may amend or delete
 * their own, which merges field by field like any editable record.
 */
export interface LocalReading {
  id: string
  patient_id: string
  kind: ReadingKind
  /** ISO instant; the server answers it in PostgreSQL's text form, which sorts the same. */
  taken_at: string
  note?: string | null
  /** Blood pressure (mmHg). */
  systolic?: number
  diastolic?: number
  /** Blood pressure and somatometry (beats per minute). */
  heart_rate?: number | null
  /** Glucose (mg/dL) and when it was taken. */
  glucose?: number
  moment?: string | null
  /** Somatometry, SI units. */
  weight_kg?: number
  height_m?: number | null
  waist_cm?: number | null
  hip_cm?: number | null
  temperature_c?: number | null
  oximetry?: number | null
  respiratory_rate?: number | null
  /** Nutrition of a day. */
  meals?: Meal[]
  water_ml?: number | null
  /** A habit and how often (and how much). */
  habit?: Habit
  frequency?: string
  quantity?: number | null
  /** Who recorded it: the server's word once pulled, the device's user for one taken here. */
  recorded_by?: ReadingRecorder | null
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * An entry of a patient's record sections (SPEC §3: a medical condition, a history, an
 * allergy…): editable, so it is merged field by field like a patient. `section` is its path name.
 */
export interface LocalRecordSection {
  id: string
  patient_id: string
  section: RecordSection
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A medical consultation (SPEC §3 "encounters", issue 19) as the API answers it
 * (`Encounter`): its fields, vital signs in SI units, diagnoses and prescription. Amended field by
 * field like any editable record; the server keeps each amendment (decision 0022).
 */
export interface LocalEncounter {
  id: string
  patient_id: string
  /** ISO instant in UTC (the server answers it so too): the history sorts by it. */
  started_at: string
  diagnoses: EncounterDiagnosis[]
  prescription: PrescriptionLine[]
  /** The server's word once acknowledged; the device's own user for one recorded here. */
  prescriber: EncounterAuthor | null
  /**
   * NOM-004's edits as the feed carries them (decision 0024), oldest first; absent until the
   * server has sent the consultation, and without the device's own edits until they are synced.
   */
  amendments?: EncounterAmendment[]
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A file kept with a clinical record (DESIGN §5 "Files captured offline", decision 0023): the
 * server's metadata under its own names, and the bytes while the device holds them. A file made
 * here holds its bytes until the server has them (never evicted while pending); one acknowledged
 * or pulled keeps them within the cache's budget, oldest used first out, and fetches them again
 * when someone opens it.
 */
export interface LocalFile {
  id: string
  /** The owner's declared kind ('encounter'…) and the record's id. */
  owner_kind: string
  owner_id: string
  patient_id: string
  name: string
  /** Read from the bytes (contract rules/files.ts), never from the name. */
  media_type: FileType
  size: number
  /** SHA-256 of the bytes, hex, computed before the bytes were stored. */
  sha256: string
  /** 0 until the server has acknowledged the upload. */
  version: number
  created_at?: string
  deleted_at?: string | null
  syncState: SyncState
  /** The bytes, when the device holds them. */
  blob?: Blob
  /** Device clock (ms) when the bytes were stored here. */
  cachedAt?: number
  /**
   * Device clock (ms) when the bytes were last stored or opened; absent whenever `blob` is, so
   * the index over it lists exactly the files whose bytes the device holds, oldest first.
   */
  lastUsedAt?: number
  [field: string]: unknown
}

/**
 * A COVID triage consultation (issue 20, decision 0025) as the API and the feed
 * (`covid-consultation`) answer it: append-only; `classification` is the value now (the chosen
 * one, or the last reclassification's, which the server applies: SPEC §4), `chosen_classification`
 * the professional's choice when it was recorded, beside the rule's `proposed_classification`.
 */
export interface LocalCovidConsultation {
  id: string
  patient_id: string
  /** ISO instant in UTC on every row (the mutator writes it so): the history sorts by it. */
  consulted_at: string
  status: string
  proposed_classification: TriageClassification
  classification: TriageClassification
  chosen_classification?: TriageClassification
  news2_score?: number
  reclassification_id?: string | null
  author?: CovidAuthor | null
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A reclassification (`covid-reclassification`): queued offline, applied by the server to the
 * patient's last consultation in its own order; `consultation_id` is the server's answer.
 */
export interface LocalCovidReclassification {
  id: string
  patient_id: string
  reclassified_at: string
  classification: TriageClassification
  previous_classification?: TriageClassification
  consultation_id?: string
  reason: string
  created_at?: string
  author?: CovidAuthor | null
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** A follow-up that did not take place (`covid-decline`), with its reason. */
/**
 * A patient's record opened with no network (decision 0038): the row its outbox entry settles
 * into, kept as the device's own trace of the openings it reported.
 */
export interface LocalRecordOpening {
  id: string
  patient_id: string
  opened_at: string
  /** The screen opened; notes written before the patient's record page had any mean the digital record. */
  screen?: OpenedScreen
  version: number
  syncState: SyncState
  [field: string]: unknown
}

export interface LocalCovidDecline {
  id: string
  patient_id: string
  declined_at: string
  kind: string
  reason: string
  author?: CovidAuthor | null
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** A COVID test (`covid-test`; SPEC §3: date, type, result): editable like a record section. */
export interface LocalCovidTest {
  id: string
  patient_id: string
  /** YYYY-MM-DD. */
  date: string
  type: string
  result: string
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A dose of a vaccine applied to a patient (issue 21, decision 0026) as the API and the feed
 * (`vaccination-record`) answer it: created once with the device's id, corrected by amendments
 * the server keeps (NOM-004), deleted softly. `applied_on` is a day (YYYY-MM-DD).
 */
export interface LocalVaccinationRecord {
  id: string
  patient_id: string
  vaccine_id: string
  dose_number: number
  folio: string | null
  applied_on: string
  lot: string | null
  booster: boolean
  vaccinated_abroad: boolean
  country_code: string | null
  adverse_reactions: AdverseReaction[]
  early_dose_confirmed: boolean
  /** The server's word once acknowledged; the device's own user for one recorded here. */
  author?: VaccinationAuthor | null
  /** Oldest first; absent until the server has sent the record. */
  amendments?: VaccinationRecordAmendment[]
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A periodic exam (issue 22, decision 0027) as the API and the feed (`periodic-exam`) answer it:
 * created once with the device's id, amended (NOM-004), deleted softly. `examined_on` is a day.
 * A clinical exam row recorded here carries no catalogue name until the server answers: screens
 * name it from the cached `clinicalExam` catalogue.
 */
export interface LocalPeriodicExam {
  id: string
  patient_id: string
  examined_on: string
  condition: ExamCondition
  observations: string | null
  recommendations: string | null
  exposures: OccupationalExposure[]
  clinical_exams: Array<ClinicalExamResult & { clinical_exam_name?: string; deleted_at?: string | null }>
  /** The server's word once acknowledged; the device's own user for one recorded here. */
  author?: ExamAuthor | null
  /** Oldest first; absent until the server has sent the exam. */
  amendments?: PeriodicExamAmendment[]
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * An admission (pre-employment) exam (issue 22) as the API and the feed (`admission-exam`) answer
 * it: a draft until it has a result, its seven sections null until filled, amended (NOM-004).
 */
export interface LocalAdmissionExam {
  id: string
  patient_id: string
  examined_on: string
  position: string | null
  family_history: FamilyHistory | null
  hygiene_housing: HygieneHousing | null
  personal_background: PersonalBackground | null
  work_background: WorkBackground | null
  systems_interrogation: SystemsInterrogation | null
  physical_exploration: PhysicalExploration | null
  lab_results: LabResults | null
  result: AdmissionResult | null
  conditions: string | null
  observations: string | null
  treatments: Array<Omit<TreatmentRow, 'deleted_at'> & { deleted_at?: string | null }>
  author?: AdmissionExamAuthor | null
  amendments?: AdmissionExamAmendment[]
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * A medical report (issue 23, decision 0028: a short clinical history, a health status
 * certificate, a disability or an ST-7) as the API and its feed kind answer it: created once with
 * the device's id, amended (NOM-004), some deleted softly. What only the server knows is absent
 * until it answers: the amendments, its dates; the author is this device's user until then.
 */
export type LocalReport<R extends ReportRecord> = Omit<
  R,
  'author' | 'amendments' | 'created_at' | 'updated_at' | 'deleted_at'
> & {
  author?: ReportAuthor | null
  /** Oldest first; absent until the server has sent the report. */
  amendments?: R['amendments']
  created_at?: string
  updated_at?: string
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

export type LocalShortHistory = LocalReport<ShortHistory>
export type LocalHealthCertificate = LocalReport<HealthCertificate>
/** Its modality's and status's names are the server's, or the cached catalogues' for one recorded here. */
export type LocalDisability = LocalReport<Disability>
export type LocalIncidentReport = LocalReport<IncidentReport>

/**
 * What a long form holds before it is saved (issue 22: nothing lost if the tablet sleeps or the
 * app reloads), under a key its screen chooses (`periodic-exam:create:<patient>`…). The device's
 * own: never synced, removed when the form is saved or abandoned.
 */
export interface LocalFormDraft {
  key: string
  patient_id: string
  value: unknown
  /** ISO instant (device clock), shown as "draft of …" and for clearing old drafts. */
  updatedAt: string
}

/** The kinds of record the outbox and the shadows know. */
export type SyncEntity =
  | 'patient'
  | 'reading'
  | 'recordSection'
  | 'encounter'
  | 'attachment'
  | 'covidConsultation'
  | 'covidReclassification'
  | 'covidDecline'
  | 'covidTest'
  | 'vaccinationRecord'
  | 'periodicExam'
  | 'admissionExam'
  | 'shortHistory'
  | 'healthCertificate'
  | 'disability'
  | 'incidentReport'
  /** A note that a record was opened offline, for the audit log (decision 0038); never pulled. */
  | 'recordOpening'

/** The last server copy of a record: the base of a three-way merge. */
export interface Shadow {
  entity: SyncEntity
  id: string
  version: number
  data: Record<string, unknown>
}

export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'rejected' | 'blocked'

export type MutationKind =
  | 'patient.create'
  | 'patient.update'
  /** A patient's edit of their own contact data (SPEC §2 "edit my profile"). */
  | 'patientProfile.update'
  | 'reading.create'
  | 'reading.update'
  | 'reading.delete'
  | 'recordSection.create'
  | 'recordSection.update'
  | 'recordSection.delete'
  | 'encounter.create'
  /** An amendment of a consultation, its prescription included (decision 0022). */
  | 'encounter.update'
  /** A file's upload (multipart, sent on its own) and its removal. */
  | 'attachment.create'
  | 'attachment.delete'
  /** COVID triage (decision 0025): consultations, declined follow-ups and reclassifications are appended only. */
  | 'covidConsultation.create'
  | 'covidDecline.create'
  | 'covidReclassification.create'
  | 'covidTest.create'
  | 'covidTest.update'
  | 'covidTest.delete'
  /** Vaccination records (decision 0026): created once, amended (NOM-004), deleted softly. */
  | 'vaccinationRecord.create'
  | 'vaccinationRecord.update'
  | 'vaccinationRecord.delete'
  /**
   * Occupational exams (issue 22): created once, amended (NOM-004), a periodic exam deleted
   * softly. A clinical-exam row or a treatment is removed by a DELETE of its own that amends its
   * exam (the exam stays): `.removeClinicalExam`, `.removeTreatment`.
   */
  | 'periodicExam.create'
  | 'periodicExam.update'
  | 'periodicExam.delete'
  | 'periodicExam.removeClinicalExam'
  | 'admissionExam.create'
  | 'admissionExam.update'
  | 'admissionExam.removeTreatment'
  /**
   * The medical reports (issue 23, decision 0028): created once, amended (NOM-004); a short
   * history and a disability deleted softly (SPEC gives the certificate and the ST-7 no delete).
   */
  | 'shortHistory.create'
  | 'shortHistory.update'
  | 'shortHistory.delete'
  | 'healthCertificate.create'
  | 'healthCertificate.update'
  | 'disability.create'
  | 'disability.update'
  | 'disability.delete'
  | 'incidentReport.create'
  | 'incidentReport.update'
  | 'recordOpening.create'

/** A change waiting to reach the server (DESIGN §5 "Outbox entry"). */
export interface OutboxEntry {
  seq?: number
  mutationId: string
  userId: string
  tenant: string
  kind: MutationKind
  entity: SyncEntity
  entityId: string
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body: Record<string, unknown>
  /** Sent as If-Match. Null for creates, and for an update of a record whose create is unsent. */
  baseVersion: number | null
  /**
   * What the changed fields held when the person edited them: the merge base of a 412, kept
   * here because the shadow may have moved on (a pull) since the edit was made.
   */
  baseValues?: Record<string, unknown>
  dependsOn: string[]
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  /** The server's per-field messages of a 422, shown when someone edits the entry. */
  fieldErrors?: Record<string, string[]>
  /**
   * The device clock at the first of the 5xx answers the entry has met since it last went out
   * afresh (none: it has not failed so). Kept for the sync screen alone: see `isFailingTooLong`.
   */
  failingSince?: number
  /** The device clock: shown to people, never used for ordering. */
  createdAt: string
}

export interface Conflict {
  id?: number
  entity: SyncEntity
  entityId: string
  field: string
  base: unknown
  mine: unknown
  theirs: unknown
  createdAt: string
}

/** A discarded outbox entry (DESIGN §5: nothing is dropped silently), kept with who and why. */
export interface Rejection {
  id?: number
  mutationId: string
  kind: MutationKind
  entity: SyncEntity
  entityId: string
  body: Record<string, unknown>
  /** The server's last word on it, if any. */
  error: string | null
  reason: string
  who: string
  at: string
}

/**
 * The small shared catalogs a device keeps (DESIGN §5 "catalogs"): the reference lists of SPEC §7
 * under their own names, and the other short lists under their catalog's name.
 */
export type CachedListName =
  | 'administrative-statuses'
  | 'marital-statuses'
  | 'genders'
  | 'biological-sexes'
  | 'examination-frequencies'
  | 'covid-statuses'
  | 'cases-general'
  | 'collaborator-advancement'
  | 'reason-ruled-out'
  | 'medical-conditions'
  | 'initial-symptoms'
  | 'types-of-test'
  | 'results-test'
  | 'blood-pressure-ranges'
  | 'nationalities'
  | 'federal-entities'
  | 'affected-systems'
  | CovidListName

/** One item of a small catalog, as the server answered it, at its place in the server's order. */
export interface CatalogItem {
  list: CachedListName
  code: string
  position: number
  data: Record<string, unknown>
}

/** A locality the server answered to a search on this device, kept for searching offline. */
export type CachedLocality = Locality & { search_text: string }

export interface Meta {
  key: string
  value: unknown
}

export type LocalDb = Dexie & {
  patients: EntityTable<LocalPatient, 'id'>
  readings: EntityTable<LocalReading, 'id'>
  recordSections: EntityTable<LocalRecordSection, 'id'>
  encounters: EntityTable<LocalEncounter, 'id'>
  shadows: Table<Shadow, [SyncEntity, string]>
  outbox: EntityTable<OutboxEntry, 'seq'>
  conflicts: EntityTable<Conflict, 'id'>
  rejections: EntityTable<Rejection, 'id'>
  meta: EntityTable<Meta, 'key'>
  catalogItems: Table<CatalogItem, [CachedListName, string]>
  municipalities: Table<Municipality, [string, string]>
  localities: Table<CachedLocality, [string, string, string]>
  diagnoses: EntityTable<Diagnosis, 'code'>
  specialLabels: EntityTable<SpecialLabel, 'id'>
  medicines: EntityTable<Medicine, 'id'>
  catalogueEntries: EntityTable<CatalogueEntry, 'id'>
  files: EntityTable<LocalFile, 'id'>
  covidConsultations: EntityTable<LocalCovidConsultation, 'id'>
  covidReclassifications: EntityTable<LocalCovidReclassification, 'id'>
  covidDeclines: EntityTable<LocalCovidDecline, 'id'>
  covidTests: EntityTable<LocalCovidTest, 'id'>
  triageSummaries: EntityTable<LocalTriageSummary, 'patient_id'>
  vaccinationRecords: EntityTable<LocalVaccinationRecord, 'id'>
  periodicExams: EntityTable<LocalPeriodicExam, 'id'>
  periodicExamSummaries: EntityTable<LocalPeriodicExamSummary, 'patient_id'>
  periodicExamSummaryChanges: EntityTable<LocalSummaryChange, 'patient_id'>
  periodicExamSummaryPacks: EntityTable<LocalSummaryPack, 'id'>
  admissionExams: EntityTable<LocalAdmissionExam, 'id'>
  formDrafts: EntityTable<LocalFormDraft, 'key'>
  vaccinationSummaries: EntityTable<LocalVaccinationSummary, 'patient_id'>
  vaccinationSummaryChanges: EntityTable<LocalSummaryChange, 'patient_id'>
  vaccinationSummaryPacks: EntityTable<LocalSummaryPack, 'id'>
  shortHistories: EntityTable<LocalShortHistory, 'id'>
  healthCertificates: EntityTable<LocalHealthCertificate, 'id'>
  disabilities: EntityTable<LocalDisability, 'id'>
  incidentReports: EntityTable<LocalIncidentReport, 'id'>
  recordOpenings: EntityTable<LocalRecordOpening, 'id'>
  dashboardSummaries: EntityTable<LocalDashboardSummary, 'patient_id'>
  dashboardSummaryChanges: EntityTable<LocalSummaryChange, 'patient_id'>
  dashboardSummaryPacks: EntityTable<LocalSummaryPack, 'id'>
  dashboardConsultations: EntityTable<LocalDashboardConsultation, 'id'>
  dashboardConsultationChanges: EntityTable<LocalDashboardConsultationChange, 'id'>
  dashboardConsultationPacks: EntityTable<LocalDashboardConsultationPack, 'month'>
}

/** Where the change feed's cursor is kept in `meta` (DESIGN §5 "Pulling"). */
export const CURSOR_KEY = 'pull.cursor'

export const localDbName = (tenant: string, userId: string) => `salud-${tenant}-${userId}`

export function openLocalDb({ tenant, userId }: { tenant: string; userId: string }): LocalDb {
  // Dexie adds the tables declared in version() at run time; the type above names them.
  // Without Dexie's query cache: it deep-copies every result a live query reads (the patient
  // list reads every cached patient: 100 000 copies on each open) and copies every row a bulk
  // write stores while a list watches. Live queries still re-run after each committed write.
  const name = localDbName(tenant, userId)
  const db = new Dexie(name, { cache: 'disabled' }) as LocalDb
  declareSchema(db, name)
  db.use(withPatientSortName)
  db.use(triageSummaryMiddleware(db))
  db.use(vaccinationSummaryMiddleware(db))
  db.use(periodicExamSummaryMiddleware(db))
  db.use(dashboardSummaryMiddleware(db))
  db.use(dashboardConsultationMiddleware(db))
  return db
}

/** What `declareSchemaHistory` declares with: Dexie itself, or `currentSchema`'s merge. */
interface SchemaDeclarer {
  version(version: number): SchemaVersion
}
interface SchemaVersion {
  stores(spec: { [table: string]: string | null }): SchemaVersion
  upgrade(upgrade: (tx: Transaction) => PromiseLike<unknown> | undefined): SchemaVersion
}

/** The last version's number and its whole schema: every version's changes merged, as Dexie merges them. */
function mergedSchema(): { version: number; spec: { [table: string]: string | null } } {
  let version = 0
  const spec: { [table: string]: string | null } = {}
  const step: SchemaVersion = {
    stores: (changes) => {
      Object.assign(spec, changes)
      return step
    },
    upgrade: () => step,
  }
  declareSchemaHistory({
    version: (number) => {
      version = Math.max(version, number)
      return step
    },
  })
  return { version, spec }
}

let current: ReturnType<typeof mergedSchema> | null = null
/** The schema a database opened at the last version has (worked out once). */
export const currentSchema = () => {
  current ??= mergedSchema()
  return current
}

/**
 * Issue 17, the offline cold start: Dexie parses, at each version's `stores()`, the schema of every
 * version declared before it — 190 parses for 19 versions, about 120 ms of a cold `/patients` at 4×
 * CPU throttle. A database already at the last version needs no upgrade, so it is declared as that
 * version alone, merged (one parse); the whole history only when the device may hold an older one
 * (never opened here, or last opened at an earlier version). Should local storage say "current" of
 * a database that is older (it was written by something else), the open must not skip its upgrades:
 * it fails before changing anything, the hint is forgotten, and the next start upgrades it.
 */
function declareSchema(db: Dexie, name: string): void {
  const { version, spec } = currentSchema()
  if (installedVersion(name) === version) {
    db.version(version)
      .stores(spec)
      .upgrade(() => {
        forgetInstalledVersion(name)
        throw new Error(`The database ${name} is older than its stored version: open it again to upgrade it.`)
      })
  } else declareSchemaHistory(db)
  db.on('ready', () => rememberInstalledVersion(name, version))
}

/**
 * The schema's history (DESIGN §5): each version's changes and the upgrade that moves a device's
 * rows to it. A device whose database is older runs every version after its own, in order.
 */
function declareSchemaHistory(db: SchemaDeclarer): void {
  db.version(1).stores({
    patients: 'id, curp, payrollNumber, lastName, updatedAt, syncState',
    shadows: '[entity+id]',
    outbox: '++seq, &mutationId, status, entityId, [status+seq]',
    conflicts: '++id, [entity+entityId]',
    meta: 'key',
  })
  // Version 1 held no real rows yet (nothing wrote to it before the sync engine), so the
  // patient indexes move to the server's field names without an upgrade step.
  db.version(2).stores({
    patients: 'id, curp, payroll_number, last_name, updated_at, syncState',
    readings: 'id, patient_id, [patient_id+taken_at], kind, syncState',
    rejections: '++id, entityId, at',
    // Who depends on an entry: a rejection blocks them, a discard takes them along.
    outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
  })
  // The shared catalogs (issue 6): whole for the small ones, municipalities and ICD-10; the
  // localities only as the server answered them here (the whole catalog is too big to send).
  db.version(3).stores({
    catalogItems: '[list+code], list',
    municipalities: '[federal_entity_code+code], federal_entity_code',
    localities: '[federal_entity_code+municipality_code+code], [federal_entity_code+municipality_code]',
    diagnoses: 'code',
  })
  db.version(4).stores({
    recordSections: 'id, patient_id, [patient_id+section], syncState',
  })
  // Every index is written with every row: an initial sync of 100 000 patients paid for four
  // that no screen reads (the list searches its own folded text in memory). The CURP stays, for
  // the uniqueness check made offline.
  db.version(5).stores({
    patients: 'id, curp',
  })
  // The self-tracking screens read one patient's log of one kind over a date range (issue 7).
  db.version(6).stores({
    readings: 'id, patient_id, [patient_id+taken_at], [patient_id+kind+taken_at], kind, syncState',
  })
  // The tenant's own catalogues (decision 0015), whole, refreshed by their versions like the
  // shared ones. New tables only: the rows of every earlier table stay as they are.
  db.version(7).stores({
    specialLabels: 'id',
    medicines: 'id, name',
  })
  // The patient list's order (decision 0017): its first page and its count come from this index
  // on a cold start, before the rest is read. By name and then id, so the list can be read in
  // slices that start where the last one ended. Deleted rows carry no sort name: not indexed.
  db.version(8)
    .stores({ patients: 'id, curp, [sortName+id]' })
    .upgrade((tx) =>
      tx
        .table<LocalPatient, string>('patients')
        .toCollection()
        .modify((patient) => {
          const sortName = sortNameOf(patient)
          if (sortName === undefined) delete patient.sortName
          else patient.sortName = sortName
        }),
    )
  // The simple tenant catalogues (issue 18, decision 0018): every value of each, whole, read by
  // catalogue. A new table only.
  db.version(9).stores({
    catalogueEntries: 'id, catalogue',
  })
  // Medical consultations (issue 19, decision 0022): a patient's history is read newest first
  // from [patient_id+started_at]. A new table only.
  db.version(10).stores({
    encounters: 'id, patient_id, [patient_id+started_at], syncState',
  })
  // Files captured offline (decision 0023): by owner for the record's screens, by patient for
  // the record, and by last use for the cache's eviction. Version 10 is the consultations'.
  db.version(11).stores({
    files: 'id, [owner_kind+owner_id], patient_id, lastUsedAt',
  })
  // COVID triage (issue 20, decision 0025): a patient's consultations, reclassifications,
  // declined follow-ups and tests, each read by patient in time order. New tables only.
  // The triage's lists are held with the reference lists: a device that already holds those
  // fetches them again once, to take the COVID ones along.
  db.version(12)
    .stores({
      covidConsultations: 'id, patient_id, [patient_id+consulted_at], syncState',
      covidReclassifications: 'id, patient_id, [patient_id+reclassified_at]',
      covidDeclines: 'id, patient_id, [patient_id+declined_at]',
      covidTests: 'id, patient_id, [patient_id+date]',
    })
    .upgrade((tx) => tx.table<Meta, string>('meta').delete('catalog.version.reference-lists'))
  // The COVID triage list's summary (issue 20, decision 0025): a row per patient with a triage,
  // kept by the database itself (triage-summary.ts). `/covid` reads its first page in its order
  // (the most urgent, then the latest consultation, first: `rank` and `recency` ascend so),
  // filtered by status, by classification or both, and counts each status and the declined
  // follow-ups from these indexes. The upgrade computes every patient's from the rows here.
  db.version(13)
    .stores({
      triageSummaries:
        'patient_id, [rank+recency+patient_id], [status+rank+recency+patient_id], [classification+recency+patient_id], [status+classification+recency+patient_id], [status+classification], [declined+classification]',
    })
    .upgrade(async (tx) => {
      const [consultations, reclassifications, declines] = await Promise.all([
        tx.table<LocalCovidConsultation, string>('covidConsultations').toArray(),
        tx.table<LocalCovidReclassification, string>('covidReclassifications').toArray(),
        tx.table<LocalCovidDecline, string>('covidDeclines').toArray(),
      ])
      const ids = [...new Set(consultations.map((row) => row.patient_id))]
      const patients = await tx.table<LocalPatient, string>('patients').bulkGet(ids)
      const byId = new Map<string, LocalPatient>()
      for (const patient of patients) if (patient) byId.set(patient.id, patient)
      await tx
        .table<LocalTriageSummary, string>('triageSummaries')
        .bulkPut(triageSummariesOf(consultations, reclassifications, declines, byId))
    })
  // Vaccination records (issue 21, decision 0026): a patient's card reads them by patient, and
  // the `/vaccinations` list works out every patient's due dates from all of them at once, read
  // in patient order from the same index (each patient's records side by side, one pass).
  // Earlier app versions skipped the feed's `vaccination-record` changes while moving the cursor
  // past them: forgetting the cursor makes the next pull start from the beginning and bring them.
  // The outbox, and the rows it refers to, stay as they are (a pulled row never overwrites one
  // with queued changes), so nothing unsent is lost.
  db.version(14)
    .stores({
      vaccinationRecords: 'id, patient_id, [patient_id+applied_on], vaccine_id, syncState',
    })
    .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY))
  // Occupational exams (issue 22, decision 0027). A patient's exams by patient, newest first from
  // [patient_id+examined_on]; the periodic exams' due list over every patient reads the keys of
  // [patient_id+examined_on+condition] alone, in patient order, so each patient's latest exam and
  // its rating are the last key of its run (no row is copied out of IndexedDB for it; `syncState`
  // finds the few deleted here and not yet sent).
  // Form drafts (the admission exam's long form, a periodic exam being written) by patient.
  // Version 14 is the vaccination records'. Earlier versions moved the feed's cursor past the
  // exams: forgetting it brings them again, the outbox kept (as version 14 does).
  db.version(15)
    .stores({
      periodicExams:
        'id, patient_id, [patient_id+examined_on], [patient_id+examined_on+condition], syncState',
      admissionExams: 'id, patient_id, [patient_id+examined_on], syncState',
      formDrafts: 'key, patient_id, updatedAt',
    })
    .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY))
  // The `/vaccinations` index's summary (issue 21, decisions 0026 and 0025's pattern): a compact
  // row per patient of the due-date rule's inputs and what the index shows, kept by the database
  // itself (vaccination-summary.ts); the index reads every row and works the due dates out for
  // the day. Read whole, so by their keys alone: the rows packed a thousand to a record, and the
  // patients whose row changed since. The upgrade computes every row from the rows here, packed.
  db.version(16)
    .stores({
      vaccinationSummaries: 'patient_id',
      vaccinationSummaryChanges: 'patient_id',
      vaccinationSummaryPacks: 'id',
    })
    .upgrade(async (tx) => {
      const [patients, records] = await Promise.all([
        tx.table<LocalPatient, string>('patients').toArray(),
        tx.table<LocalVaccinationRecord, string>('vaccinationRecords').toArray(),
      ])
      const rows = vaccinationSummariesOf(patients, records)
      await tx.table<LocalVaccinationSummary, string>('vaccinationSummaries').bulkPut(rows)
      await tx.table<LocalSummaryPack, number>('vaccinationSummaryPacks').bulkPut(packsOf(rows))
    })
  // The periodic exams' due list (issue 22, decision 0027) reads one compact row per patient
  // (`periodic-exam-summary.ts`) instead of every full patient row and the exams' index keys, read
  // packed a thousand to a record with the rows changed since (`summary-packs.ts`). The upgrade
  // computes every row from the patients and exams held, packed. (16 is the vaccination summary.)
  db.version(17)
    .stores({
      // The index of each patient's latest exam and rating by its keys goes: the summary holds them.
      periodicExams: 'id, patient_id, [patient_id+examined_on], syncState',
      periodicExamSummaries: 'patient_id',
      periodicExamSummaryChanges: 'patient_id',
      periodicExamSummaryPacks: 'id',
    })
    .upgrade(async (tx) => {
      const [patients, exams] = await Promise.all([
        tx.table<LocalPatient, string>('patients').toArray(),
        tx.table<LocalPeriodicExam, string>('periodicExams').toArray(),
      ])
      const rows = periodicExamSummariesOf(patients, exams)
      await tx.table<LocalPeriodicExamSummary, string>('periodicExamSummaries').bulkPut(rows)
      await tx.table<LocalSummaryPack, number>('periodicExamSummaryPacks').bulkPut(packsOf(rows))
    })
  // The medical reports (issue 23, decision 0028): each read by patient, newest first from its
  // day; the disabilities also by the days they cover (the index's period filter, the lost days)
  // and the ST-7 by the disability it links. Earlier versions moved the feed's cursor past these
  // four kinds: forgetting it brings them again, the outbox kept (as versions 14 and 15 do).
  db.version(18)
    .stores({
      shortHistories: 'id, patient_id, [patient_id+recorded_on], syncState',
      healthCertificates: 'id, patient_id, [patient_id+issued_on], syncState',
      disabilities: 'id, patient_id, [patient_id+start_date], start_date, end_date, syncState',
      incidentReports: 'id, patient_id, [patient_id+occurred_on], disability_id, syncState',
    })
    .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY))
  // The dashboard (issue 24, decision 0032) reads one compact row per patient of what its rules
  // read of the patient, their doses, latest exam, triage consultations and disabilities
  // (`dashboard-summary.ts`), packed a thousand to a record, and the consultations with a
  // diagnosis by the months around its period (`dashboard-consultations.ts`), packed a month to a
  // record; both with the rows changed since. The upgrade computes every row from the rows here.
  db.version(19)
    .stores({
      dashboardSummaries: 'patient_id',
      dashboardSummaryChanges: 'patient_id',
      dashboardSummaryPacks: 'id',
      dashboardConsultations: 'id, patient_id, month',
      dashboardConsultationChanges: 'id',
      dashboardConsultationPacks: 'month',
    })
    .upgrade(async (tx) => {
      await rewriteDashboardSummaries(tx)
      const encounters = await tx.table<LocalEncounter, string>('encounters').toArray()
      const consultations = dashboardConsultationsOf(encounters)
      await tx.table<LocalDashboardConsultation, string>('dashboardConsultations').bulkPut(consultations)
      await tx
        .table<LocalDashboardConsultationPack, string>('dashboardConsultationPacks')
        .bulkPut(monthPacksOf(consultations))
    })
  // The affected systems' concentrated index (issue 24) reads the consultations of a period over
  // every patient: by their instant alone. An index added to the consultations' table; no rows change.
  db.version(21).stores({
    encounters: 'id, patient_id, [patient_id+started_at], started_at, syncState',
  })
  // The dashboard's per-patient rows hold the doses as the vaccination rule reads them and the next
  // periodic exam's due day worked out when written (decision 0035): every row computed again.
  db.version(22).stores({}).upgrade(rewriteDashboardSummaries)
  // The notes of digital records opened offline (decision 0038): a table of their own, no rows change.
  db.version(25).stores({ recordOpenings: 'id, patient_id' })
  // The dashboard learns which months' packs it already holds parsed from their keys alone
  // (`dashboard-consultations.ts`): an index over each pack's month and packing; no rows change.
  db.version(26).stores({ dashboardConsultationPacks: 'month, [month+packing]' })
}

/**
 * Every dashboard summary row computed again from the rows here, and packed (versions 19 and 22:
 * the rows' shape changed): what an older version left is cleared first.
 */
async function rewriteDashboardSummaries(tx: Transaction): Promise<void> {
  const [patients, vaccinationRecords, periodicExams, covidConsultations, disabilities] = await Promise.all([
    tx.table<LocalPatient, string>('patients').toArray(),
    tx.table<LocalVaccinationRecord, string>('vaccinationRecords').toArray(),
    tx.table<LocalPeriodicExam, string>('periodicExams').toArray(),
    tx.table<LocalCovidConsultation, string>('covidConsultations').toArray(),
    tx.table<LocalDisability, string>('disabilities').toArray(),
  ])
  const rows = dashboardSummariesOf({
    patients,
    vaccinationRecords,
    periodicExams,
    covidConsultations,
    disabilities,
  })
  const summaries = tx.table<LocalDashboardSummary, string>('dashboardSummaries')
  const packs = tx.table<LocalSummaryPack, number>('dashboardSummaryPacks')
  await Promise.all([summaries.clear(), packs.clear(), tx.table('dashboardSummaryChanges').clear()])
  await summaries.bulkPut(rows)
  await packs.bulkPut(packsOf(rows, dashboardSummaryCodec))
}

const sortNameOf = (patient: LocalPatient) => (patient.deleted_at ? undefined : patientSortName(patient))

/**
 * Gives every patient row the database stores its sort name, whichever code writes it (the
 * pull, a mutator, an acknowledgement, a merge): the index is then never out of step with the
 * names. Dexie's `modify` and `update` reach the database as puts of whole rows, so puts and adds
 * are all there is to see. The rows are copied, not changed under their writer.
 */
const withPatientSortName: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'patientSortName',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name)
      if (name !== 'patients') return table
      return {
        ...table,
        mutate(request: DBCoreMutateRequest) {
          if (request.type !== 'put' && request.type !== 'add') return table.mutate(request)
          const values = request.values.map((patient: LocalPatient) => {
            const sortName = sortNameOf(patient)
            if (patient.sortName === sortName) return patient
            if (sortName !== undefined) return { ...patient, sortName }
            const { sortName: _deleted, ...row } = patient
            return row
          })
          return table.mutate({ ...request, values })
        },
      }
    },
  }),
}

/** What the sync engine needs of any cached row, whatever its kind. */
export interface LocalRow {
  id: string
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** The table that holds an entity's visible rows. */
export function rowTable(db: LocalDb, entity: SyncEntity): Table<LocalRow, string> {
  const table = {
    patient: db.patients,
    reading: db.readings,
    recordSection: db.recordSections,
    encounter: db.encounters,
    attachment: db.files,
    covidConsultation: db.covidConsultations,
    covidReclassification: db.covidReclassifications,
    covidDecline: db.covidDeclines,
    covidTest: db.covidTests,
    vaccinationRecord: db.vaccinationRecords,
    periodicExam: db.periodicExams,
    admissionExam: db.admissionExams,
    shortHistory: db.shortHistories,
    healthCertificate: db.healthCertificates,
    disability: db.disabilities,
    incidentReport: db.incidentReports,
    recordOpening: db.recordOpenings,
  }[entity]
  // Every such table holds LocalRow-shaped rows keyed by id; the engine only touches those fields.
  return table as unknown as Table<LocalRow, string>
}

/**
 * Every table of visible synced rows, and the summaries the database keeps from some of them:
 * the scope of a transaction that may touch any entity's row.
 */
export const rowTables = (db: LocalDb) => [
  db.triageSummaries,
  db.vaccinationSummaries,
  db.vaccinationSummaryChanges,
  db.vaccinationSummaryPacks,
  db.periodicExamSummaries,
  db.periodicExamSummaryChanges,
  db.periodicExamSummaryPacks,
  db.dashboardSummaries,
  db.dashboardSummaryChanges,
  db.dashboardSummaryPacks,
  db.dashboardConsultations,
  db.dashboardConsultationChanges,
  db.dashboardConsultationPacks,
  db.patients,
  db.readings,
  db.recordSections,
  db.encounters,
  db.files,
  db.covidConsultations,
  db.covidReclassifications,
  db.covidDeclines,
  db.covidTests,
  db.vaccinationRecords,
  db.periodicExams,
  db.admissionExams,
  db.shortHistories,
  db.healthCertificates,
  db.disabilities,
  db.incidentReports,
  db.recordOpenings,
]
