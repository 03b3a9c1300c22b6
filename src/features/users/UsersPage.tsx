import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { listRoles } from '../../contract/endpoints/roles'
import { destroyUser, downloadUsers, usersTable } from '../../contract/endpoints/users'
import type { User } from '../../contract/schemas/users'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DownloadButton } from '../../ui/DownloadButton'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'

/** SPEC §2 users-index: the tenant's users, filtered by profile, with edit, delete and download. */
export function UsersPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const roles = useCall(listRoles)
  const [roleId, setRoleId] = useState('')
  const [reload, setReload] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<User>(async (doomed) => {
    await call(destroyUser, { params: { id: doomed.id } })
    notify(t`Usuario eliminado`)
    setReload((n) => n + 1)
  }, setFailure)

  // The columns' texts follow the language and their actions the session (t and can change with them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<User>>(
    () => ({
      sortBy: 'name',
      columns: [
        {
          key: 'name',
          title: t`Nombre`,
          isSort: true,
          isSearch: true,
          component: (user) => [user.name, user.last_name, user.second_last_name].filter(Boolean).join(' '),
        },
        { key: 'email', title: t`Correo electrónico`, isSort: true, isSearch: true },
        { key: 'employee_number', title: t`Número de empleado`, isSort: true, isSearch: true },
        {
          key: 'role',
          title: t`Perfil`,
          isSort: true,
          isSearch: true,
          component: (user) => user.role?.name ?? '',
        },
        {
          key: 'active',
          title: t`Estado`,
          isSort: true,
          component: (user) => (user.active ? t`Activo` : t`Inactivo`),
        },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (user) => (
            <span className="row-actions">
              {can('users-edit') && (
                <Link className="button" data-variant="ghost" to="/users/edit/$id" params={{ id: user.id }}>
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {user.email}</span>
                </Link>
              )}
              {can('users.delete') && user.id !== session?.user.uuid && (
                <Button variant="ghost" onClick={() => deletion.ask(user)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {user.email}</span>
                </Button>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, session],
  )

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))
  return (
    <section className="page">
      <PageHeader title={t`Usuarios`}>
        {can('users.export') && (
          <DownloadButton endpoint={downloadUsers} name="usuarios" onError={setFailure} />
        )}
        {can('users-create') && (
          <Link className="button" data-variant="primary" to="/users/create">
            <Trans>Nuevo usuario</Trans>
          </Link>
        )}
      </PageHeader>
      <div className="filters">
        <SelectField
          label={t`Filtrar por perfil`}
          value={roleId}
          onChange={(event) => setRoleId(event.target.value)}
          placeholder={t`Todos los perfiles`}
          options={roleOptions}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={t`Usuarios`}
        source={{ kind: 'server', endpoint: usersTable, filters: roleId ? { role_id: roleId } : {} }}
        rowKey={(user) => user.id}
        reloadToken={reload}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar usuario`}
        message={t`¿Eliminar a ${deletion.doomed?.email ?? ''}? Ya no podrá iniciar sesión.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
