import { Plural, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isoToDateText } from '../../contract/rules/formats'
import { CountList, DashboardCard, LazyChart } from './DashboardCard'
import { PALETTE } from './DashboardChart'
import type { DashboardAnswers } from './dashboard-answers'
import { affectedSystemLink, diagnosisLink, type ListAccess, lostDaysLink } from './dashboard-links'

/** The months of a by-month figure, oldest first, as the charts label them (YYYY/MM). */
const monthsOf = (rows: ReadonlyArray<{ month: string }>) => [...new Set(rows.map((row) => row.month))].sort()
const monthLabel = (month: string) => isoToDateText(month)

/** How many consultations in the period and how many patients an entry of a top 5 counts. */
function RankingCount({ consultations, patients }: { consultations: number; patients: number }) {
  return (
    <span className="dashboard-ranking__count">
      <Plural value={consultations} one="# consulta" other="# consultas" /> ·{' '}
      <Plural value={patients} one="# paciente" other="# pacientes" />
    </span>
  )
}

/** An entry of a top 5: the list behind its figures when the user may open it. */
function RankingEntry({ to, children }: { to: LinkProps | undefined; children: ReactNode }) {
  return to ? (
    <Link {...to} className="dashboard-ranking__link">
      {children}
    </Link>
  ) : (
    children
  )
}

/** SPEC §2/§9 "top 5 diagnoses" in the period. */
export function TopDiagnosesCard({
  diagnoses,
  access,
}: {
  diagnoses: DashboardAnswers['topDiagnoses']
  access: ListAccess
}) {
  const { t } = useLingui()
  return (
    <DashboardCard title={t`Top 5 diagnósticos`}>
      {diagnoses.length === 0 ? (
        <p className="dashboard-card__empty">{t`Sin datos en el periodo.`}</p>
      ) : (
        <>
          <ol className="dashboard-ranking" aria-label={t`Diagnósticos más frecuentes`}>
            {diagnoses.map((row) => (
              <li key={row.code}>
                <RankingEntry to={diagnosisLink(access, row.code)}>
                  <span className="dashboard-ranking__name">
                    <span className="dashboard-ranking__code">{row.code}</span> {row.name}
                  </span>
                  <RankingCount consultations={row.consultations} patients={row.patients} />
                </RankingEntry>
              </li>
            ))}
          </ol>
          <LazyChart
            kind="bar"
            horizontal
            labels={diagnoses.map((row) => row.code)}
            series={[{ label: t`Consultas`, values: diagnoses.map((row) => row.consultations) }]}
          />
        </>
      )}
    </DashboardCard>
  )
}

/** SPEC §2/§9 "top 5 affected systems" in the period, and every system's consultations by month. */
export function AffectedSystemsCard({
  top,
  byPeriod,
  access,
}: {
  top: DashboardAnswers['topAffectedSystems']
  byPeriod: DashboardAnswers['affectedSystems']
  access: ListAccess
}) {
  const { t } = useLingui()
  const months = monthsOf(byPeriod.months)
  const shown = top.map((row) => row.affected_system_id)
  return (
    <DashboardCard title={t`Top 5 aparatos y sistemas`} wide>
      {top.length === 0 ? (
        <p className="dashboard-card__empty">{t`Sin datos en el periodo.`}</p>
      ) : (
        <>
          <ol className="dashboard-ranking" aria-label={t`Aparatos y sistemas más afectados`}>
            {top.map((row) => (
              <li key={row.affected_system_id}>
                <RankingEntry to={affectedSystemLink(access, row.affected_system_id)}>
                  <span className="dashboard-ranking__name">{row.name}</span>
                  <RankingCount consultations={row.consultations} patients={row.patients} />
                </RankingEntry>
              </li>
            ))}
          </ol>
          <h3 className="dashboard-card__subtitle">{t`Consultas por mes`}</h3>
          <LazyChart
            kind="bar"
            stacked
            labels={months.map(monthLabel)}
            series={top.map((system, index) => ({
              label: system.name,
              color: PALETTE[index % PALETTE.length],
              values: months.map(
                (month) =>
                  byPeriod.months.find(
                    (row) => row.month === month && row.affected_system_id === shown[index],
                  )?.consultations ?? 0,
              ),
            }))}
          />
        </>
      )}
    </DashboardCard>
  )
}

/** SPEC §2 "lost days": days lost to disabilities in the period, by type and by month. */
export function LostDaysCard({ lost, access }: { lost: DashboardAnswers['closedDays']; access: ListAccess }) {
  const { t } = useLingui()
  const months = monthsOf(lost.months)
  return (
    <DashboardCard title={t`Días perdidos`} wide>
      <CountList
        rows={[
          {
            key: 'days',
            label: t`Días perdidos por incapacidad`,
            count: lost.total_days,
            to: lostDaysLink(access),
          },
          {
            key: 'patients',
            label: t`Pacientes con días perdidos`,
            count: lost.patients,
            to: lostDaysLink(access),
          },
          ...lost.types.map((row) => ({
            key: row.type_id,
            label: row.name,
            count: row.days,
            nested: true,
            to: lostDaysLink(access, row.type_id),
          })),
        ]}
        label={t`Días perdidos`}
      />
      {months.length > 0 && (
        <>
          <h3 className="dashboard-card__subtitle">{t`Días perdidos por mes`}</h3>
          <LazyChart
            kind="bar"
            stacked
            labels={months.map(monthLabel)}
            series={lost.types.map((type, index) => ({
              label: type.name,
              color: PALETTE[index % PALETTE.length],
              values: months.map(
                (month) =>
                  lost.months.find((row) => row.month === month && row.type_id === type.type_id)?.days ?? 0,
              ),
            }))}
          />
        </>
      )}
    </DashboardCard>
  )
}
