import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import * as v from 'valibot'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { menusAvailable } from '../../contract/endpoints/configuration'
import {
  assignPermissions,
  createRole,
  showPermissions,
  showRole,
  updateRole,
} from '../../contract/endpoints/roles'
import { refreshSessionUser } from '../../contract/endpoints/users'
import { CreateRoleRequest, ROLE_TYPES, type RoleType } from '../../contract/schemas/roles'
import { currentSession, updateSession } from '../../session/session-store'
import { Alert } from '../../ui/Alert'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, showServerErrors } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { PermissionPicker } from './PermissionPicker'
import { roleTypeLabel } from './role-type-label'

const ProfileForm = v.object({ ...CreateRoleRequest.entries, permissions: v.array(v.string()) })
interface ProfileValues {
  name: string
  role_type: RoleType
  permissions: string[]
}

/**
 * SPEC §2 profiles-create and profiles-edit/{id}: the type, then the permission set grouped by
 * family. SPEC §6: a profile is created, then its permissions are assigned. Editing the signed-in
 * user's own profile refreshes their permissions at once (SPEC §4).
 */
export function ProfileFormPage({ id, onDone }: { id?: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const editing = id !== undefined
  const catalogue = useCall(showPermissions)
  const existing = useCall(showRole, { params: { id: id ?? '' } }, id ?? '', editing)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ProfileValues>({
    resolver: valibotResolver(ProfileForm) as never,
    defaultValues: { name: '', role_type: 'administrator', permissions: [] },
  })
  useEffect(() => {
    if (editing && existing.status === 'loaded') {
      const { name, role_type, permissions } = existing.data
      form.reset({ name, role_type, permissions })
    }
  }, [editing, existing.status, existing.data, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      let roleId = id
      if (editing) {
        await call(updateRole, { params: { id }, body: values })
      } else {
        const created = await call(createRole, { body: { name: values.name, role_type: values.role_type } })
        roleId = created.id
        await call(assignPermissions, {
          params: { id: created.id },
          body: { permissions: values.permissions },
        })
      }
      const session = currentSession()
      if (session && session.user.role?.id === roleId) {
        const [user, menus] = await Promise.all([call(refreshSessionUser), call(menusAvailable)])
        updateSession({ user, menus })
      }
      notify(editing ? t`Perfil actualizado` : t`Perfil creado`)
      onDone()
    } catch (error) {
      if (!showServerErrors(error, form)) setFailure(errorMessage(error, i18n))
    }
  })

  if (catalogue.status === 'loading' || (editing && existing.status === 'loading')) return <Spinner />
  const loadFailure = catalogue.error ?? existing.error
  if (loadFailure) return <Alert>{errorMessage(loadFailure, i18n)}</Alert>
  return (
    <section className="page">
      <PageHeader title={editing ? t`Editar perfil` : t`Nuevo perfil`} />
      <form className="form-card profile-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField
            label={t`Nombre del perfil`}
            error={fieldMessage(form.formState.errors.name?.message, i18n)}
            {...form.register('name')}
          />
          <SelectField
            label={t`Tipo de perfil`}
            options={ROLE_TYPES.map((type) => ({ value: type, label: roleTypeLabel(type, i18n) }))}
            {...form.register('role_type')}
          />
        </div>
        {catalogue.data && (
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <PermissionPicker catalogue={catalogue.data} value={field.value} onChange={field.onChange} />
            )}
          />
        )}
        {failure && <Alert>{failure}</Alert>}
        <FormActions cancelTo="/profiles" submitting={form.formState.isSubmitting} />
      </form>
    </section>
  )
}
