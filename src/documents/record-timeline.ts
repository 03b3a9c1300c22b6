import { isoToDateText } from '../contract/rules/formats'
import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { TriageConsultation } from '../contract/schemas/covid'
import type { DigitalRecordKind } from '../contract/schemas/digital-record'
import type { Disability } from '../contract/schemas/disabilities'
import type { Encounter, VitalSign } from '../contract/schemas/encounters'
import type { HealthCertificate } from '../contract/schemas/health-certificates'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import type { PeriodicExam } from '../contract/schemas/periodic-exams'
import type { ReadingKind } from '../contract/schemas/readings'
import type { ShortHistory } from '../contract/schemas/short-histories'
import type { SyncedEntity } from '../contract/schemas/sync'
import type { VaccinationRecord } from '../contract/schemas/vaccination-records'
import { consultationTexts } from './consultation-texts'
import { vitalSignRows } from './consultation-vital-signs'
import { digitalRecordTexts } from './digital-record-texts'
import { examTexts } from './exam-texts'
import { medicalReportTexts } from './medical-report-texts'
import { medicineDirections, medicineHeading } from './prescription-lines'
import { columnsOf, type ReadingOf } from './self-tracking-columns'
import { type DocumentLanguage, selfTrackingTexts } from './self-tracking-texts'
import { triageTexts } from './triage-texts'
import { vaccinationTexts } from './vaccination-texts'
import { parseInstant, zonedDayAndTime } from './zoned-time'

/**
 * The registry of what a patient's timeline holds (issue 24): one entry per kind of clinical
 * record — where the device keeps it, which change-feed entities the server reads it from, its
 * date, its title and lines, the vital signs it took, and the screen that opens it. The device's
 * page, the device's PDF and the server's PDF all read a record through this one table, so a new
 * module joins the digital record by adding its entry here (and its kind to the contract).
 */

/** The names a record's codes and ids print as, each side reading them from its own store. */
export interface RecordNames {
  /** The tenant's catalogue values by id (reasons, vaccines, clinical exams, conditions…). */
  catalogue: ReadonlyMap<string, string>
  /** Reference lists by code, in the document's language. */
  lists: Partial<Record<'covid-statuses' | 'medical-conditions', ReadonlyMap<string, string>>>
  /** `nationalities` code → country, for doses given abroad. */
  countries: ReadonlyMap<string, string>
}

/** What a kind's lines are written with: the language, the zone and the names. */
export interface EntryWords {
  language: DocumentLanguage
  timeZone: string
  names: RecordNames
}

export type VitalSignValues = Partial<Record<VitalSign, number | null | undefined>>

/** A screen of the app that opens a record: its route and the parameters the row gives it. */
export interface EntryView {
  /** A route path of the app, with its `$name` parameters (the feature checks it is a real one). */
  to: string
  params: Record<string, string>
  /** The permission the route's guard asks for, so the timeline links only where the user may go. */
  permission: string
}

type Row = Record<string, unknown>

export interface TimelineKind<R = Row> {
  kind: DigitalRecordKind
  /** The change feed's entities the server gathers the kind from. */
  entities: readonly SyncedEntity[]
  /** The device's Dexie table that holds the kind (src/db checks it is one). */
  table: string
  /** When it happened: an ISO (or PostgreSQL text) instant, or a plain day YYYY-MM-DD. */
  when: (row: R) => string
  title: (row: R, words: EntryWords) => string
  /** What the record says, line by line ("Label: value"); the PDF prints them all, the screen the first. */
  lines: (row: R, words: EntryWords) => string[]
  /** The vital signs it took, for the record's latest ones. */
  vitalSigns?: (row: R) => VitalSignValues
  /** Its answer to "pregnancy?", when it asks (the COVID triage does). */
  pregnancy?: (row: R) => boolean | null | undefined
  view: (row: R) => EntryView
}

/**
 * Rows reach the registry as the change feed carries them (the device's cache holds the same),
 * so each kind reads its contract's shape; the one cast from a plain row is here.
 */
const kind = <R>(entry: TimelineKind<R>): TimelineKind => entry as unknown as TimelineKind

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)
const line = (label: string, value: unknown) => {
  const shown = typeof value === 'number' ? String(value) : text(value)
  return shown === null ? [] : [`${label}: ${shown}`]
}
const authorLine = (label: string, author: unknown) =>
  line(label, (author as { name?: unknown } | null | undefined)?.name)

