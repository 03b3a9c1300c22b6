import { Trans, useLingui } from '@lingui/react/macro'
import type { LocalPeriodicExam } from '../../db/local-db'
import { formatDate } from '../../ui/format-date'
import type { ExposureFormRow } from './periodic-exam-form-values'
import { AGENT_NAMES } from './periodic-exam-texts'

type Change = 'same' | 'changed' | 'new' | 'gone'

/**
 * The previous exam's occupational exposures beside this one's (issue 22: a change must be
 * visible): each agent as it was, and whether it is new, gone or its years changed now.
 */
export function ExposureComparison({
  previous,
  current,
}: {
  previous: LocalPeriodicExam | null
  current: readonly Pick<ExposureFormRow, 'agent' | 'checked' | 'years'>[]
}) {
  const { t, i18n } = useLingui()
  const before = previous?.exposures ?? []
  const changeOf = (row: (typeof current)[number]): Change | null => {
    const was = before.find((exposure) => exposure.agent === row.agent)
    if (!was && !row.checked) return null
    if (!was) return 'new'
    if (!row.checked) return 'gone'
    return String(was.years) === row.years.trim() ? 'same' : 'changed'
  }
  const CHANGE_TEXT: Record<Change, string> = {
    same: t`Sin cambio`,
    changed: t`Cambió`,
    new: t`Nueva`,
    gone: t`Ya no`,
  }
  return (
    <section className="exposure-comparison" aria-label={t`Exposiciones del examen anterior`}>
      <h3 className="exposure-comparison__title">
        {previous ? (
          <Trans>Examen anterior ({formatDate(previous.examined_on)})</Trans>
        ) : (
          <Trans>Sin examen anterior</Trans>
        )}
      </h3>
      {previous && (
        <ul className="exposure-comparison__list">
          {current.map((row) => {
            const change = changeOf(row)
            if (!change) return null
            const was = before.find((exposure) => exposure.agent === row.agent)
            return (
              <li key={row.agent} data-change={change}>
                <span>{i18n._(AGENT_NAMES[row.agent])}</span>{' '}
                <span>{was ? t`${was.years} años antes` : t`no estaba`}</span>{' '}
                <strong className="exposure-comparison__change">{CHANGE_TEXT[change]}</strong>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
