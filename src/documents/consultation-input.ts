import type { DoseInstruction } from '../contract/rules/dose-instruction'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * A consultation as its two documents read it (issue 19): the consultation note and the
 * prescription. Its own type, not the stored record's: the device and the server each map their
 * rows onto it (names from the catalogues already in the document's language), and the builders
 * print only what is here, so the same input gives the same bytes on both sides (decision 0010).
 */
export interface ConsultationDocumentInput {
  language: DocumentLanguage
  /** The IANA zone the dates and times are printed in. */
  timeZone: string
  /**
   * Printed in the footer and set as the PDF's creation date. The record's last change (not the
   * clock) makes the document the same whenever and wherever it is asked for.
   */
  generatedAt: Date
  tenant: {
    name: string
    /** A PNG or JPEG data URL; anything else prints no logo. */
    logo: string | null
    /** One line under the name: street, town, phone. */
    address: string | null
  }
  prescriber: {
    name: string
    /** The practitioner's title as it goes on a prescription: "Médica cirujana". */
    title: string
    /** Cédula profesional. */
    professional_license: string
  }
  patient: {
    name: string
    /** YYYY-MM-DD; the age printed is the one on the consultation's day. */
    birth_date: string | null
    /** The sex's name in the document's language. */
    sex: string | null
    curp: string | null
  }
  consultation: ConsultationRecord
}

export type ConsultationType = 'initial' | 'follow-up'
export type ConsultationModality = 'on-site' | 'remote'

export interface ConsultationRecord {
  /** The consultation's id (UUIDv7); printed in no line, it only tells two documents apart. */
  id: string
  type: ConsultationType
  modality: ConsultationModality
  /** HH:MM of a remote consultation's call. */
  call_duration: string | null
  /** When the consultation took place (ISO or PostgreSQL's text form). */
  occurred_at: string
  /** The reason for consultation's name. */
  reason: string | null
  vital_signs: VitalSigns
  diagnoses: readonly ConsultationDiagnosis[]
  notes: { subjective: string | null; objective: string | null; analysis: string | null; plan: string | null }
  prescription: readonly PrescriptionLine[]
  /** NOM-004: every change after the original note, oldest first. */
  amendments: readonly Amendment[]
}

/** Vital signs and somatometry in the units stored (kg, m, °C, %, mmHg, per minute, mg/dL). */
export interface VitalSigns {
  weight_kg?: number | null
  height_m?: number | null
  temperature_c?: number | null
  oximetry?: number | null
  systolic?: number | null
  diastolic?: number | null
  heart_rate?: number | null
  respiratory_rate?: number | null
  glucose?: number | null
}

export interface ConsultationDiagnosis {
  /** CIE-10 code, e.g. J06.9. */
  code: string
  name: string
  /** The affected system's name, as the consultation filed the diagnosis. */
  affected_system: string | null
}

/** A medicine prescribed: what it is and how to take it. */
export interface PrescriptionLine extends DoseInstruction {
  medicine: string
  /** The presentation's form, "Tableta". */
  presentation: string
  /** The presentation's strength, "500 mg". */
  dose: string
  indications: string | null
}

/** The parts of a consultation an amendment may change, named in the history. */
export const CONSULTATION_PARTS = [
  'type',
  'date',
  'modality',
  'reason',
  'vital-signs',
  'diagnoses',
  'subjective',
  'objective',
  'analysis',
  'plan',
  'prescription',
] as const
export type ConsultationPart = (typeof CONSULTATION_PARTS)[number]

export interface Amendment {
  /** When the change was saved (ISO or PostgreSQL's text form). */
  at: string
  /** Who saved it. */
  by: string
  changed: readonly ConsultationPart[]
}