const signsOf = (row: VitalSignValues): VitalSignValues => ({
  weight_kg: row.weight_kg,
  height_m: row.height_m,
  temperature_c: row.temperature_c,
  oximetry: row.oximetry,
  systolic: row.systolic,
  diastolic: row.diastolic,
  heart_rate: row.heart_rate,
  respiratory_rate: row.respiratory_rate,
  glucose: row.glucose,
})

/** The vital signs a record took, in words, on one line ("Peso: 70 kg, Presión arterial: …"). */
function signsLine(signs: VitalSignValues, language: DocumentLanguage): string[] {
  const texts = consultationTexts[language]
  const rows = vitalSignRows(signsOf(signs), texts)
  return rows.length === 0 ? [] : [`${texts.vitalSigns}: ${rows.map(([a, b]) => `${a} ${b}`).join(', ')}`]
}

const consultation = kind<Encounter>({
  kind: 'consultation',
  entities: ['encounter'],
  table: 'encounters',
  when: (row) => row.started_at,
  title: (row, { language, names }) => {
    const texts = consultationTexts[language]
    const type = texts.type[row.type === 'follow_up' ? 'follow-up' : 'initial']
    const modality = texts.modalities[row.modality === 'remote' ? 'remote' : 'on-site']
    return [names.catalogue.get(row.reason_id), `${type}, ${modality.toLowerCase()}`]
      .filter(Boolean)
      .join(' · ')
  },
  lines: (row, { language }) => {
    const texts = consultationTexts[language]
    const prescription = (row.prescription ?? []).map((medicine, index) => {
      const printed = {
        medicine: medicine.medicine_name,
        presentation: medicine.presentation_name,
        dose: medicine.dose,
        quantity: medicine.quantity,
        unit: medicine.unit,
        via: medicine.via,
        every_hours: medicine.every_hours,
        for_days: medicine.for_days,
        indications: medicine.indications ?? null,
      }
      return `${medicineHeading(printed, index)}: ${medicineDirections(printed, language, texts).join(' ')}`
    })
    return [
      ...line(
        texts.diagnoses,
        (row.diagnoses ?? []).map((diagnosis) => `${diagnosis.code} ${diagnosis.name}`).join('; '),
      ),
      ...signsLine(row, language),
      ...line(texts.notes.subjective, row.subjective),
      ...line(texts.notes.objective, row.objective),
      ...line(texts.notes.analysis, row.analysis),
      ...line(texts.notes.plan, row.plan),
      ...(prescription.length > 0 ? [`${texts.medicines}: ${prescription.join(' ')}`] : []),
      ...authorLine(texts.prescriber, row.prescriber),
    ]
  },
  vitalSigns: signsOf,
  view: (row) => ({
    to: '/medical-consultation/edit/$patientId/$encounterId',
    params: { patientId: row.patient_id, encounterId: row.id },
    permission: 'medical-consultation-edit',
  }),
})

const triage = kind<TriageConsultation>({
  kind: 'triage',
  entities: ['covid-consultation'],
  table: 'covidConsultations',
  when: (row) => row.consulted_at,
  title: (row, { language, names }) =>
    [
      names.lists['covid-statuses']?.get(row.status) ?? row.status,
      triageTexts[language].classifications[row.classification],
    ]
      .filter(Boolean)
      .join(' · '),
  lines: (row, { language }) => {
    const texts = triageTexts[language]
    return [
      ...line(
        texts.classification,
        row.news2_score == null
          ? texts.classifications[row.classification]
          : `${texts.classifications[row.classification]} (${texts.news2} ${row.news2_score})`,
      ),
      ...signsLine(row, language),
      ...(row.pregnancy === true ? [texts.pregnancy] : []),
      ...line(texts.notes, row.notes),
      ...authorLine(texts.professional, row.author),
    ]
  },
  vitalSigns: signsOf,
  pregnancy: (row) => row.pregnancy,
  view: (row) => ({ to: '/covid/history/$id', params: { id: row.patient_id }, permission: 'covid-history' }),
})

