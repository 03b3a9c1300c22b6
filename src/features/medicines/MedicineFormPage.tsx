import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import {
  createMedicine,
  destroyPresentation,
  showMedicine,
  updateMedicine,
} from '../../contract/endpoints/medicines'
import { MedicineRequest } from '../../contract/schemas/medicines'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage, showServerErrors } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import './medicines.css'
import { FormActions } from '../../ui/FormActions'

interface PresentationValues {
  id?: string
  name: string
  dose: string
  quantity: string
  frequency: string
  duration: string
  via: string
}
interface MedicineValues {
  name: string
  presentations: PresentationValues[]
}

const BLANK_PRESENTATION: PresentationValues = {
  name: '',
  dose: '',
  quantity: '',
  frequency: '',
  duration: '',
  via: '',
}

/**
 * SPEC §2 medicines-create and medicines-edit/{id}: the name and the presentations (form and
 * dose, with how it is usually given). A presentation taken out is deleted by its own call when
 * the medicine is saved; the devices get the change at their next pull, this one at once.
 */
export function MedicineFormPage({ id, onDone }: { id?: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const editing = id !== undefined
  const existing = useCall(showMedicine, { params: { id: id ?? '' } }, id ?? '', editing)
  const refreshCatalogs = useRefreshCatalogs()
  const [failure, setFailure] = useState<string | null>(null)
  const [removed, setRemoved] = useState<string[]>([])
  const form = useForm<MedicineValues>({
    resolver: valibotResolver(MedicineRequest, { message: (issue) => issueMessage(issue, i18n) }) as never, // same shape out
    defaultValues: { name: '', presentations: [] },
  })
  const presentations = useFieldArray({ control: form.control, name: 'presentations', keyName: 'key' })
  useEffect(() => {
    if (editing && existing.status === 'loaded') {
      form.reset({
        name: existing.data.name,
        presentations: existing.data.presentations.map((p) => ({
          id: p.id,
          name: p.name,
          dose: p.dose,
          quantity: p.quantity ?? '',
          frequency: p.frequency ?? '',
          duration: p.duration ?? '',
          via: p.via ?? '',
        })),
      })
    }
  }, [editing, existing.status, existing.data, form])

  const takeOut = (index: number) => {
    const gone = form.getValues(`presentations.${index}.id`)
    if (gone) setRemoved((ids) => [...ids, gone])
    presentations.remove(index)
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      if (editing) {
        // Deleted first: a presentation re-added with the same dose is then no duplicate.
        for (const presentation of removed) await call(destroyPresentation, { params: { id: presentation } })
        setRemoved([])
        await call(updateMedicine, { params: { id }, body: values })
      } else {
        await call(createMedicine, { body: values })
      }
      refreshCatalogs()
      notify(editing ? t`Medicamento actualizado` : t`Medicamento creado`)
      onDone()
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })

  if (editing && existing.status === 'loading') return <Spinner />
  if (existing.error) return <Alert>{errorMessage(existing.error, i18n)}</Alert>
  const errors = form.formState.errors
  const listMessage = errors.presentations?.message ?? errors.presentations?.root?.message
  const presentationField = (index: number, field: keyof PresentationValues, label: string) => (
    <TextField
      label={label}
      error={fieldMessage(errors.presentations?.[index]?.[field]?.message, i18n)}
      {...form.register(`presentations.${index}.${field}`)}
    />
  )
  return (
    <section className="page">
      <PageHeader title={editing ? t`Editar medicamento` : t`Nuevo medicamento`} />
      <form className="form-card medicine-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField
            label={t`Nombre`}
            error={fieldMessage(errors.name?.message, i18n)}
            {...form.register('name')}
          />
        </div>
        <fieldset className="form-section">
          <legend>{t`Presentaciones`}</legend>
          {presentations.fields.length === 0 && <p className="form-hint">{t`Sin presentaciones.`}</p>}
          {presentations.fields.map((field, index) => (
            <fieldset
              key={field.key}
              className="form-section form-section--nested medicine-form__presentation"
            >
              <legend>{t`Presentación ${index + 1}`}</legend>
              <div className="form-grid">
                {presentationField(index, 'name', t`Presentación (tableta, jarabe…)`)}
                {presentationField(index, 'dose', t`Dosis`)}
                {presentationField(index, 'quantity', t`Cantidad`)}
                {presentationField(index, 'frequency', t`Frecuencia`)}
                {presentationField(index, 'duration', t`Duración`)}
                {presentationField(index, 'via', t`Vía`)}
              </div>
              <Button variant="ghost" onClick={() => takeOut(index)}>
                <Trans>Quitar presentación</Trans>
                <span className="visually-hidden"> {index + 1}</span>
              </Button>
            </fieldset>
          ))}
          {listMessage && (
            <p className="field__error" role="alert">
              {fieldMessage(listMessage, i18n)}
            </p>
          )}
          <Button variant="secondary" onClick={() => presentations.append({ ...BLANK_PRESENTATION })}>
            <Trans>Agregar presentación</Trans>
          </Button>
        </fieldset>
        {failure && <Alert>{failure}</Alert>}
        <FormActions cancelTo="/medicines" submitting={form.formState.isSubmitting} />
      </form>
    </section>
  )
}
