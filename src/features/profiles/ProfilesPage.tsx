import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { destroyRole, downloadRoles, listRoles } from '../../contract/endpoints/roles'
import type { RoleSummary } from '../../contract/schemas/roles'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DownloadButton } from '../../ui/DownloadButton'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { roleTypeLabel } from './role-type-label'

type Row = RoleSummary & { type_label: string }

/** SPEC §2 profiles-index: the tenant's profiles (few, so sorted and searched on the device). */
export function ProfilesPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const roles = useCall(listRoles)
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<Row>(async (doomed) => {
    await call(destroyRole, { params: { id: doomed.id } })
    notify(t`Perfil eliminado`)
    roles.reload()
  }, setFailure)

  const rows = useMemo<Row[]>(
    () => (roles.data ?? []).map((role) => ({ ...role, type_label: roleTypeLabel(role.role_type, i18n) })),
    [roles.data, i18n],
  )
  // The columns' texts follow the language and their actions the session (t and can change with them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'name',
      columns: [
        { key: 'name', title: t`Nombre`, isSort: true, isSearch: true },
        { key: 'type_label', title: t`Tipo`, isSort: true, isSearch: true },
        { key: 'users_count', title: t`Usuarios`, isSort: true },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (role) => (
            <span className="row-actions">
              {can('profiles-edit') && (
                <Link
                  className="button"
                  data-variant="ghost"
                  to="/profiles/edit/$id"
                  params={{ id: role.id }}
                >
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {role.name}</span>
                </Link>
              )}
              {can('profiles.delete') && (
                <Button variant="ghost" onClick={() => deletion.ask(role)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {role.name}</span>
                </Button>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, session],
  )

  return (
    <section className="page">
      <PageHeader title={t`Perfiles`}>
        {can('profiles.export') && (
          <DownloadButton endpoint={downloadRoles} name="perfiles" onError={setFailure} />
        )}
        {can('profiles-create') && (
          <Link className="button" data-variant="primary" to="/profiles/create">
            <Trans>Nuevo perfil</Trans>
          </Link>
        )}
      </PageHeader>
      {failure && <Alert>{failure}</Alert>}
      {roles.status === 'error' && <Alert>{errorMessage(roles.error, i18n)}</Alert>}
      {roles.status === 'loading' && !roles.data ? (
        <Spinner />
      ) : (
        <DataTable
          config={config}
          caption={t`Perfiles`}
          source={{ kind: 'local', rows }}
          rowKey={(role) => role.id}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar perfil`}
        message={t`¿Eliminar el perfil ${deletion.doomed?.name ?? ''}?`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
