import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useNationalities } from '../../catalogs/use-catalog'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalVaccinationRecord } from '../../db/local-db'
import { nextDoseNumber } from '../../db/vaccination-due'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import type { PreparedFile } from '../../sync/file-mutators'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  VaccinationRefusal,
} from '../../sync/vaccination-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import { AdverseReactionsFields } from './AdverseReactionsFields'
import { CertificateField } from './Certificate'
import {
  emptyVaccinationForm,
  formOfRecord,
  localDay,
  parseVaccinationForm,
  type VaccinationFormValues,
} from './vaccination-form-values'

/** What the form does: a dose of any vaccine, the next dose of one, or an amendment of one. */
export type VaccinationFormMode =
  | { kind: 'register' }
  | { kind: 'second-dose'; previous: LocalVaccinationRecord }
  | { kind: 'edit'; record: LocalVaccinationRecord; certificate: Blob | null }

export interface VaccinationFormProps {
  db: LocalDb
  patientId: string
  mode: VaccinationFormMode
  /** Every cached vaccine, inactive ones too (a recorded dose keeps naming its own). */
  vaccines: readonly CatalogueEntry[]
  /** The patient's live records: a vaccine's next dose number follows them. */
  records: readonly LocalVaccinationRecord[]
  onSaved: (record: LocalVaccinationRecord) => void
}

function initialValues(mode: VaccinationFormMode, records: readonly LocalVaccinationRecord[]) {
  const now = new Date()
  switch (mode.kind) {
    case 'register':
      return emptyVaccinationForm(now)
    case 'second-dose': {
      const vaccineId = mode.previous.vaccine_id
      return emptyVaccinationForm(now, {
        vaccine_id: vaccineId,
        dose_number: nextDoseNumber(records, vaccineId),
      })
    }
    case 'edit':
      return formOfRecord(mode.record)
  }
}

/**
 * A dose of a vaccine (SPEC §2 register-vaccine, its second-dose and edit; §3's fields): vaccine
 * from the tenant's live catalogue, dose number, folio, date of application (not in the future),
 * lot, booster, given abroad and where, the certificate photo and the adverse reactions. A dose
 * sooner than the vaccine's minimum interval is recorded only once confirmed, and says so. Saved
 * on the device through the outbox: works with no network. An amendment keeps the dose as it was
 * on the server (NOM-004).
 */
