import { Trans, useLingui } from '@lingui/react/macro'
import type { ReadingKind } from '../../contract/schemas/readings'
import { RangePicker } from '../../ui/charts/RangePicker'
import { useRange } from '../../ui/charts/use-range'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { ChartPanel } from './ChartPanel'
import { NotAPatient } from './NotAPatient'
import { ReadingEntryForm } from './ReadingEntryForm'
import { ReadingLog } from './ReadingLog'
import { KIND_TITLES } from './texts'
import { useReadings, useSelfTracking } from './use-self-tracking'
import './self-tracking.css'

/**
 * One self-tracking kind (SPEC §2 /patient/<kind>): record a reading, its chart over a range with
 * the PDF of that range, and "my log" of the kind with amendments and deletes. All of it reads
 * and writes the device, so it works with no signal.
 */
export function KindPage({ kind }: { kind: ReadingKind }) {
  const { i18n } = useLingui()
  const { db, patientId } = useSelfTracking()
  const range = useRange()
  const log = useReadings(db, patientId, kind)
  const title = i18n._(KIND_TITLES[kind])
  if (!patientId) return <NotAPatient title={title} />
  if (!db || !log) return <Spinner />
  return (
    <section className="page self-tracking">
      <PageHeader title={title} />
      <section className="self-tracking__block" aria-labelledby="record-heading">
        <h2 id="record-heading">
          <Trans>Nuevo registro</Trans>
        </h2>
        <div className="form-card">
          <ReadingEntryForm db={db} kind={kind} patientId={patientId} />
        </div>
      </section>
      <section className="self-tracking__block" aria-labelledby="chart-heading">
        <h2 id="chart-heading">
          <Trans>Gráfica</Trans>
        </h2>
        <RangePicker value={range.choice} onChange={range.setChoice} />
        <ChartPanel db={db} patientId={patientId} kind={kind} range={range} headingLevel={3} />
      </section>
      <section className="self-tracking__block" aria-labelledby="log-heading">
        <h2 id="log-heading">
          <Trans>Mi registro</Trans>
        </h2>
        <ReadingLog db={db} readings={log} />
      </section>
    </section>
  )
}
