import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import { DIGITAL_RECORD_KINDS, type DigitalRecordKind } from '../../contract/schemas/digital-record'
import { entryDate } from '../../documents/digital-record-document'
import { digitalRecordTexts } from '../../documents/digital-record-texts'
import {
  type EntryView,
  filterTimeline,
  NO_TIMELINE_FILTER,
  type TimelineEntry,
  type TimelineFilter,
} from '../../documents/record-timeline'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DateField } from '../../ui/DateField'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'

/** Where a record's own screen is: the registry's route with its parameters filled in. */
export function hrefOf(view: EntryView): string {
  return view.to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(view.params[name] ?? ''))
}

interface Row {
  id: string
  sort_key: string
  date: string
  kind: DigitalRecordKind
  kind_label: string
  title: string
  summary: string
  /** Every line, for the search. */
  detail: string
  href: string | null
  /** Offered instead of a screen the app does not have (yet): the record's own PDF, built here. */
  document: (() => Promise<void>) | null
}

/** A day the period field holds: as typed while incomplete, YYYY/MM/DD once it is a date. */
function PeriodField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | null
  onChange: (day: string | null) => void
}) {
  const { t } = useLingui()
  const [typed, setTyped] = useState(value ? isoToDateText(value) : '')
  const [shown, setShown] = useState(value)
  // The address changed the period (back button, "Quitar filtros"): the field follows it.
  if (shown !== value) {
    setShown(value)
    setTyped(value ? isoToDateText(value) : '')
  }
  const complete = typed === '' || isDateText(typed)
  return (
    <DateField
      label={label}
      value={typed}
      error={complete || typed.length < 10 ? undefined : t`La fecha no es válida`}
      onChange={(event) => {
        const next = event.target.value
        setTyped(next)
        if (next === '') onChange(null)
        else if (isDateText(next)) onChange(dateTextToIso(next))
      }}
    />
  )
}

/**
 * Everything recorded for the patient, newest first (issue 24), filtered by kind and period — the
 * filter lives in the page's address — and searched; each entry opens its own screen for who may
 * go there. On the shared data table: a phone gets cards.
 */
export function RecordTimeline({
  entries,
  filter,
  onFilterChange,
  canOpen,
  documentOf,
}: {
  entries: readonly TimelineEntry[]
  filter: TimelineFilter
  onFilterChange: (filter: TimelineFilter) => void
  /** Whether the user may go to a record's screen, and the app has it. */
  canOpen: (view: EntryView) => boolean
  /** The record's own PDF, for an entry whose screen cannot be opened, when the device can build it. */
  documentOf: (entry: TimelineEntry) => (() => Promise<void>) | null
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const titleId = useId()
  const language: DocumentLanguage = i18n.locale === 'en' ? 'en' : 'es'
  const words = digitalRecordTexts[language]
  const shown = useMemo(() => filterTimeline(entries, filter), [entries, filter])
  const rows = useMemo(
    () =>
      shown.map(
        (entry): Row => ({
          id: `${entry.kind}:${entry.id}`,
          sort_key: `${entry.day} ${entry.time ?? ''}`,
          date: entryDate(entry),
          kind: entry.kind,
          kind_label: words.kinds[entry.kind],
          title: entry.title,
          summary: entry.lines[0] ?? '',
          detail: entry.lines.join(' '),
          href: canOpen(entry.view) ? hrefOf(entry.view) : null,
          document: canOpen(entry.view) ? null : documentOf(entry),
        }),
      ),
    [shown, words, canOpen, documentOf],
  )
  const [printing, setPrinting] = useState<string | null>(null)
  const open = (row: Row) => {
    if (row.href) void navigate({ href: row.href })
    else if (row.document) {
      setPrinting(row.id)
      void row.document().finally(() => setPrinting(null))
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t; `open` reads the row, `printing` redraws the cell
  const config: DataTableConfig<Row> = useMemo(
    () => ({
      sortBy: 'sort_key',
      sort: 'desc',
      columns: [
        {
          key: 'sort_key',
          title: t`Fecha`,
          isSort: true,
          width: '9.5rem',
          priority: 0,
          component: (row) => <span className="digital-record__date">{row.date}</span>,
        },
        { key: 'kind_label', title: t`Tipo`, isSort: true, isSearch: true, width: '10rem', priority: 2 },
        {
          key: 'title',
          title: t`Registro`,
          isSearch: true,
          priority: 0,
          component: (row) => (
            <span className="digital-record__entry">
              <strong>{row.title}</strong>
              {row.summary && <span className="digital-record__summary">{row.summary}</span>}
            </span>
          ),
        },
        { key: 'detail', title: t`Detalle`, isSearch: true, isHide: true },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          isTitleHidden: true,
          priority: 0,
          component: (row) =>
            row.href ? (
              <a
                className="button"
                data-variant="ghost"
                href={row.href}
                onClick={(event) => {
                  event.preventDefault()
                  open(row)
                }}
              >
                <Trans>Ver</Trans>
                <span className="visually-hidden">
                  {' '}
                  {row.kind_label} {row.date}
                </span>
              </a>
            ) : row.document ? (
              <Button variant="ghost" loading={printing === row.id} onClick={() => open(row)}>
                <Trans>PDF</Trans>
                <span className="visually-hidden">
                  {' '}
                  {row.kind_label} {row.date}
                </span>
              </Button>
            ) : null,
        },
      ],
    }),
    [i18n.locale, printing],
  )
  const toggle = (kind: DigitalRecordKind, on: boolean) =>
    onFilterChange({
      ...filter,
      kinds: on
        ? DIGITAL_RECORD_KINDS.filter((k) => k === kind || filter.kinds.includes(k))
        : filter.kinds.filter((k) => k !== kind),
    })
  const filtered = filter.kinds.length > 0 || filter.from !== null || filter.to !== null
  const counts = new Map<DigitalRecordKind, number>()
  for (const entry of entries) counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1)

  return (
    <section className="digital-record__timeline" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Historial clínico</Trans>
      </h2>
      <div className="digital-record__filters">
        <fieldset className="digital-record__kinds">
          <legend>
            <Trans>Tipos de registro</Trans>
          </legend>
          {DIGITAL_RECORD_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={`${words.kinds[kind]} (${counts.get(kind) ?? 0})`}
              checked={filter.kinds.includes(kind)}
              onCheckedChange={(on) => toggle(kind, on)}
            />
          ))}
        </fieldset>
        <div className="digital-record__period">
          <PeriodField
            label={t`Desde`}
            value={filter.from}
            onChange={(from) => onFilterChange({ ...filter, from })}
          />
          <PeriodField
            label={t`Hasta`}
            value={filter.to}
            onChange={(to) => onFilterChange({ ...filter, to })}
          />
          {filtered && (
            <Button variant="ghost" onClick={() => onFilterChange(NO_TIMELINE_FILTER)}>
              <Trans>Quitar filtros</Trans>
            </Button>
          )}
        </div>
      </div>
      <DataTable
        config={config}
        caption={t`Historial clínico`}
        source={{ kind: 'local', rows }}
        rowKey={(row) => row.id}
        onRowClick={(row) => open(row)}
      />
    </section>
  )
}