const vaccination = kind<VaccinationRecord>({
  kind: 'vaccination',
  entities: ['vaccination-record'],
  table: 'vaccinationRecords',
  when: (row) => row.applied_on,
  title: (row, { language, names }) => {
    const texts = vaccinationTexts[language]
    const dose = row.booster ? texts.boosterDose(row.dose_number) : `${texts.dose} ${row.dose_number}`
    return [names.catalogue.get(row.vaccine_id), dose].filter(Boolean).join(' · ')
  },
  lines: (row, { language, names }) => {
    const texts = digitalRecordTexts[language]
    const card = vaccinationTexts[language]
    const reactions = row.adverse_reactions?.length ?? 0
    return [
      ...line(card.folio, row.folio),
      ...line(card.lot, row.lot),
      ...(row.vaccinated_abroad
        ? [texts.abroad(names.countries.get(row.country_code ?? '') ?? row.country_code ?? '')]
        : []),
      ...(reactions > 0 ? [texts.adverseReactions(reactions)] : []),
      ...authorLine(texts.professional, row.author),
    ]
  },
  view: (row) => ({
    to: '/vaccinations/register-vaccine/$id/edit/$recordId',
    params: { id: row.patient_id, recordId: row.id },
    permission: 'vaccinations-register-vaccine-edit',
  }),
})

const periodicExam = kind<PeriodicExam>({
  kind: 'periodic-exam',
  entities: ['periodic-exam'],
  table: 'periodicExams',
  when: (row) => row.examined_on,
  title: (row, { language }) => {
    const texts = examTexts[language]
    return `${texts.condition}: ${texts.conditions[row.condition]}`
  },
  lines: (row, { language, names }) => {
    const texts = examTexts[language]
    const exams = (row.clinical_exams ?? [])
      .filter((exam) => !exam.deleted_at)
      .map((exam) => {
        const name = names.catalogue.get(exam.clinical_exam_id) ?? exam.clinical_exam_name ?? ''
        return exam.result ? `${name} (${exam.result})` : name
      })
    return [
      ...line(digitalRecordTexts[language].clinicalExams, exams.join('; ')),
      ...line(texts.observations, row.observations),
      ...line(texts.recommendations, row.recommendations),
      ...authorLine(texts.professional, row.author),
    ]
  },
  view: (row) => ({
    to: '/digital-record/periodic-exams/view/$patientId/$id',
    params: { patientId: row.patient_id, id: row.id },
    permission: 'periodic-exams-view',
  }),
})

const admissionExam = kind<AdmissionExam>({
  kind: 'admission-exam',
  entities: ['admission-exam'],
  table: 'admissionExams',
  when: (row) => row.examined_on,
  title: (row, { language }) => {
    const texts = examTexts[language]
    return `${texts.admissionResult}: ${row.result ? texts.admissionResults[row.result] : texts.pending}`
  },
  lines: (row, { language }) => {
    const texts = examTexts[language]
    return [
      ...line(texts.position, row.position),
      ...line(texts.admissionConditions, row.conditions),
      ...signsLine(row.physical_exploration ?? {}, language),
      ...line(texts.observations, row.observations),
      ...authorLine(texts.professional, row.author),
    ]
  },
  vitalSigns: (row) => signsOf(row.physical_exploration ?? {}),
  view: (row) => ({
    to: '/digital-record/medical-exam/detail/$patientId/$examId',
    params: { patientId: row.patient_id, examId: row.id },
    permission: 'medical-exam-detail',
  }),
})

type StoredReading = ReadingOf<ReadingKind> & {
  id: string
  patient_id: string
  kind: ReadingKind
  taken_at: string
  recorded_by?: { name: string; by_patient: boolean } | null
}

