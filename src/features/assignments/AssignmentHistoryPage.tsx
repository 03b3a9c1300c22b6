import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useCall } from '../../api/use-call'
import { assignmentHistory } from '../../contract/endpoints/assignments'
import type { AssignmentHistory } from '../../contract/schemas/assignments'
import { Alert } from '../../ui/Alert'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { dateTime, historyActionLabel } from './labels'

type Entry = AssignmentHistory['entries'][number]

/** SPEC §2 patients-assignments-history: every assignment step of one patient with one professional. */
export function AssignmentHistoryPage({ userId, patientId }: { userId: string; patientId: string }) {
  const { t, i18n } = useLingui()
  const history = useCall(assignmentHistory, { params: { userId, patientId } }, `${userId}/${patientId}`)

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<Entry>>(
    () => ({
      sortBy: 'at',
      columns: [
        { key: 'at', title: t`Fecha`, isSort: true, component: (entry) => dateTime(entry.at) },
        {
          key: 'action',
          title: t`Movimiento`,
          isSort: true,
          component: (entry) => historyActionLabel(entry.action, i18n),
        },
        { key: 'actor_name', title: t`Realizado por`, isSort: true, isSearch: true },
      ],
    }),
    [i18n.locale],
  )

  if (history.status === 'error') return <Alert>{errorMessage(history.error, i18n)}</Alert>
  if (!history.data) return <Spinner />
  const { user_name, patient_name, entries } = history.data
  return (
    <section className="page">
      <PageHeader title={t`Historial de asignación`} />
      <p>{t`${patient_name} con ${user_name}`}</p>
      <DataTable
        config={config}
        caption={t`Historial de asignación`}
        source={{ kind: 'local', rows: entries }}
        rowKey={(entry) => entry.id}
      />
    </section>
  )
}
