import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { READING_KINDS } from '../../contract/schemas/readings'
import { latestReading } from '../../db/readings'
import { formatDateTime } from '../../ui/format-date'
import { useUnits } from '../../ui/unit-preference'
import { KIND_ROUTES } from './kind-routes'
import { ReadingFigures } from './ReadingFigures'
import { readingSummary } from './reading-summary'
import { KIND_TITLES } from './texts'
import { useSelfTracking } from './use-self-tracking'
import './self-tracking.css'

/** The patient home's shortcuts: each kind's screen with its latest entry, then the log and evolution. */
export function SelfTrackingShortcuts() {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const { db, patientId } = useSelfTracking()
  const latest = useLiveQuery(
    async () =>
      db && patientId
        ? Promise.all(
            READING_KINDS.map(async (kind) => [kind, await latestReading(db, patientId, kind)] as const),
          )
        : undefined,
    [db, patientId],
  )
  if (!patientId) return null
  return (
    <nav className="shortcuts" aria-label={t`Mi salud`}>
      <ul className="shortcuts__list">
        {READING_KINDS.map((kind) => {
          const reading = latest?.find(([k]) => k === kind)?.[1] ?? null
          return (
            <li key={kind}>
              <Link to={KIND_ROUTES[kind]} className="shortcut">
                <span className="shortcut__title">{i18n._(KIND_TITLES[kind])}</span>
                {reading ? (
                  <>
                    <span className="shortcut__value">{readingSummary(reading, units, i18n)}</span>
                    <span className="shortcut__when">{formatDateTime(new Date(reading.taken_at))}</span>
                    <ReadingFigures kind={kind} values={reading} />
                  </>
                ) : (
                  <span className="shortcut__when">
                    <Trans>Sin registros todavía</Trans>
                  </span>
                )}
              </Link>
            </li>
          )
        })}
        <li>
          <Link to="/patient/my-log" className="shortcut">
            <span className="shortcut__title">
              <Trans>Mi registro</Trans>
            </span>
            <span className="shortcut__when">
              <Trans>Todos tus registros por fecha</Trans>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/patient/evolution" className="shortcut">
            <span className="shortcut__title">
              <Trans>Mi evolución</Trans>
            </span>
            <span className="shortcut__when">
              <Trans>Todas tus gráficas</Trans>
            </span>
          </Link>
        </li>
      </ul>
    </nav>
  )
}
