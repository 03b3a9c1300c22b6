import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import {
  createSpecialLabel,
  showSpecialLabel,
  updateSpecialLabel,
} from '../../contract/endpoints/special-labels'
import {
  SPECIAL_LABEL_COLOR_CODES,
  SPECIAL_LABEL_COLORS,
  SPECIAL_LABEL_ICON_CODES,
  SPECIAL_LABEL_ICONS,
  type SpecialLabelColor,
  type SpecialLabelIcon,
  SpecialLabelRequest,
} from '../../contract/schemas/special-labels'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage, showServerErrors } from '../../ui/form/field-errors'
import { LabelChip } from '../../ui/LabelChip'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { colorName, iconName } from './label-texts'
import './special-labels.css'
import { FormActions } from '../../ui/FormActions'

interface LabelValues {
  name: string
  color: SpecialLabelColor
  icon: SpecialLabelIcon
  sublabels: Array<{ id?: string; name: string }>
}

const BLANK: LabelValues = { name: '', color: 'blue', icon: 'star', sublabels: [{ name: '' }] }

/**
 * SPEC §2 special-labels-create and special-labels-edit/{id}: name, colour, icon and the
 * sublabels, at least one (SPEC §5). A catalogue change is made online; the devices get it at
 * their next pull, this one at once.
 */
export function SpecialLabelFormPage({ id, onDone }: { id?: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const editing = id !== undefined
  const existing = useCall(showSpecialLabel, { params: { id: id ?? '' } }, id ?? '', editing)
  const refreshCatalogs = useRefreshCatalogs()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<LabelValues>({
    resolver: valibotResolver(SpecialLabelRequest, {
      message: (issue) => issueMessage(issue, i18n),
    }) as never, // same shape out
    defaultValues: BLANK,
  })
  const sublabels = useFieldArray({ control: form.control, name: 'sublabels', keyName: 'key' })
  const [name, color, icon] = useWatch({ control: form.control, name: ['name', 'color', 'icon'] })
  useEffect(() => {
    if (editing && existing.status === 'loaded') {
      const { name, color, icon, sublabels } = existing.data
      form.reset({
        name,
        color: color as SpecialLabelColor, // the server keeps one of the contract's codes
        icon: icon as SpecialLabelIcon, // likewise
        sublabels: sublabels.map((sublabel) => ({ id: sublabel.id, name: sublabel.name })),
      })
    }
  }, [editing, existing.status, existing.data, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      if (editing) await call(updateSpecialLabel, { params: { id }, body: values })
      else await call(createSpecialLabel, { body: values })
      refreshCatalogs()
      notify(editing ? t`Etiqueta especial actualizada` : t`Etiqueta especial creada`)
      onDone()
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })

  if (editing && existing.status === 'loading') return <Spinner />
  if (existing.error) return <Alert>{errorMessage(existing.error, i18n)}</Alert>
  const errors = form.formState.errors
  return (
    <section className="page">
      <PageHeader title={editing ? t`Editar etiqueta especial` : t`Nueva etiqueta especial`} />
      <form className="form-card special-label-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField
            label={t`Nombre`}
            error={fieldMessage(errors.name?.message, i18n)}
            {...form.register('name')}
          />
          <SelectField
            label={t`Color`}
            options={SPECIAL_LABEL_COLOR_CODES.map((code) => ({ value: code, label: colorName(code, i18n) }))}
            error={fieldMessage(errors.color?.message, i18n)}
            {...form.register('color')}
          />
          <SelectField
            label={t`Icono`}
            options={SPECIAL_LABEL_ICON_CODES.map((code) => ({
              value: code,
              label: `${SPECIAL_LABEL_ICONS[code]} ${iconName(code, i18n)}`,
            }))}
            error={fieldMessage(errors.icon?.message, i18n)}
            {...form.register('icon')}
          />
        </div>
        <p className="special-label-form__preview">
          <Trans>Vista previa:</Trans>{' '}
          <LabelChip
            color={SPECIAL_LABEL_COLORS[color] ?? SPECIAL_LABEL_COLORS.blue}
            glyph={SPECIAL_LABEL_ICONS[icon] ?? SPECIAL_LABEL_ICONS.star}
            text={name || t`Etiqueta`}
          />
        </p>
        <fieldset className="form-section">
          <legend>{t`Subetiquetas`}</legend>
          {sublabels.fields.map((field, index) => (
            <div key={field.key} className="special-label-form__sublabel">
              <TextField
                label={t`Subetiqueta ${index + 1}`}
                error={fieldMessage(
                  errors.sublabels?.[index]?.name?.message ?? errors.sublabels?.[index]?.id?.message,
                  i18n,
                )}
                {...form.register(`sublabels.${index}.name`)}
              />
              <Button variant="ghost" onClick={() => sublabels.remove(index)}>
                <Trans>Quitar</Trans>
                <span className="visually-hidden"> {t`Subetiqueta ${index + 1}`}</span>
              </Button>
            </div>
          ))}
          {(errors.sublabels?.message || errors.sublabels?.root?.message) && (
            <p className="field__error" role="alert">
              {fieldMessage(errors.sublabels?.message ?? errors.sublabels?.root?.message, i18n)}
            </p>
          )}
          <Button variant="secondary" onClick={() => sublabels.append({ name: '' })}>
            <Trans>Agregar subetiqueta</Trans>
          </Button>
        </fieldset>
        {failure && <Alert>{failure}</Alert>}
        <FormActions cancelTo="/special-labels" submitting={form.formState.isSubmitting} />
      </form>
    </section>
  )
}