const selfTracking = kind<StoredReading>({
  kind: 'self-tracking',
  entities: ['blood-pressure', 'glucose', 'somatometry', 'nutrition', 'habit'],
  table: 'readings',
  when: (row) => row.taken_at,
  title: (row, { language }) => digitalRecordTexts[language].readings[row.kind],
  lines: (row, { language }) => {
    const texts = selfTrackingTexts[language]
    // No blood-pressure ranges here: the category needs the tenant's catalogue, the log's own PDF prints it.
    const columns = columnsOf[row.kind]({ texts, bloodPressureRanges: [] }) as Array<{
      heading: string
      cell: (reading: StoredReading) => string
    }>
    const values = columns
      .map((column) => [column.heading, column.cell(row).replaceAll('\n', ', ')] as const)
      .filter(([, value]) => value.trim() !== '')
      .map(([heading, value]) => `${heading}: ${value}`)
    const recorder = row.recorded_by
    const words = digitalRecordTexts[language]
    return [
      ...(values.length > 0 ? [values.join(' · ')] : []),
      ...(recorder ? [`${words.recordedBy}: ${recorder.by_patient ? words.byPatient : recorder.name}`] : []),
    ]
  },
  vitalSigns: (row) => signsOf(row as VitalSignValues),
  view: (row) => ({
    to: '/patients/record/$id',
    params: { id: row.patient_id },
    permission: 'patients-index',
  }),
})

const shortHistory = kind<ShortHistory>({
  kind: 'short-history',
  entities: ['short-history'],
  table: 'shortHistories',
  when: (row) => row.recorded_on,
  title: (row, { language }) =>
    `${medicalReportTexts[language].shortHistory.types[row.type] ?? row.type} · ${row.reason}`,
  lines: (row, { language }) => {
    const texts = medicalReportTexts[language].shortHistory
    return [
      ...line(texts.currentCondition, row.current_condition),
      ...signsLine(row, language),
      ...line(texts.impression, row.impression),
      ...line(texts.plan, row.plan),
      ...authorLine(digitalRecordTexts[language].professional, row.author),
    ]
  },
  vitalSigns: signsOf,
  view: (row) => ({
    to: '/clinical-history/detail/$patientId/$shortClinicalHistoryId',
    params: { patientId: row.patient_id, shortClinicalHistoryId: row.id },
    permission: 'clinical-history-detail',
  }),
})

const healthCertificate = kind<HealthCertificate>({
  kind: 'health-certificate',
  entities: ['health-certificate'],
  table: 'healthCertificates',
  when: (row) => row.issued_on,
  title: (row, { language }) => {
    const texts = medicalReportTexts[language].certificate
    return `${texts.results[row.result]} · ${texts.validityRange(isoToDateText(row.valid_from), isoToDateText(row.valid_to))}`
  },
  lines: (row, { language }) => {
    const texts = medicalReportTexts[language].certificate
    return [
      ...line(texts.restrictions, row.restrictions),
      ...line(texts.purpose, row.purpose),
      ...signsLine(row, language),
      ...line(texts.observations, row.observations),
      ...authorLine(digitalRecordTexts[language].professional, row.author),
    ]
  },
  vitalSigns: signsOf,
  view: (row) => ({
    to: '/digital-record/medical-reports/certificate-health-status/view/$patientId/$id',
    params: { patientId: row.patient_id, id: row.id },
    permission: 'certificate-health-status-view',
  }),
})

const disability = kind<Disability>({
  kind: 'disability',
  entities: ['disability'],
  table: 'disabilities',
  when: (row) => row.start_date,
  title: (row, { language, names }) =>
    [
      names.catalogue.get(row.type_id) ?? row.type_name,
      digitalRecordTexts[language].days(
        isoToDateText(row.start_date),
        isoToDateText(row.end_date),
        row.assigned_days,
      ),
    ]
      .filter(Boolean)
      .join(' · '),
  lines: (row, { language, names }) => {
    const texts = medicalReportTexts[language].disability
    return [
      ...line(texts.cause, row.cause),
      ...line(texts.reason, row.reason),
      ...line(texts.status, names.catalogue.get(row.status_id) ?? row.status_name),
      ...line(texts.issuer, texts.issuers[row.issuer]),
      ...line(texts.assignedNumber, row.assigned_number),
      ...authorLine(digitalRecordTexts[language].professional, row.author),
    ]
  },
  view: (row) => ({
    to: '/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
    params: { patientId: row.patient_id, id: row.id },
    permission: 'record-disabilities-view',
  }),
})

