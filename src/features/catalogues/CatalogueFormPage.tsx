import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import { catalogueCalls } from '../../contract/endpoints/catalogues'
import {
  type CatalogueDefinition,
  type CatalogueEntryInput,
  type CatalogueName,
  type CatalogueScreen,
  entrySchema,
} from '../../contract/schemas/catalogue-definitions'
import { Alert } from '../../ui/Alert'
import { Checkbox } from '../../ui/Checkbox'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage, showServerErrors } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { Cie10Search } from './Cie10Search'
import { CATALOGUE_TEXTS } from './catalogue-texts'
import { BLANK_SCHEME, BLANK_VACCINE, DetailsFields } from './DetailsFields'
import { OrderedItems } from './OrderedItems'
import { ParentPicker } from './ParentPicker'
import './catalogues.css'

const BLANK: CatalogueEntryInput = {
  name: '',
  code: null,
  active: true,
  parent_id: null,
  items: [],
  details: null,
}

const blankDetails = (definition: CatalogueDefinition) =>
  definition.details === 'vaccine'
    ? BLANK_VACCINE
    : definition.details === 'vaccination-scheme'
      ? BLANK_SCHEME
      : null

/**
 * SPEC §2 `<catalogue>-create` and `<catalogue>-edit/{id}` of any simple catalogue (decision
 * 0018): the name, a code where the catalogue has one, whether it is offered, and its children
 * edited here — ordered items (each named, moved up and down) or the parent it belongs to. A
 * diagnosis is picked from CIE-10 or typed. A catalogue change is made online; devices get it at
 * their next pull, this one at once.
 */
export function CatalogueFormPage({
  definition,
  id,
  onDone,
}: {
  definition: CatalogueDefinition
  id?: string
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const name = definition.name as CatalogueName // a definition names one of the definitions
  // A definition's screen is one of the definitions' screens, whose routes exist.
  const screen = definition.screen as CatalogueScreen
  const calls = catalogueCalls[name]
  const texts = CATALOGUE_TEXTS[name]
  const editing = id !== undefined
  const existing = useCall(calls.show, { params: { id: id ?? '' } }, id ?? '', editing)
  const refreshCatalogs = useRefreshCatalogs()
  const [failure, setFailure] = useState<string | null>(null)
  const schema = useMemo(() => entrySchema(definition), [definition])
  const form = useForm<CatalogueEntryInput>({
    resolver: valibotResolver(schema, { message: (issue) => issueMessage(issue, i18n) }) as never, // same shape out
    defaultValues: {
      ...BLANK,
      code: definition.code === 'none' ? null : '',
      details: blankDetails(definition),
    },
  })
  useEffect(() => {
    if (editing && existing.status === 'loaded') {
      const entry = existing.data
      form.reset({
        name: entry.name,
        code: definition.code === 'none' ? null : (entry.code ?? ''),
        active: entry.active,
        parent_id: entry.parent_id,
        items: entry.items.map((item) => ({ id: item.id, name: item.name })),
        details: definition.details
          ? ({ ...blankDetails(definition), ...entry.details } as CatalogueEntryInput['details'])
          : null,
      })
    }
  }, [editing, existing.status, existing.data, form, definition])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      if (editing) await call(calls.update, { params: { id }, body: values })
      else await call(calls.create, { body: values })
      refreshCatalogs()
      notify(i18n._(editing ? texts.updated : texts.created))
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
      <PageHeader title={i18n._(editing ? texts.edit : texts.create)} />
      <form className="form-card catalogue-form" onSubmit={submit} noValidate>
        {name === 'diagnostics' && (
          <Cie10Search
            onPick={(diagnosis) => {
              form.setValue('code', diagnosis.code, { shouldValidate: true })
              form.setValue('name', diagnosis.description, { shouldValidate: true })
            }}
          />
        )}
        <div className="form-grid">
          {definition.code !== 'none' && (
            <TextField
              label={t`Código`}
              error={fieldMessage(errors.code?.message, i18n)}
              {...form.register('code')}
            />
          )}
          <TextField
            label={t`Nombre`}
            error={fieldMessage(errors.name?.message, i18n)}
            {...form.register('name')}
          />
          {definition.children.kind === 'parent' && (
            <Controller
              control={form.control}
              name="parent_id"
              render={({ field }) => (
                <ParentPicker
                  catalogue={
                    definition.children.kind === 'parent'
                      ? (definition.children.catalogue as CatalogueName)
                      : name
                  }
                  owner={name}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldMessage(errors.parent_id?.message, i18n)}
                />
              )}
            />
          )}
        </div>
        <DetailsFields definition={definition} form={form} />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox
              label={<Trans>Activo (se ofrece en los formularios)</Trans>}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {definition.children.kind === 'items' && <OrderedItems form={form} />}
        {failure && <Alert>{failure}</Alert>}
        <FormActions cancelTo={`/${screen}`} submitting={form.formState.isSubmitting} />
      </form>
    </section>
  )
}
