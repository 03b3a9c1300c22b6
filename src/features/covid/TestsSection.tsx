import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { useReferenceList } from '../../catalogs/use-catalog'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import type { LocalCovidTest, LocalDb } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { createCovidTest, deleteCovidTest, updateCovidTest } from '../../sync/covid-mutators'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DateField } from '../../ui/DateField'
import { EditDeleteActions } from '../../ui/EditDeleteActions'
import { FormDialog } from '../../ui/FormDialog'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { formatDate } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { SyncBadge } from '../../ui/SyncBadge'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'

/**
 * The patient's COVID tests (SPEC §3: date, type, result), newest first, from the device; staff
 * add, correct and delete them offline (each change queued against its version), a patient reads
 * them.
 */
export function TestsSection({
  db,
  patientId,
  tests,
  canEdit,
}: {
  db: LocalDb
  patientId: string
  tests: readonly LocalCovidTest[]
  canEdit: boolean
}) {
  const { t } = useLingui()
  const titleId = useId()
  const types = useReferenceList('types-of-test') ?? []
  const results = useReferenceList('results-test') ?? []
  const nameIn = (list: ReadonlyArray<{ code: string; name: string }>, code: string) =>
    list.find((item) => item.code === code)?.name ?? code
  const [editing, setEditing] = useState<LocalCovidTest | 'new' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const removal = useConfirmedDelete<LocalCovidTest>(async (test) => {
    await deleteCovidTest(db, mutationContext(), test.id)
    currentEngine()?.loop.kick()
    notify(t`Prueba eliminada en este dispositivo`)
  }, setFailure)
  const summaryOf = (test: LocalCovidTest) =>
    `${formatDate(test.date)} · ${nameIn(types, test.type)} · ${nameIn(results, test.result)}`
  return (
    <section className="covid-card" aria-labelledby={titleId}>
      <div className="covid-card__header">
        <h2 id={titleId} className="covid-card__title">
          <Trans>Pruebas COVID</Trans>
        </h2>
        {canEdit && (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Trans>Agregar prueba</Trans>
          </Button>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      {tests.length === 0 ? (
        <p className="covid-card__empty">
          <Trans>Sin pruebas registradas.</Trans>
        </p>
      ) : (
        <ul className="covid-list" aria-label={t`Pruebas COVID`}>
          {tests.map((test) => (
            <li key={test.id} className="covid-list__item">
              <span>
                <strong>{formatDate(test.date)}</strong> · {nameIn(types, test.type)} ·{' '}
                {nameIn(results, test.result)} <SyncBadge state={test.syncState} />
              </span>
              {canEdit && (
                <EditDeleteActions
                  summary={summaryOf(test)}
                  onEdit={() => setEditing(test)}
                  onDelete={() => removal.ask(test)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TestDialog
          db={db}
          patientId={patientId}
          test={editing === 'new' ? null : editing}
          types={types}
          results={results}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={t`Eliminar prueba`}
        message={removal.doomed ? t`¿Eliminar la prueba ${summaryOf(removal.doomed)}?` : ''}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}

function TestDialog({
  db,
  patientId,
  test,
  types,
  results,
  onClose,
}: {
  db: LocalDb
  patientId: string
  test: LocalCovidTest | null
  types: ReadonlyArray<{ code: string; name: string }>
  results: ReadonlyArray<{ code: string; name: string }>
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const [date, setDate] = useState(test ? isoToDateText(test.date) : '')
  const [type, setType] = useState(test?.type ?? '')
  const [result, setResult] = useState(test?.result ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const title = test ? t`Editar prueba COVID` : t`Nueva prueba COVID`
  const save = async () => {
    const required = fieldMessage('field.required', i18n) ?? ''
    const found: Record<string, string> = {}
    if (!isDateText(date.trim())) found.date = fieldMessage('field.date', i18n) ?? ''
    if (type === '') found.type = required
    if (result === '') found.result = required
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(null)
    try {
      const fields = { date: dateTextToIso(date.trim()), type, result }
      if (test) {
        const saved = await updateCovidTest(db, mutationContext(), test.id, fields)
        notify(saved ? t`Cambios guardados en este dispositivo` : t`No hubo cambios`)
      } else {
        await createCovidTest(db, mutationContext(), patientId, fields)
        notify(t`Prueba guardada en este dispositivo`)
      }
      currentEngine()?.loop.kick()
      onClose()
    } catch (caught) {
      if (caught instanceof v.ValiError) {
        const issues: Record<string, string> = {}
        for (const issue of caught.issues)
          issues[String(issue.path?.[0]?.key ?? 'date')] ??= issueMessage(issue, i18n)
        setErrors(issues)
      } else setFailure(errorMessage(caught, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormDialog open title={title} onClose={onClose}>
      <form
        aria-label={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <DateField
          label={t`Fecha de la prueba`}
          aria-required
          value={date}
          error={errors.date}
          onChange={(event) => setDate(event.target.value)}
        />
        <SelectField
          label={t`Tipo de prueba`}
          aria-required
          placeholder={t`Selecciona…`}
          value={type}
          error={errors.type}
          onChange={(event) => setType(event.target.value)}
          options={types.map((item) => ({ value: item.code, label: item.name }))}
        />
        <SelectField
          label={t`Resultado`}
          aria-required
          placeholder={t`Selecciona…`}
          value={result}
          error={errors.result}
          onChange={(event) => setResult(event.target.value)}
          options={results.map((item) => ({ value: item.code, label: item.name }))}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="form-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Guardar prueba</Trans>
          </Button>
        </div>
      </form>
    </FormDialog>
  )
}
