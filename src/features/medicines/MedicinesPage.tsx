import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import { destroyMedicine, exportMedicines, medicinesCatalog } from '../../contract/endpoints/medicines'
import type { Medicine } from '../../contract/schemas/medicines'
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
import { MedicinesImport } from './MedicinesImport'
import './medicines.css'

type Row = Medicine & { presentations_label: string }

/** SPEC §2 medicines-index: the tenant's medicines with their presentations, sorted and searched here. */
export function MedicinesPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const medicines = useCall(medicinesCatalog)
  const refreshCatalogs = useRefreshCatalogs()
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<Row>(async (doomed) => {
    await call(destroyMedicine, { params: { id: doomed.id } })
    notify(t`Medicamento eliminado`)
    medicines.reload()
    refreshCatalogs()
  }, setFailure)

  const rows = useMemo<Row[]>(
    () =>
      (medicines.data ?? []).map((medicine) => ({
        ...medicine,
        presentations_label: medicine.presentations.map((p) => `${p.name} ${p.dose}`).join(', '),
      })),
    [medicines.data],
  )
  // The columns' texts follow the language and their actions the session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<Row>>(
    () => ({
      sortBy: 'name',
      columns: [
        { key: 'name', title: t`Medicamento`, isSort: true, isSearch: true },
        { key: 'presentations_label', title: t`Presentaciones`, isSearch: true },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (medicine) => (
            <span className="row-actions">
              {can('medicines-edit') && (
                <Link
                  className="button"
                  data-variant="ghost"
                  to="/medicines/edit/$id"
                  params={{ id: medicine.id }}
                >
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {medicine.name}</span>
                </Link>
              )}
              {can('catalogues.delete') && (
                <Button variant="ghost" onClick={() => deletion.ask(medicine)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {medicine.name}</span>
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
      <PageHeader title={t`Medicamentos`}>
        {can('catalogues.export') && (
          <DownloadButton endpoint={exportMedicines} name="medicamentos" onError={setFailure} />
        )}
        {can('medicines-create') && (
          <Link className="button" data-variant="primary" to="/medicines/create">
            <Trans>Nuevo medicamento</Trans>
          </Link>
        )}
      </PageHeader>
      {can('medicines-create') && (
        <MedicinesImport
          onImported={() => {
            medicines.reload()
            refreshCatalogs()
          }}
        />
      )}
      {failure && <Alert>{failure}</Alert>}
      {medicines.status === 'error' && <Alert>{errorMessage(medicines.error, i18n)}</Alert>}
      {medicines.status === 'loading' && !medicines.data ? (
        <Spinner />
      ) : (
        <DataTable
          config={config}
          caption={t`Medicamentos`}
          source={{ kind: 'local', rows }}
          rowKey={(medicine) => medicine.id}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar medicamento`}
        message={t`¿Eliminar el medicamento ${deletion.doomed?.name ?? ''}? Los medicamentos activos de los pacientes conservan su nombre.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
