import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { catalogueCalls } from '../../contract/endpoints/catalogues'
import { listRoles } from '../../contract/endpoints/roles'
import { createUser, refreshSessionUser, showUser, updateUser } from '../../contract/endpoints/users'
import type { User } from '../../contract/schemas/users'
import { currentSession, updateSession } from '../../session/session-store'
import { Alert } from '../../ui/Alert'
import { Checkbox } from '../../ui/Checkbox'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { ImageField } from '../../ui/ImageField'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { PasswordPairFields } from '../../ui/PasswordPairFields'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { EditUserForm, NewUserForm, type UserFormValues, userFormData } from './user-form'

const EMPTY: UserFormValues = {
  name: '',
  last_name: '',
  second_last_name: '',
  email: '',
  employee_number: '',
  phone: '',
  title_id: '',
  professional_license: '',
  role_id: '',
  active: true,
  password: '',
  password_confirmation: '',
}

const valuesOf = (user: User): UserFormValues => ({
  ...EMPTY,
  name: user.name,
  last_name: user.last_name,
  second_last_name: user.second_last_name ?? '',
  email: user.email,
  employee_number: user.employee_number ?? '',
  phone: user.phone ?? '',
  title_id: user.title_id ?? '',
  professional_license: user.professional_license ?? '',
  role_id: user.role?.id ?? '',
  active: user.active,
})

/** SPEC §2 users-create and users-edit/{id}: the user's data, profile, photo and password. */
export function UserFormPage({ id, onDone }: { id?: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const editing = id !== undefined
  const roles = useCall(listRoles)
  const titles = useCall(catalogueCalls['practitioner-titles'].all)
  const existing = useCall(showUser, { params: { id: id ?? '' } }, id ?? '', editing)
  const [photo, setPhoto] = useState<File | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<UserFormValues>({
    resolver: valibotResolver(editing ? EditUserForm : NewUserForm) as never,
    defaultValues: EMPTY,
  })
  useEffect(() => {
    if (editing && existing.status === 'loaded') form.reset(valuesOf(existing.data))
  }, [editing, existing.status, existing.data, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const body = userFormData(values, photo)
      if (editing) await call(updateUser, { params: { id }, form: body })
      else await call(createUser, { form: body })
      // Editing oneself changes what the session shows (name, profile, permissions).
      if (editing && id === currentSession()?.user.uuid)
        updateSession({ user: await call(refreshSessionUser) })
      notify(editing ? t`Usuario actualizado` : t`Usuario creado`)
      onDone()
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
      else setFailure(t`Todos los campos obligatorios deben ser llenados`)
    }
  })

  if (editing && existing.status === 'loading') return <Spinner />
  if (editing && existing.status === 'error') return <Alert>{errorMessage(existing.error, i18n)}</Alert>
  const message = (name: keyof UserFormValues) => fieldMessage(form.formState.errors[name]?.message, i18n)
  return (
    <section className="page">
      <PageHeader title={editing ? t`Editar usuario` : t`Nuevo usuario`} />
      <form className="form-card" onSubmit={submit} noValidate>
        <ImageField
          label={t`Fotografía`}
          currentUrl={existing.status === 'loaded' ? existing.data.photo_url : null}
          onChange={setPhoto}
        />
        <div className="form-grid">
          <TextField label={t`Nombre`} error={message('name')} {...form.register('name')} />
          <TextField
            label={t`Apellido paterno`}
            error={message('last_name')}
            {...form.register('last_name')}
          />
          <TextField
            label={t`Apellido materno`}
            error={message('second_last_name')}
            {...form.register('second_last_name')}
          />
          <TextField
            label={t`Correo electrónico`}
            type="email"
            autoComplete="off"
            error={message('email')}
            {...form.register('email')}
          />
          <TextField
            label={t`Número de empleado`}
            error={message('employee_number')}
            {...form.register('employee_number')}
          />
          <TextField
            label={t`Teléfono`}
            inputMode="tel"
            error={message('phone')}
            {...form.register('phone')}
          />
          <SelectField
            label={t`Título profesional`}
            placeholder={t`Sin título`}
            options={(titles.data ?? [])
              // The current title stays offered after it was deactivated.
              .filter((title) => title.active || title.id === existing.data?.title_id)
              .map((title) => ({ value: title.id, label: title.name }))}
            error={message('title_id')}
            {...form.register('title_id')}
          />
          <TextField
            label={t`Cédula profesional`}
            inputMode="numeric"
            error={message('professional_license')}
            {...form.register('professional_license')}
          />
          <SelectField
            label={t`Perfil`}
            placeholder={t`Selecciona un perfil`}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            error={
              message('role_id') ?? (roles.status === 'error' ? errorMessage(roles.error, i18n) : undefined)
            }
            {...form.register('role_id')}
          />
          <PasswordPairFields
            replacing={editing}
            password={form.register('password')}
            confirmation={form.register('password_confirmation')}
            passwordError={message('password')}
            confirmationError={message('password_confirmation')}
          />
        </div>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox label={t`Activo`} checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        {failure && <Alert>{failure}</Alert>}
        <FormActions cancelTo="/users" submitting={form.formState.isSubmitting} />
      </form>
    </section>
  )
}
