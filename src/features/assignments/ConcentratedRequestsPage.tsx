import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { call, download } from '../../api/client'
import { useCall } from '../../api/use-call'
import {
  authorizeRequests,
  concentratedFilters,
  downloadRequests,
  refuseRequests,
  requestsTable,
} from '../../contract/endpoints/assignments'
import { downloadDateStamp } from '../../contract/rules/dates'
import {
  type AssignmentRequestRow,
  REQUEST_STATES,
  type RequestState,
} from '../../contract/schemas/assignments'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { DecisionBar, mayDecide } from './DecisionBar'
import { dateTime, requestStateLabel } from './labels'
import { useDecision } from './use-decision'
import './assignments.css'

/**
 * SPEC §2 assignments-concentrated-index: the professionals' assignment requests with their
 * state, filtered by state and professional, authorized or refused in bulk, and downloaded.
 */
export function ConcentratedRequestsPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const decides = mayDecide(can)
  const options = useCall(concentratedFilters)
  const [state, setState] = useState<RequestState | ''>('waiting')
  const [userId, setUserId] = useState('')
  const [reload, setReload] = useState(0)
  const filters = { ...(state && { state }), ...(userId && { user_id: userId }) }
  const decision = useDecision(
    (verdict, selected) =>
      call(verdict === 'authorize' ? authorizeRequests : refuseRequests, {
        query: filters,
        body: { users_ids_request_assignment_selected: selected },
      }),
    () => setReload((n) => n + 1),
  )

  // The columns' texts follow the language and the checkboxes the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<AssignmentRequestRow>>(
    () => ({
      sortBy: 'created_at',
      sort: 'desc',
      columns: [
        // Only whom may decide selects (issue 17).
        ...(decides
          ? [
              {
                key: 'select',
                title: t`Seleccionar`,
                isAction: true,
                component: (row: AssignmentRequestRow) =>
                  row.state === 'waiting' ? (
                    <Checkbox
                      label={
                        <span className="visually-hidden">{t`Seleccionar la solicitud de ${row.user_name}`}</span>
                      }
                      checked={decision.selected.has(row.id)}
                      onCheckedChange={(on) => decision.toggle(row.id, on)}
                    />
                  ) : null,
              },
            ]
          : []),
        { key: 'user_name', title: t`Profesional`, isSort: true, isSearch: true },
        { key: 'patients', title: t`Pacientes` },
        { key: 'waiting', title: t`En espera` },
        {
          key: 'state',
          title: t`Estado`,
          isSort: true,
          component: (row) => (
            <span className="request-state" data-state={row.state}>
              {requestStateLabel(row.state, i18n)}
            </span>
          ),
        },
        {
          key: 'created_at',
          title: t`Solicitada`,
          isSort: true,
          component: (row) => dateTime(row.created_at),
        },
        {
          key: 'actions',
          title: t`Acciones`,
          isAction: true,
          component: (row) =>
            can('assignments-concentrated-details') ? (
              <Link
                className="button"
                data-variant="ghost"
                to="/assignments-concentrated/details/$assignationRequestsId"
                params={{ assignationRequestsId: row.id }}
              >
                <Trans>Ver detalle</Trans>
                <span className="visually-hidden"> {row.user_name}</span>
              </Link>
            ) : null,
        },
      ],
    }),
    [i18n.locale, decision.selected, session, decides],
  )

  const stateOptions = REQUEST_STATES.map((value) => ({ value, label: requestStateLabel(value, i18n) }))
  return (
    <section className="page">
      <PageHeader title={t`Asignaciones concentradas`}>
        {can('assignments.concentrated-export') && (
          <Button
            variant="secondary"
            onClick={() =>
              // The file holds what the filters show, one row per patient of each request.
              void download(
                downloadRequests,
                `solicitudes_asignacion_${downloadDateStamp(new Date())}.xlsx`,
                {
                  query: filters,
                },
              ).catch((error: unknown) => decision.fail(error))
            }
          >
            <Trans>Descargar</Trans>
          </Button>
        )}
      </PageHeader>
      <div className="filters">
        <SelectField
          label={t`Estado`}
          value={state}
          onChange={(event) => {
            setState(event.target.value as RequestState | '')
            decision.clear()
          }}
          placeholder={t`Todos los estados`}
          options={stateOptions}
        />
        <SelectField
          label={t`Profesional`}
          value={userId}
          onChange={(event) => {
            setUserId(event.target.value)
            decision.clear()
          }}
          placeholder={t`Todos los profesionales`}
          options={options.data?.professionals ?? []}
        />
      </div>
      <DecisionBar
        count={
          <Plural
            value={decision.selected.size}
            one="# solicitud seleccionada"
            other="# solicitudes seleccionadas"
          />
        }
        selected={decision.selected.size}
        busy={decision.busy}
        can={can}
        onDecide={(verdict) => void decision.decide(verdict)}
      />
      {decision.failure && <Alert>{decision.failure}</Alert>}
      <DataTable
        config={config}
        caption={t`Solicitudes de asignación`}
        source={{ kind: 'server', endpoint: requestsTable, filters }}
        rowKey={(row) => row.id}
        reloadToken={reload}
        onError={(error) => decision.fail(error)}
      />
    </section>
  )
}
