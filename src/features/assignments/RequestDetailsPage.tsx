import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { call, download } from '../../api/client'
import { useCall } from '../../api/use-call'
import {
  authorizeRequestPatients,
  downloadRequest,
  refuseRequestPatients,
  showRequest,
} from '../../contract/endpoints/assignments'
import { downloadDateStamp } from '../../contract/rules/dates'
import type { AssignmentRequestDetail } from '../../contract/schemas/assignments'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DataTable, type DataTableConfig } from '../../ui/data-table/DataTable'
import { errorMessage } from '../../ui/form/error-message'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { DecisionBar, mayDecide } from './DecisionBar'
import { dateTime, requestStateLabel } from './labels'
import { useDecision } from './use-decision'
import './assignments.css'

type RequestPatient = AssignmentRequestDetail['patients_list'][number]

/** SPEC §2 assignments-concentrated-details: one request's patients, authorized or refused one by one. */
export function RequestDetailsPage({ requestId }: { requestId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const decides = mayDecide(can)
  const request = useCall(showRequest, { params: { id: requestId } }, requestId)
  const decision = useDecision(
    (verdict, selected) =>
      call(verdict === 'authorize' ? authorizeRequestPatients : refuseRequestPatients, {
        body: { patients_id: selected, users_ids_request_assignment_selected: [requestId] },
      }),
    () => request.reload(),
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale stands for t
  const config = useMemo<DataTableConfig<RequestPatient>>(
    () => ({
      sortBy: 'patient_name',
      columns: [
        // Only whom may decide selects (issue 17).
        ...(decides
          ? [
              {
                key: 'select',
                title: t`Seleccionar`,
                isAction: true,
                component: (row: RequestPatient) =>
                  row.state === 'waiting' ? (
                    <Checkbox
                      label={<span className="visually-hidden">{t`Seleccionar a ${row.patient_name}`}</span>}
                      checked={decision.selected.has(row.patient_id)}
                      onCheckedChange={(on) => decision.toggle(row.patient_id, on)}
                    />
                  ) : null,
              },
            ]
          : []),
        { key: 'patient_name', title: t`Paciente`, isSort: true, isSearch: true },
        { key: 'curp', title: t`CURP`, isSort: true, isSearch: true },
        { key: 'payroll_number', title: t`Número de nómina`, isSort: true, isSearch: true },
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
          key: 'decided_at',
          title: t`Decidida`,
          component: (row) => (row.decided_at ? dateTime(row.decided_at) : ''),
        },
      ],
    }),
    [i18n.locale, decision.selected, decides],
  )

  if (request.status === 'error') return <Alert>{errorMessage(request.error, i18n)}</Alert>
  const detail = request.data
  if (!detail) return <Spinner />
  return (
    <section className="page">
      <PageHeader title={t`Solicitud de ${detail.user_name}`}>
        <Link className="button" data-variant="ghost" to="/assignments-concentrated">
          <Trans>Volver</Trans>
        </Link>
        {can('assignments.concentrated-export') && (
          <Button
            variant="secondary"
            onClick={() =>
              void download(downloadRequest, `solicitud_asignacion_${downloadDateStamp(new Date())}.xlsx`, {
                params: { id: requestId },
              }).catch((error: unknown) => decision.fail(error))
            }
          >
            <Trans>Descargar</Trans>
          </Button>
        )}
      </PageHeader>
      <p>
        <Trans>
          Estado: <strong>{requestStateLabel(detail.state, i18n)}</strong> · Solicitada el{' '}
          {dateTime(detail.created_at)} · {detail.waiting} de {detail.patients} pacientes en espera
        </Trans>
      </p>
      <DecisionBar
        count={
          <Plural
            value={decision.selected.size}
            one="# paciente seleccionado"
            other="# pacientes seleccionados"
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
        caption={t`Pacientes de la solicitud`}
        source={{ kind: 'local', rows: detail.patients_list }}
        rowKey={(row) => row.patient_id}
      />
    </section>
  )
}
