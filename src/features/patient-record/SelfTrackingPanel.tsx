import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useBloodPressureRanges } from '../../catalogs/use-catalog'
import { READING_KINDS, type ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb, LocalReading } from '../../db/local-db'
import { readingsOf } from '../../db/readings'
import { columnsOf, type ReadingOf } from '../../documents/self-tracking-columns'
import { type DocumentLanguage, selfTrackingTexts } from '../../documents/self-tracking-texts'
import { RangePicker } from '../../ui/charts/RangePicker'
import { ReadingsChart } from '../../ui/charts/ReadingsChart'
import { useRange } from '../../ui/charts/use-range'
import { formatDateTime } from '../../ui/format-date'

/**
 * The patient's readings (issue 7), as their professional sees them in the record: what the
 * patient logs of themselves and what a professional took for them, each entry saying who
 * recorded it (issue 17). Read only here. Read from the device, like the rest of the record, so
 * it shows offline too.
 */
export function SelfTrackingPanel({ db, patientId }: { db: LocalDb; patientId: string }) {
  const { i18n, t } = useLingui()
  const range = useRange('30d')
  const { bounds } = range
  const { from, to } = range.instants
  const byKind = useLiveQuery(
    async () =>
      Object.fromEntries(
        await Promise.all(
          READING_KINDS.map(async (kind) => [kind, await readingsOf(db, patientId, kind, from, to)] as const),
        ),
      ) as Record<ReadingKind, LocalReading[]>,
    [db, patientId, from, to],
  )
  const ranges = useBloodPressureRanges()
  const language: DocumentLanguage = i18n.locale.startsWith('en') ? 'en' : 'es'
  const texts = selfTrackingTexts[language]
  const recorderOf = (row: LocalReading): string => {
    const recorder = row.recorded_by
    if (!recorder) return t`Sin dato`
    return recorder.by_patient ? t`El paciente (autocontrol)` : t`Profesional: ${recorder.name}`
  }

  return (
    <section className="record-self-tracking" aria-labelledby="record-self-tracking-title">
      <div className="record-self-tracking__header">
        <h2 id="record-self-tracking-title">
          <Trans>Lecturas del paciente</Trans>
        </h2>
        <RangePicker value={range.choice} onChange={range.setChoice} />
      </div>
      <p className="record-self-tracking__hint">
        <Trans>
          Las registra el propio paciente (autocontrol) o un profesional; cada entrada dice quién. Aquí solo
          se consulta.
        </Trans>
      </p>
      {byKind === undefined ? null : (
        <div className="record-self-tracking__kinds">
          {READING_KINDS.map((kind) => {
            const rows = byKind[kind]
            const columns = columnsOf[kind]({ texts, bloodPressureRanges: ranges ?? [] }) as Array<{
              heading: string
              cell: (row: ReadingOf<ReadingKind>) => string
            }>
            return (
              <section key={kind} className="record-section" aria-label={texts.title[kind]}>
                <h3>{texts.title[kind]}</h3>
                <ReadingsChart
                  kind={kind}
                  // The rows of this kind hold its fields: the pull checked them against the contract.
                  rows={rows as never}
                  from={bounds.from}
                  to={bounds.to}
                  bloodPressureRanges={ranges ?? []}
                />
                {rows.length > 0 && (
                  <div className="record-self-tracking__table">
                    <table aria-label={t`Entradas del periodo`}>
                      <thead>
                        <tr>
                          <th scope="col">{texts.column.takenAt}</th>
                          {columns.map((column) => (
                            <th key={column.heading} scope="col">
                              {column.heading}
                            </th>
                          ))}
                          <th scope="col">
                            <Trans>Registrada por</Trans>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {[...rows].reverse().map((row) => (
                          <tr key={row.id}>
                            <td>{formatDateTime(new Date(row.taken_at))}</td>
                            {columns.map((column) => (
                              <td key={column.heading}>
                                {column.cell(row as unknown as ReadingOf<ReadingKind>)}
                              </td>
                            ))}
                            <td>{recorderOf(row)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            )
          })}
        </div>
      )}
    </section>
  )
}