export function VaccinationForm({ db, patientId, mode, vaccines, records, onSaved }: VaccinationFormProps) {
  const { t, i18n } = useLingui()
  const [initial] = useState(() => initialValues(mode, records))
  const form = useForm<VaccinationFormValues>({ defaultValues: initial })
  const reactions = useFieldArray({ control: form.control, name: 'adverse_reactions' })
  const nationalities = useNationalities() ?? []
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [certificate, setCertificate] = useState<PreparedFile | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  const summaryId = useId()
  const values = form.watch()

  const editing = mode.kind === 'edit' ? mode.record : null
  const fixedVaccine = mode.kind === 'second-dose'
  const offered = vaccines.filter((vaccine) => vaccine.active || vaccine.id === values.vaccine_id)
  const message = (name: string) => errors[name]

  const save = async (confirmed: boolean) => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const parsed = parseVaccinationForm(patientId, form.getValues(), i18n, localDay(new Date()))
      if (parsed.errors) {
        setErrors(parsed.errors)
        requestAnimationFrame(() => document.getElementById(summaryId)?.focus())
        return
      }
      setErrors({})
      const ctx = mutationContext()
      const { patient_id: _patient, ...changes } = parsed.fields
      const saved = editing
        ? ((await amendVaccinationRecord(
            db,
            ctx,
            editing.id,
            { ...changes, early_dose_confirmed: confirmed || editing.early_dose_confirmed },
            certificate,
          )) ?? editing)
        : await createVaccinationRecord(
            db,
            ctx,
            { ...parsed.fields, early_dose_confirmed: confirmed },
            certificate,
          )
      setConfirming(false)
      notify(editing ? t`Corrección guardada en este dispositivo` : t`Dosis guardada en este dispositivo`)
      currentEngine()?.loop.kick()
      onSaved(saved)
    } catch (error) {
      if (error instanceof VaccinationRefusal && error.key === 'vaccination.earlyDoseUnconfirmed') {
        setConfirming(true)
      } else if (error instanceof VaccinationRefusal) {
        setErrors({ [error.field]: fieldMessage(error.key, i18n) ?? error.key })
      } else {
        setConfirming(false)
        setFailure(errorMessage(error, i18n))
      }
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const shownErrors = Object.entries(errors)
  const title =
    mode.kind === 'edit'
      ? t`Corregir dosis`
      : mode.kind === 'second-dose'
        ? t`Siguiente dosis`
        : t`Registrar dosis`
  return (
    <form
      className="form-card vaccination-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save(false)
      }}
    >
      {shownErrors.length > 0 && (
        <div id={summaryId} className="form-errors" role="alert" tabIndex={-1}>
          <p>
            <Trans>Revisa los campos marcados.</Trans>
          </p>
        </div>
      )}
      <fieldset className="form-section">
        <legend>{t`Dosis`}</legend>
        <div className="form-grid">
          {fixedVaccine ? (
            // The next dose of the vaccine the card chose: shown, not chosen again.
            <TextField
              label={t`Vacuna`}
              readOnly
              value={vaccines.find((vaccine) => vaccine.id === values.vaccine_id)?.name ?? ''}
            />
          ) : (
            <SelectField
              label={t`Vacuna`}
              aria-required
              placeholder={t`Selecciona…`}
              error={message('vaccine_id')}
              options={offered.map((vaccine) => ({ value: vaccine.id, label: vaccine.name }))}
              // Held by the form's state, not registered: a select registered before React has
              // put its options in reads back, and keeps, the empty choice.
              name="vaccine_id"
              value={values.vaccine_id}
              onChange={(event) => {
                const vaccineId = event.target.value
                form.setValue('vaccine_id', vaccineId)
                if (!editing) form.setValue('dose_number', String(nextDoseNumber(records, vaccineId)))
              }}
            />
          )}
          <TextField
            label={t`Número de dosis`}
            inputMode="numeric"
            aria-required
            error={message('dose_number')}
            {...form.register('dose_number')}
          />
          <DateField
            label={t`Fecha de aplicación`}
            aria-required
            error={message('applied_on')}
            {...form.register('applied_on')}
          />
          <TextField label={t`Folio`} error={message('folio')} {...form.register('folio')} />
          <TextField label={t`Lote`} error={message('lot')} {...form.register('lot')} />
        </div>
        <div className="vaccination-form__checks">
          <Checkbox
            label={t`Refuerzo`}
            name="booster"
            checked={values.booster}
            onCheckedChange={(checked) => form.setValue('booster', checked)}
          />
          <Checkbox
            label={t`Vacunado en el extranjero`}
            name="vaccinated_abroad"
            checked={values.vaccinated_abroad}
            onCheckedChange={(checked) => form.setValue('vaccinated_abroad', checked)}
          />
        </div>
        {values.vaccinated_abroad && (
          <div className="form-grid">
            <SelectField
              label={t`País`}
              aria-required
              placeholder={t`Selecciona…`}
              error={message('country_code')}
              options={nationalities.map((item) => ({ value: item.code, label: item.name }))}
              name="country_code"
              value={values.country_code}
              onChange={(event) => form.setValue('country_code', event.target.value)}
            />
          </div>
        )}
      </fieldset>
      <CertificateField
        picked={certificate}
        current={mode.kind === 'edit' ? mode.certificate : null}
        onPick={setCertificate}
      />
      <AdverseReactionsFields form={form} reactions={reactions} message={message} />
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to="/vaccinations/card/$id"
          params={{ id: patientId }}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy && !confirming}>
          {editing ? <Trans>Guardar corrección</Trans> : <Trans>Guardar dosis</Trans>}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={t`Dosis antes del intervalo mínimo`}
        message={t`Esta dosis se aplica antes del intervalo mínimo que la vacuna indica desde la dosis anterior. ¿Registrarla como dosis anticipada?`}
        confirmLabel={t`Registrar dosis anticipada`}
        onConfirm={() => void save(true)}
        onCancel={() => setConfirming(false)}
      />
    </form>
  )
}
