import { ageOn } from '../contract/rules/age'
import { isoToDateText } from '../contract/rules/formats'
import type { DigitalRecord } from '../contract/schemas/digital-record'
import { RECORD_SECTIONS, type RecordSection } from '../contract/schemas/record-sections'
import type { SpecialLabel } from '../contract/schemas/special-labels'
import type { DocumentFrame } from './consultation-page'
import { consultationTexts } from './consultation-texts'
import { vitalSignPrint, vitalSignValue } from './consultation-vital-signs'
import { digitalRecordTexts } from './digital-record-texts'
import { recordEntrySummary } from './record-entry-summary'
import { type EntryWords, type RecordNames, type TimelineEntry, timelineOf } from './record-timeline'
import { latestPregnancy, latestVitalSigns } from './record-vital-signs'
import { parseInstant, zonedDayAndTime } from './zoned-time'

/**
 * What the digital record's document needs beyond the record itself, each side reading it from
 * its own store (the device its cache, the server its tables) in the document's language.
 */
export interface DigitalRecordContext extends Pick<DocumentFrame, 'language' | 'timeZone' | 'tenant'> {
  names: RecordNames
  /** The patient's sex in words (the biological sex's name, else the gender's). */
  sex: string | null
  /** The tenant's special labels, to name the sublabels the patient carries. */
  specialLabels: readonly SpecialLabel[]
  /** The document's date when the record holds no server stamp yet (all of it made on this device). */
  now: Date
}

/** The whole record as its document prints it: every text already in the document's language. */
export interface DigitalRecordDocumentInput extends Pick<DocumentFrame, 'language' | 'timeZone' | 'tenant'> {
  generatedAt: Date
  /** The patient's id; printed nowhere, it tells two documents apart. */
  patientId: string
  patient: {
    name: string
    curp: string | null
    nss: string | null
    birth_date: string | null
    age: number | null
    sex: string | null
    payroll_number: string | null
    blood_type: string | null
  }
  alerts: {
    allergies: string[]
    alertsAndNeeds: string[]
    labels: string[]
    /** "Pregnancy recorded on YYYY/MM/DD" when the latest answer was yes; null otherwise. */
    pregnancy: string | null
  }
  vitalSigns: Array<{ label: string; value: string; when: string; source: string }>
  sections: Array<{ title: string; entries: string[] }>
  timeline: Array<{ when: string; kind: string; title: string; lines: string[] }>
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** YYYY/MM/DD, with HH:MM when the record has a time (SPEC §9). */
export const entryDate = (entry: Pick<TimelineEntry, 'day' | 'time'>) =>
  entry.time ? `${isoToDateText(entry.day)} ${entry.time}` : isoToDateText(entry.day)

/**
 * The record's last change: the newest server stamp among the patient and every row, so the same
 * record prints the same file on the device and on the server, and twice on either (decision 0010).
 */
function lastChange(record: DigitalRecord, now: Date): Date {
  const rows: Array<Record<string, unknown>> = [
    record.patient as unknown as Record<string, unknown>, // the patient row, read like the others
    ...record.sections,
    ...Object.values(record.records).flat(),
  ]
  let latest: number | null = null
  for (const row of rows) {
    const stamp = text(row.updated_at)
    if (stamp === null) continue
    const time = parseInstant(stamp).getTime()
    if (!Number.isNaN(time) && (latest === null || time > latest)) latest = time
  }
  return latest === null ? now : new Date(latest)
}

/** The sublabels the patient carries, "Label: sublabel", labels by name and sublabels in their order. */
function carriedLabels(ids: unknown, labels: readonly SpecialLabel[]): string[] {
  const carried = new Set(Array.isArray(ids) ? ids.map(String) : [])
  return [...labels]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((label) =>
      label.sublabels
        .filter((sublabel) => carried.has(sublabel.id))
        .map((sublabel) => `${label.name}: ${sublabel.name}`),
    )
}

/** A section's live entries, oldest first (as the record page lists them), each in one line. */
export function sectionEntries(record: DigitalRecord, names: RecordNames, section: RecordSection): string[] {
  const nameOf = (code: string) =>
    section === 'covid-status'
      ? names.lists['covid-statuses']?.get(code)
      : (names.catalogue.get(code) ?? names.lists['medical-conditions']?.get(code))
  return record.sections
    .filter((entry) => entry.section === section && !entry.deleted_at)
    .sort((a, b) => String(a.created_at ?? a.id).localeCompare(String(b.created_at ?? b.id)))
    .map((entry) => recordEntrySummary(entry, nameOf))
}

/** The record's words for the screen and the document: the timeline and the rules over it. */
export function recordWords(
  context: Pick<DigitalRecordContext, 'language' | 'timeZone' | 'names'>,
): EntryWords {
  return { language: context.language, timeZone: context.timeZone, names: context.names }
}

/**
 * A patient's whole record as its document reads it (issue 24). The device and the server both
 * call this with the same rows, so they print the same bytes (decision 0010).
 */
export function digitalRecordDocumentOf(
  record: DigitalRecord,
  context: DigitalRecordContext,
): DigitalRecordDocumentInput {
  const texts = digitalRecordTexts[context.language]
  const signTexts = consultationTexts[context.language]
  const generatedAt = lastChange(record, context.now)
  const { day: today } = zonedDayAndTime(generatedAt, context.timeZone)
  const timeline = timelineOf(record.records, recordWords(context))
  const patient = record.patient as unknown as Record<string, unknown> // its fields, read by name
  const birthDate = text(patient.birth_date)
  const pregnancy = latestPregnancy(timeline)
  return {
    language: context.language,
    timeZone: context.timeZone,
    tenant: context.tenant,
    generatedAt,
    patientId: record.patient.id,
    patient: {
      name: [text(patient.name), text(patient.last_name), text(patient.second_last_name)]
        .filter(Boolean)
        .join(' '),
      curp: text(patient.curp),
      nss: text(patient.nss),
      birth_date: birthDate,
      age: birthDate ? ageOn(birthDate, today) : null,
      sex: context.sex,
      payroll_number: text(patient.payroll_number),
      blood_type: text(patient.blood_type),
    },
    alerts: {
      allergies: sectionEntries(record, context.names, 'allergies-tolerances'),
      alertsAndNeeds: sectionEntries(record, context.names, 'alerts-and-special-needs'),
      labels: carriedLabels(patient.special_sublabel_ids, context.specialLabels),
      pregnancy: pregnancy?.pregnant ? texts.pregnancyRecorded(isoToDateText(pregnancy.day)) : null,
    },
    vitalSigns: latestVitalSigns(timeline).map((latest) => ({
      label: vitalSignPrint(latest.sign, signTexts).label,
      value: vitalSignValue(latest.sign, latest.value, signTexts),
      when: entryDate(latest),
      source: texts.kinds[latest.kind],
    })),
    sections: RECORD_SECTIONS.map((section) => ({
      title: texts.sectionNames[section],
      entries: sectionEntries(record, context.names, section),
    })),
    timeline: timeline.map((entry) => ({
      when: entryDate(entry),
      kind: texts.kinds[entry.kind],
      title: entry.title,
      lines: entry.lines,
    })),
  }
}
