import { Trans, useLingui } from '@lingui/react/macro'
import { lostDaysByPatient } from '../../contract/rules/disability-days'
import type { LocalDisability } from '../../db/local-db'
import { formatDate } from '../../ui/format-date'

/**
 * A patient's days lost to disabilities, counted by the rule the server and the dashboard use
 * (`lostDaysByPatient`: overlapping disabilities' days once): in `today`'s year, in all, and the
 * disability covering today, if any.
 */
export function LostDaysSummary({
  patientId,
  disabilities,
  today,
}: {
  patientId: string
  /** The patient's live disabilities. */
  disabilities: readonly LocalDisability[]
  /** YYYY-MM-DD. */
  today: string
}) {
  const { t } = useLingui()
  const year = today.slice(0, 4)
  const spans = disabilities.filter((row) => !row.deleted_at)
  const inYear = lostDaysByPatient(spans, { from: `${year}-01-01`, to: `${year}-12-31` }).get(patientId) ?? 0
  const inAll = lostDaysByPatient(spans).get(patientId) ?? 0
  const current = spans
    .filter((row) => row.start_date <= today && row.end_date >= today)
    .sort((a, b) => b.end_date.localeCompare(a.end_date))[0]
  return (
    <ul className="lost-days" aria-label={t`Días perdidos`}>
      <li>
        <span>{t`Días perdidos en ${year}`}</span> <strong>{inYear}</strong>
      </li>
      <li>
        <span>{t`Días perdidos en total`}</span> <strong>{inAll}</strong>
      </li>
      <li>
        <span>{t`Incapacidades`}</span> <strong>{spans.length}</strong>
      </li>
      {current && (
        <li data-current="true">
          <span>
            <Trans>Incapacidad vigente hasta</Trans>
          </span>{' '}
          <strong>{formatDate(current.end_date)}</strong>
        </li>
      )}
    </ul>
  )
}
