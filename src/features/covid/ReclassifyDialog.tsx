import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { TRIAGE_CLASSIFICATIONS, type TriageClassification } from '../../contract/rules/triage-classification'
import type { LocalDb } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { CovidRefusal, reclassifyTriage } from '../../sync/covid-mutators'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorAria, Field } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { CLASSIFICATION_NAMES } from './covid-texts'

/**
 * A reclassification of the patient's triage (SPEC §4: it overwrites the classification of the
 * last consultation). Refused on the device with SPEC §8's text while it holds no COVID
 * consultation of the patient; otherwise queued, and the server applies it in its own order.
 */
export function ReclassifyDialog({
  db,
  patientId,
  current,
  open,
  onClose,
}: {
  db: LocalDb
  patientId: string
  /** The classification now, offered first. */
  current: TriageClassification | null
  open: boolean
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const reasonId = useId()
  const [classification, setClassification] = useState<TriageClassification>(current ?? 'low')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await reclassifyTriage(db, mutationContext(), patientId, { classification, reason })
      setErrors({})
      setReason('')
      notify(t`Reclasificación guardada en este dispositivo`)
      currentEngine()?.loop.kick()
      onClose()
    } catch (caught) {
      if (caught instanceof CovidRefusal) setFailure(fieldMessage(caught.key, i18n) ?? caught.key)
      else if (caught instanceof v.ValiError) {
        const found: Record<string, string> = {}
        for (const issue of caught.issues) {
          const field = String(issue.path?.[0]?.key ?? 'reason')
          found[field] ??= issueMessage(issue, i18n)
        }
        setErrors(found)
      } else setFailure(errorMessage(caught, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormDialog open={open} title={t`Reclasificar triage`} onClose={onClose}>
      <form
        aria-label={t`Reclasificar triage`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <p className="form-hint">
          <Trans>La nueva clasificación reemplaza la de la última consulta COVID del paciente.</Trans>
        </p>
        <SelectField
          label={t`Nueva clasificación`}
          value={classification}
          error={errors.classification}
          onChange={(event) => setClassification(event.target.value as TriageClassification)}
          options={TRIAGE_CLASSIFICATIONS.map((code) => ({
            value: code,
            label: i18n._(CLASSIFICATION_NAMES[code]),
          }))}
        />
        <Field id={reasonId} label={t`Motivo de la reclasificación`} error={errors.reason}>
          <textarea
            id={reasonId}
            className="field__input"
            rows={3}
            aria-required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...errorAria(reasonId, errors.reason)}
          />
        </Field>
        {failure && <Alert>{failure}</Alert>}
        <div className="form-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Guardar reclasificación</Trans>
          </Button>
        </div>
      </form>
    </FormDialog>
  )
}
