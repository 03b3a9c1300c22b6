import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import { catalogueCalls } from '../../contract/endpoints/catalogues'
import {
  type CatalogueColumn,
  type CatalogueDefinition,
  type CatalogueName,
  type CatalogueRow,
  type CatalogueScreen,
  columnsOf,
  permissionsOfCatalogue,
} from '../../contract/schemas/catalogue-definitions'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DownloadButton } from '../../ui/DownloadButton'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { CATALOGUE_TEXTS, PARENT_LABELS } from './catalogue-texts'

/**
 * SPEC §2 `<catalogue>-index` of any simple catalogue (decision 0018): the shared data table in
 * server mode (search, sort, pages), the export, and edit and delete (with confirmation) by
 * permission. Deleting a value in use is refused by the server, whose message names where.
 */
export function CataloguePage({ definition }: { definition: CatalogueDefinition }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const permissions = permissionsOfCatalogue(definition)
  const name = definition.name as CatalogueName // a definition names one of the definitions
  // A definition's screen is one of the definitions' screens, whose routes exist.
  const screen = definition.screen as CatalogueScreen
  const calls = catalogueCalls[name]
  const texts = CATALOGUE_TEXTS[name]
  const refreshCatalogs = useRefreshCatalogs()
  const [reload, setReload] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<CatalogueRow>(async (doomed) => {
    await call(calls.destroy, { params: { id: doomed.id } })
    notify(i18n._(texts.deleted))
    setReload((n) => n + 1)
    refreshCatalogs()
  }, setFailure)

  const titles: Record<CatalogueColumn, string> = {
    code: t`Código`,
    name: t`Nombre`,
    parent_name: i18n._(PARENT_LABELS[name] ?? texts.title),
    items_label: t`Elementos`,
    active: t`Estado`,
  }
  // The columns' texts follow the language and their actions the session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<CatalogueRow>>(
    () => ({
      sortBy: definition.code === 'required' ? 'code' : 'name',
      columns: [
        ...columnsOf(definition).map((key) => ({
          key,
          title: titles[key],
          isSort: key === 'name' || key === 'code' || key === 'active',
          isSearch: key === 'name' || key === 'code',
          ...(key === 'active' && {
            component: (row: CatalogueRow) => (row.active ? t`Activo` : t`Inactivo`),
          }),
          ...(key === 'code' && { component: (row: CatalogueRow) => row.code ?? '' }),
          ...(key === 'parent_name' && { component: (row: CatalogueRow) => row.parent_name ?? '' }),
        })),
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row: CatalogueRow) => (
            <span className="row-actions">
              {can(permissions.edit) && (
                <Link
                  className="button"
                  data-variant="ghost"
                  to={`/${screen}/edit/$id`}
                  params={{ id: row.id }}
                >
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {row.name}</span>
                </Link>
              )}
              {can(permissions.delete) && (
                <Button variant="ghost" onClick={() => deletion.ask(row)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {row.name}</span>
                </Button>
              )}
            </span>
          ),
        },
      ],
    }),
    [i18n.locale, session, definition],
  )

  return (
    <section className="page">
      <PageHeader title={i18n._(texts.title)}>
        {can(permissions.export) && (
          <DownloadButton endpoint={calls.download} name={definition.fileName} onError={setFailure} />
        )}
        {can(permissions.create) && (
          <Link className="button" data-variant="primary" to={`/${screen}/create`}>
            {i18n._(texts.create)}
          </Link>
        )}
      </PageHeader>
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={i18n._(texts.title)}
        source={{ kind: 'server', endpoint: calls.table }}
        rowKey={(row) => row.id}
        reloadToken={reload}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar valor del catálogo`}
        message={t`¿Eliminar ${deletion.doomed?.name ?? ''}? Si está en uso, desactívalo en su lugar.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
