import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ExamDueState } from '../../contract/rules/periodic-exam-due'
import { TRIAGE_STATUSES } from '../../contract/schemas/covid'
import { CountList, type CountRow, DashboardCard, LazyChart } from './DashboardCard'
import type { DashboardAnswers } from './dashboard-answers'
import { covidLink, type ListAccess, periodicExamsLink, vaccinationsLink } from './dashboard-links'

const BUCKET_COLORS: Record<ExamDueState, string> = {
  applied: '#2e7d32',
  due_soon: '#8a5a00',
  expired: '#c62828',
  never_examined: '#546e7a',
}

/** SPEC §2 "periodic exams (buckets applied, expired, soon to expire within the next 10 days)". */
export function PeriodicExamsCard({
  buckets,
  access,
}: {
  buckets: DashboardAnswers['periodicExams']
  access: ListAccess
}) {
  const { t } = useLingui()
  const names: Record<ExamDueState, string> = {
    applied: t`Aplicados`,
    expired: t`Vencidos`,
    due_soon: t`Por vencer en los próximos 10 días`,
    never_examined: t`Sin examen`,
  }
  const states: ExamDueState[] = ['applied', 'expired', 'due_soon', 'never_examined']
  const rows: CountRow[] = states.map((state) => ({
    key: state,
    label: names[state],
    count: buckets[state],
    to: periodicExamsLink(access, state),
  }))
  return (
    <DashboardCard title={t`Exámenes periódicos`}>
      <CountList rows={rows} label={t`Pacientes por estado del examen periódico`} />
      <LazyChart
        kind="doughnut"
        labels={states.map((state) => names[state])}
        series={[{ label: t`Pacientes`, values: states.map((state) => buckets[state]) }]}
        colors={states.map((state) => BUCKET_COLORS[state])}
      />
    </DashboardCard>
  )
}

/** SPEC §2 "vaccinations": schemes complete and incomplete today, doses overdue, doses in the period. */
export function VaccinationsCard({
  vaccines,
  access,
}: {
  vaccines: DashboardAnswers['vaccines']
  access: ListAccess
}) {
  const { t } = useLingui()
  const rows: CountRow[] = [
    {
      key: 'complete',
      label: t`Esquema completo`,
      count: vaccines.complete,
      to: vaccinationsLink(access, { status: 'complete' }),
    },
    {
      key: 'incomplete',
      label: t`Esquema incompleto`,
      count: vaccines.incomplete,
      to: vaccinationsLink(access, { status: 'incomplete' }),
    },
    {
      key: 'overdue',
      label: t`Con dosis vencidas`,
      count: vaccines.overdue,
      to: vaccinationsLink(access, { overdue: 'yes' }),
    },
  ]
  return (
    <DashboardCard title={t`Vacunación`}>
      <CountList rows={rows} label={t`Pacientes por esquema de vacunación`} />
      <h3 className="dashboard-card__subtitle">{t`Dosis aplicadas en el periodo`}</h3>
      {vaccines.vaccines.length === 0 ? (
        <p className="dashboard-card__empty">{t`Sin datos en el periodo.`}</p>
      ) : (
        <>
          <CountList
            rows={vaccines.vaccines.map((row) => ({
              key: row.vaccine_id,
              label: row.name,
              count: row.doses,
            }))}
            label={t`Dosis por vacuna`}
          />
          <LazyChart
            kind="bar"
            horizontal
            labels={vaccines.vaccines.map((row) => row.name)}
            series={[{ label: t`Dosis`, values: vaccines.vaccines.map((row) => row.doses) }]}
          />
        </>
      )}
    </DashboardCard>
  )
}

/** SPEC §2 "COVID": patients by the status of their latest triage consultation in the period. */
export function CovidCard({
  covid,
  statusName,
  access,
}: {
  covid: DashboardAnswers['covid']
  statusName: (code: string) => string
  access: ListAccess
}) {
  const { t } = useLingui()
  const shown = TRIAGE_STATUSES.filter((status) => covid[status] > 0)
  return (
    <DashboardCard
      title={t`COVID`}
      action={
        access.can('covid-index') ? (
          <Link to="/covid" className="dashboard-card__action">
            {t`Ver triage`}
          </Link>
        ) : undefined
      }
    >
      <CountList
        rows={[
          { key: 'total', label: t`Pacientes en triage`, count: covid.total },
          ...shown.map((status) => ({
            key: status,
            label: statusName(status),
            count: covid[status],
            nested: true,
            to: covidLink(access, status),
          })),
        ]}
        label={t`Pacientes por estatus COVID`}
      />
      {shown.length > 0 && (
        <LazyChart
          kind="bar"
          horizontal
          labels={shown.map(statusName)}
          series={[{ label: t`Pacientes`, values: shown.map((status) => covid[status]) }]}
        />
      )}
    </DashboardCard>
  )
}