const incidentReport = kind<IncidentReport>({
  kind: 'incident-report',
  entities: ['incident-report'],
  table: 'incidentReports',
  when: (row) => row.occurred_on,
  title: (row, { language }) =>
    `${medicalReportTexts[language].incidentReport.kinds[row.accident_kind]} · ${row.diagnosis_code} ${row.diagnosis_name}`,
  lines: (row, { language }) => {
    const texts = medicalReportTexts[language].incidentReport
    return [
      ...line(texts.occurred, `${isoToDateText(row.occurred_on)} ${row.occurred_at}, ${row.place}`),
      ...line(texts.injuries, row.injuries),
      ...line(texts.treatment, row.treatment),
      ...line(texts.probableQualification, texts.qualifications[row.probable_qualification]),
      ...authorLine(digitalRecordTexts[language].professional, row.author),
    ]
  },
  view: (row) => ({
    to: '/digital-record/medical-reports/incident-report-st7/view/$patientId/$id',
    params: { patientId: row.patient_id, id: row.id },
    permission: 'incident-report-st7-view',
  }),
})

/** Every kind the digital record gathers, in the order its filter offers them. */
export const TIMELINE_KINDS: readonly TimelineKind[] = [
  consultation,
  triage,
  vaccination,
  periodicExam,
  admissionExam,
  selfTracking,
  shortHistory,
  healthCertificate,
  disability,
  incidentReport,
]

export const timelineKindOf = (name: DigitalRecordKind): TimelineKind => {
  const found = TIMELINE_KINDS.find((entry) => entry.kind === name)
  if (!found) throw new Error(`No timeline kind "${name}"`)
  return found
}

/** One entry of the timeline: a record of some kind, dated in the document's zone, in words. */
export interface TimelineEntry {
  kind: DigitalRecordKind
  id: string
  /** YYYY-MM-DD in the zone. */
  day: string
  /** HH:MM in the zone, or null for a record kept by day (a dose, an exam). */
  time: string | null
  title: string
  lines: string[]
  vitalSigns: VitalSignValues
  pregnancy: boolean | null
  view: EntryView
  /** The row it was made from, as the feed carries it (a screen may act on it: its own PDF). */
  row: Record<string, unknown>
}

/** A day or an instant as the zone's day and time (a day has no time). */
export function dayAndTime(when: string, timeZone: string): { day: string; time: string | null } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(when)) return { day: when, time: null }
  return zonedDayAndTime(parseInstant(when), timeZone)
}

/** Newest first: by day, a timed record after an untimed one of its day, then by kind and id. */
export function newestFirst(a: TimelineEntry, b: TimelineEntry): number {
  const keyOf = (entry: TimelineEntry) => `${entry.day} ${entry.time ?? ''}`
  const [ka, kb] = [keyOf(a), keyOf(b)]
  if (ka !== kb) return ka < kb ? 1 : -1
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/** The rows of each kind, as the feed carries them (deleted rows are left out here too). */
export type RecordRows = Partial<Record<DigitalRecordKind, ReadonlyArray<Record<string, unknown>>>>

/** Every live record of the patient as timeline entries, newest first. */
export function timelineOf(records: RecordRows, words: EntryWords): TimelineEntry[] {
  const entries: TimelineEntry[] = []
  for (const entry of TIMELINE_KINDS) {
    for (const row of records[entry.kind] ?? []) {
      if (row.deleted_at) continue
      const { day, time } = dayAndTime(entry.when(row), words.timeZone)
      entries.push({
        kind: entry.kind,
        id: String(row.id),
        day,
        time,
        title: entry.title(row, words),
        lines: entry.lines(row, words),
        vitalSigns: entry.vitalSigns?.(row) ?? {},
        pregnancy: entry.pregnancy?.(row) ?? null,
        view: entry.view(row),
        row,
      })
    }
  }
  return entries.sort(newestFirst)
}

/** The timeline's filter: the kinds shown (all when empty) and the period, each end a day, inclusive. */
export interface TimelineFilter {
  kinds: readonly DigitalRecordKind[]
  from: string | null
  to: string | null
}

export const NO_TIMELINE_FILTER: TimelineFilter = { kinds: [], from: null, to: null }

export function filterTimeline(entries: readonly TimelineEntry[], filter: TimelineFilter): TimelineEntry[] {
  return entries.filter(
    (entry) =>
      (filter.kinds.length === 0 || filter.kinds.includes(entry.kind)) &&
      (filter.from === null || entry.day >= filter.from) &&
      (filter.to === null || entry.day <= filter.to),
  )
}
