import { Trans, useLingui } from '@lingui/react/macro'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { OccupationalExposure } from '../../contract/schemas/occupational-exposures'
import type {
  ClinicalExamResult,
  ExamCondition,
  PeriodicExamField,
} from '../../contract/schemas/periodic-exams'
import type { LocalPeriodicExam } from '../../db/local-db'
import { AmendmentHistory } from '../../ui/AmendmentHistory'
import { formatDate } from '../../ui/format-date'
import { AGENT_NAMES, CONDITION_NAMES, FIELD_NAMES } from './periodic-exam-texts'

/**
 * NOM-004: the amendments of a periodic exam, oldest first — who, when, and each field before and
 * after (the clinical exam rows added, changed or removed) — as the server keeps them and the feed
 * brings them, readable offline.
 */
export function PeriodicExamHistory({
  exam,
  clinicalExams,
}: {
  exam: LocalPeriodicExam
  clinicalExams: readonly CatalogueEntry[]
}) {
  const { t, i18n } = useLingui()
  const nameOf = (id: string) => clinicalExams.find((entry) => entry.id === id)?.name ?? id
  const shownValue = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—'
    if (field === 'examined_on' && typeof value === 'string') return formatDate(value)
    if (field === 'condition') return i18n._(CONDITION_NAMES[value as ExamCondition]) ?? String(value)
    if (field === 'exposures' && Array.isArray(value)) {
      return (
        (value as OccupationalExposure[])
          .map((exposure) => `${i18n._(AGENT_NAMES[exposure.agent])} ${t`${exposure.years} años`}`)
          .join('; ') || '—'
      )
    }
    if (field === 'clinical_exams' && Array.isArray(value)) {
      return (
        (value as Array<ClinicalExamResult | null>)
          .map((row) => (row ? `${nameOf(row.clinical_exam_id)}: ${row.result ?? '—'}` : '—'))
          .join('; ') || '—'
      )
    }
    return String(value)
  }
  return (
    <AmendmentHistory
      amendments={exam.amendments}
      synced={exam.syncState === 'synced'}
      fieldName={(field) => {
        const name = FIELD_NAMES[field as PeriodicExamField | 'clinical_exams']
        return name ? i18n._(name) : field
      }}
      shownValue={shownValue}
      awaiting={<Trans>El historial de cambios llegará del servidor cuando el examen se haya enviado.</Trans>}
      unchanged={<Trans>El examen no ha tenido cambios desde que se registró.</Trans>}
    />
  )
}
