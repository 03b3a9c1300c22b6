import type { AmendableField, EncounterWithAmendments } from '../contract/schemas/encounters'
import {
  CONSULTATION_PARTS,
  type ConsultationDocumentInput,
  type ConsultationPart,
} from './consultation-input'

/**
 * What a consultation's documents need beyond the stored consultation, each side reading it from
 * its own store (the device its cache, the server its tables) in the document's language.
 */
export interface ConsultationContext {
  language: ConsultationDocumentInput['language']
  timeZone: string
  tenant: ConsultationDocumentInput['tenant']
  patient: ConsultationDocumentInput['patient']
  /** The reason for consultation's name, if the catalogue still holds it. */
  reason: string | null
  /** Affected systems' names by id (the catalogue's, inactive ones included). */
  systems: ReadonlyMap<string, string>
}

/** The part of the note each amendable field belongs to, as the history names it. */
const PART_OF: Record<AmendableField, ConsultationPart> = {
  type: 'type',
  started_at: 'date',
  modality: 'modality',
  call_duration: 'modality',
  reason_id: 'reason',
  weight_kg: 'vital-signs',
  height_m: 'vital-signs',
  temperature_c: 'vital-signs',
  oximetry: 'vital-signs',
  systolic: 'vital-signs',
  diastolic: 'vital-signs',
  heart_rate: 'vital-signs',
  respiratory_rate: 'vital-signs',
  glucose: 'vital-signs',
  diagnoses: 'diagnoses',
  subjective: 'subjective',
  objective: 'objective',
  analysis: 'analysis',
  plan: 'plan',
  prescription: 'prescription',
}

/** The parts an amendment changed, in the note's order. */
function partsChanged(changes: EncounterWithAmendments['amendments'][number]['changes']): ConsultationPart[] {
  const parts = new Set(Object.keys(changes).map((field) => PART_OF[field as AmendableField]))
  return CONSULTATION_PARTS.filter((part) => parts.has(part))
}

/**
 * A stored consultation (as `GET /patients/encounter/show/{id}` answers it, amendments included)
 * as its documents read it (decision 0024). The device and the server both call this, so the
 * same consultation gives the same bytes on both. The document's date is the consultation's last
 * change, not the clock: asked for twice, it is the same file.
 */
export function consultationDocumentOf(
  encounter: EncounterWithAmendments,
  context: ConsultationContext,
): ConsultationDocumentInput {
  return {
    language: context.language,
    timeZone: context.timeZone,
    generatedAt: new Date(encounter.updated_at),
    tenant: context.tenant,
    prescriber: {
      name: encounter.prescriber?.name ?? '',
      title: encounter.prescriber?.title ?? '',
      professional_license: encounter.prescriber?.professional_license ?? '',
    },
    patient: context.patient,
    consultation: {
      id: encounter.id,
      type: encounter.type === 'follow_up' ? 'follow-up' : 'initial',
      modality: encounter.modality === 'remote' ? 'remote' : 'on-site',
      call_duration: encounter.call_duration,
      occurred_at: encounter.started_at,
      reason: context.reason,
      vital_signs: {
        weight_kg: encounter.weight_kg,
        height_m: encounter.height_m,
        temperature_c: encounter.temperature_c,
        oximetry: encounter.oximetry,
        systolic: encounter.systolic,
        diastolic: encounter.diastolic,
        heart_rate: encounter.heart_rate,
        respiratory_rate: encounter.respiratory_rate,
        glucose: encounter.glucose,
      },
      diagnoses: encounter.diagnoses.map((diagnosis) => ({
        code: diagnosis.code,
        name: diagnosis.name,
        affected_system: context.systems.get(diagnosis.affected_system_id) ?? null,
      })),
      notes: {
        subjective: encounter.subjective,
        objective: encounter.objective,
        analysis: encounter.analysis,
        plan: encounter.plan,
      },
      prescription: encounter.prescription.map((line) => ({
        medicine: line.medicine_name,
        presentation: line.presentation_name,
        dose: line.dose,
        quantity: line.quantity,
        unit: line.unit,
        via: line.via,
        every_hours: line.every_hours,
        for_days: line.for_days,
        indications: line.indications ?? null,
      })),
      amendments: encounter.amendments.map((amendment) => ({
        at: amendment.amended_at,
        by: amendment.amended_by?.name ?? '',
        changed: partsChanged(amendment.changes),
      })),
    },
  }
}
