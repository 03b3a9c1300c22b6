import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import {
  destroySpecialLabel,
  downloadSpecialLabels,
  listSpecialLabels,
} from '../../contract/endpoints/special-labels'
import {
  SPECIAL_LABEL_COLORS,
  SPECIAL_LABEL_ICONS,
  type SpecialLabel,
} from '../../contract/schemas/special-labels'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DownloadButton } from '../../ui/DownloadButton'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { LabelChip } from '../../ui/LabelChip'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'

type Row = SpecialLabel & { sublabels_label: string }

const hexOf = (code: string) => SPECIAL_LABEL_COLORS[code as keyof typeof SPECIAL_LABEL_COLORS] ?? '#546e7a' // unknown codes fall back to gray
const glyphOf = (code: string) => SPECIAL_LABEL_ICONS[code as keyof typeof SPECIAL_LABEL_ICONS] ?? '•' // likewise

/** SPEC §2 special-labels-index: the tenant's labels with their sublabels (few: sorted and searched here). */
export function SpecialLabelsPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const labels = useCall(listSpecialLabels)
  const refreshCatalogs = useRefreshCatalogs()
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<Row>(async (doomed) => {
    await call(destroySpecialLabel, { params: { id: doomed.id } })
    notify(t`Etiqueta especial eliminada`)
    labels.reload()
    refreshCatalogs()
  }, setFailure)

  const rows = useMemo<Row[]>(
    () =>
      (labels.data ?? []).map((label) => ({
        ...label,
        sublabels_label: label.sublabels.map((sublabel) => sublabel.name).join(', '),
      })),
    [labels.data],
  )
  // The columns' texts follow the language and their actions the session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'name',
      columns: [
        {
          key: 'name',
          title: t`Etiqueta`,
          isSort: true,
          isSearch: true,
          component: (label) => (
            <LabelChip color={hexOf(label.color)} glyph={glyphOf(label.icon)} text={label.name} />
          ),
        },
        { key: 'sublabels_label', title: t`Subetiquetas`, isSearch: true },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (label) => (
            <span className="row-actions">
              {can('special-labels-edit') && (
                <Link
                  className="button"
                  data-variant="ghost"
                  to="/special-labels/edit/$id"
                  params={{ id: label.id }}
                >
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {label.name}</span>
                </Link>
              )}
              {can('catalogues.delete') && (
                <Button variant="ghost" onClick={() => deletion.ask(label)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {label.name}</span>
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
      <PageHeader title={t`Etiquetas especiales`}>
        {can('catalogues.export') && (
          <DownloadButton endpoint={downloadSpecialLabels} name="etiquetas_especiales" onError={setFailure} />
        )}
        {can('special-labels-create') && (
          <Link className="button" data-variant="primary" to="/special-labels/create">
            <Trans>Nueva etiqueta especial</Trans>
          </Link>
        )}
      </PageHeader>
      {failure && <Alert>{failure}</Alert>}
      {labels.status === 'error' && <Alert>{errorMessage(labels.error, i18n)}</Alert>}
      {labels.status === 'loading' && !labels.data ? (
        <Spinner />
      ) : (
        <DataTable
          config={config}
          caption={t`Etiquetas especiales`}
          source={{ kind: 'local', rows }}
          rowKey={(label) => label.id}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar etiqueta especial`}
        message={t`¿Eliminar la etiqueta especial ${deletion.doomed?.name ?? ''}? Los pacientes que la tienen dejarán de mostrarla.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
