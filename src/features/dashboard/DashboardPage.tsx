import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { useConnection } from '../../api/connection'
import { NetworkError } from '../../api/errors'
import { useReferenceList } from '../../catalogs/use-catalog'
import type { Permission } from '../../contract/rules/permissions'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { dayOf } from '../../ui/charts/date-range'
import { errorMessage } from '../../ui/form/error-message'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { AffectedSystemsCard, LostDaysCard, TopDiagnosesCard } from './ClinicalCards'
import { DashboardFilterBar } from './DashboardFilterBar'
import { nameIn } from './dashboard-answers'
import {
  type DashboardFilterValues,
  dashboardFilterOfValues,
  dashboardQueryOf,
  defaultFilters,
  periodReversed,
} from './dashboard-filters'
import type { ListAccess } from './dashboard-links'
import type { DashboardView } from './dashboard-view'
import { MaintenanceNotice } from './MaintenanceNotice'
import { PatientsCard, PregnancyCard, SpecialLabelsCard } from './PeopleCards'
import { Shortcuts } from './Shortcuts'
import { CovidCard, PeriodicExamsCard, VaccinationsCard } from './StateCards'
import { TasksCard } from './TasksCard'
import { useDeviceDashboard } from './use-device-dashboard'
import { useServerDashboard } from './use-server-dashboard'
import './dashboard.css'

/**
 * SPEC §6 "superuser all-assignments (total access)": who holds it sees the whole tenant, so its
 * dashboard is the server's (its calls count over every patient); everyone else's is counted on
 * the device over the patients in their care (the server scopes its calls to them the same way).
 */
const TENANT_WIDE: Permission = 'assignments.all'

/**
 * SPEC §2 dashboard-index (issue 24, docs/decisions/0032-dashboard.md): the year-end notice, the
 * shortcuts, the professional's tasks, and every item of the dashboard — patients, periodic exams
 * in their buckets, vaccinations, COVID, pregnancy, special labels, the top 5 diagnoses and
 * affected systems, lost days — under the filters of `get-filters/dashboard`, each number opening
 * the list behind it, and the whole as a PDF. A professional's figures are worked out on the device
 * (offline too); an administrator's come from the server's calls over the whole tenant. The
 * calendar item waits for the calendar module.
 */
export function DashboardPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const can = (permission: string) => hasPermission(session, permission)
  const tenantWide = can(TENANT_WIDE)
  const db = useSyncEngine()?.db
  const online = useConnection() !== 'offline'
  const today = dayOf(new Date())
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const [values, setValues] = useState<DashboardFilterValues>(() => defaultFilters(today))
  // A period whose end comes before its start is not applied: the figures stay as they were.
  const [applied, setApplied] = useState(values)
  const choose = (next: DashboardFilterValues) => {
    setValues(next)
    if (!periodReversed(next)) setApplied(next)
  }
  const query = useMemo(() => dashboardQueryOf(applied, timeZone), [applied, timeZone])
  const device = useDeviceDashboard(tenantWide ? undefined : db, applied, today, timeZone)
  const server = useServerDashboard(query, tenantWide && online)
  const statuses = useReferenceList('covid-statuses')
  const [failure, setFailure] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)

  const view: DashboardView | undefined = tenantWide ? server.view : device
  const serverUnreachable =
    tenantWide && (!online || (server.status === 'error' && server.error instanceof NetworkError))
  // The label filter resolved as the figures were counted: a list that cannot take it gets no link.
  const access: ListAccess = {
    can,
    filters: applied,
    sublabels: dashboardFilterOfValues(applied, view?.choices.labels ?? [], timeZone).sublabels,
    today,
  }
  const statusNames = useMemo(() => new Map(statuses?.map((item) => [item.code, item.name])), [statuses])
  const statusName = (code: string) => nameIn(statusNames, code)

  const download = async () => {
    if (!view) return
    setDownloading(true)
    setFailure(null)
    try {
      const { downloadDashboardPdf } = await import('../../reports/dashboard-document')
      const label = view.choices.labels.find((entry) => entry.id === applied.special_label)
      await downloadDashboardPdf(db, {
        language: i18n.locale.startsWith('en') ? 'en' : 'es',
        timeZone,
        today,
        filters: {
          from: applied.from || null,
          to: applied.to || null,
          subgroup: view.choices.subgroups.find((entry) => entry.id === applied.subgroup)?.name ?? null,
          specialLabel: label?.name ?? null,
          sublabel: label?.sublabels.find((entry) => entry.id === applied.sublabel)?.name ?? null,
        },
        figures: view.answers,
      })
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section className="page dashboard">
      <PageHeader title={t`Tablero`}>
        <Button variant="secondary" loading={downloading} disabled={!view} onClick={() => void download()}>
          <Trans>Descargar PDF</Trans>
        </Button>
      </PageHeader>
      <MaintenanceNotice />
      <p className="dashboard__greeting">
        <Trans>Hola, {session?.user.name}.</Trans>{' '}
        {tenantWide ? (
          <Trans>Estas cifras son de todos los pacientes de la organización.</Trans>
        ) : (
          <Trans>Estas cifras son de los pacientes a tu cargo, calculadas en este dispositivo.</Trans>
        )}
      </p>
      <Shortcuts can={can} />
      <DashboardFilterBar
        values={values}
        choices={view?.choices ?? { subgroups: [], labels: [] }}
        onChange={choose}
      />
      {failure && <Alert>{failure}</Alert>}
      {serverUnreachable ? (
        <Alert>
          {t`Sin conexión: las cifras de toda la organización vienen del servidor. Se mostrarán en cuanto vuelva la conexión.`}
        </Alert>
      ) : tenantWide && server.status === 'error' ? (
        <Alert>{errorMessage(server.error, i18n)}</Alert>
      ) : null}
      {!view ? (
        serverUnreachable ? null : (
          <Spinner />
        )
      ) : (
        <div className="dashboard-grid" aria-busy={tenantWide && server.status === 'loading'}>
          {view.tasks && <TasksCard tasks={view.tasks} access={access} />}
          {view.patients && <PatientsCard charts={view.patients} access={access} />}
          <PeriodicExamsCard buckets={view.answers.periodicExams} access={access} />
          <VaccinationsCard vaccines={view.answers.vaccines} access={access} />
          <CovidCard covid={view.answers.covid} statusName={statusName} access={access} />
          <PregnancyCard pregnancy={view.answers.specialLabels.pregnancy} access={access} />
          <SpecialLabelsCard labels={view.answers.specialLabels.labels} access={access} />
          <TopDiagnosesCard diagnoses={view.answers.topDiagnoses} access={access} />
          <AffectedSystemsCard
            top={view.answers.topAffectedSystems}
            byPeriod={view.answers.affectedSystems}
            access={access}
          />
          <LostDaysCard lost={view.answers.closedDays} access={access} />
        </div>
      )}
    </section>
  )
}
