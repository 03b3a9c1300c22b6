import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { assignationFilters, deleteRule, rulesTable } from '../../contract/endpoints/assignments'
import type { AssignationRule } from '../../contract/schemas/assignments'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { useConfirmedDelete } from '../../ui/use-confirmed-delete'
import { dateTime } from './labels'
import { RuleDialog } from './RuleDialog'
import './assignments.css'

/** SPEC §2 assignation-patient: rules that assign the patients some top filters find to a professional. */
export function AssignationPatientPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const options = useCall(assignationFilters)
  const [editing, setEditing] = useState<AssignationRule | 'new' | null>(null)
  const [reload, setReload] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const deletion = useConfirmedDelete<AssignationRule>(async (doomed) => {
    const outcome = await call(deleteRule, { params: { id: doomed.id } })
    notify(t`Asignación eliminada; pacientes desasignados: ${outcome.unassigned}`)
    setReload((n) => n + 1)
  }, setFailure)

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale and session stand for t and can
  const config = useMemo<DataTableConfig<AssignationRule>>(
    () => ({
      sortBy: 'name',
      columns: [
        { key: 'name', title: t`Nombre`, isSort: true, isSearch: true },
        { key: 'user_name', title: t`Profesional`, isSort: true, isSearch: true },
        {
          key: 'filters',
          title: t`Filtros`,
          component: (rule) =>
            Object.entries(rule.filters)
              .map(([field, value]) => `${field}: ${value}`)
              .join(', '),
        },
        { key: 'patients', title: t`Pacientes asignados` },
        { key: 'created_at', title: t`Creada`, isSort: true, component: (rule) => dateTime(rule.created_at) },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (rule) => (
            <span className="row-actions">
              {can('assignments.create') && (
                <Button variant="ghost" onClick={() => setEditing(rule)}>
                  <Trans>Editar</Trans>
                  <span className="visually-hidden"> {rule.name}</span>
                </Button>
              )}
              {can('assignments.delete') && (
                <Button variant="ghost" onClick={() => deletion.ask(rule)}>
                  <Trans>Eliminar</Trans>
                  <span className="visually-hidden"> {rule.name}</span>
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
      <PageHeader title={t`Asignación de pacientes`}>
        {can('assignments.create') && (
          <Button onClick={() => setEditing('new')}>
            <Trans>Nueva asignación</Trans>
          </Button>
        )}
      </PageHeader>
      {failure && <Alert>{failure}</Alert>}
      <DataTable
        config={config}
        caption={t`Asignaciones de pacientes`}
        source={{ kind: 'server', endpoint: rulesTable }}
        rowKey={(rule) => rule.id}
        reloadToken={reload}
        onError={(error) => setFailure(errorMessage(error, i18n))}
      />
      {editing !== null && (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          options={options.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            setReload((n) => n + 1)
          }}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t`Eliminar asignación`}
        message={t`¿Eliminar "${deletion.doomed?.name ?? ''}"? Sus pacientes dejarán de estar asignados al profesional.`}
        confirmLabel={t`Eliminar`}
      />
    </section>
  )
}
