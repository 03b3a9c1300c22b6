import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatDate } from '../../ui/format-date'
import { DashboardCard } from './DashboardCard'
import type { ListAccess } from './dashboard-links'
import type { TaskPatient, TasksView } from './dashboard-view'

/** How many patients of a task are named; the rest are in the list behind it. */
const NAMED = 5

function TaskGroup({
  title,
  patients,
  open,
  list,
  detail,
}: {
  title: string
  patients: readonly TaskPatient[]
  /** Where one patient's task is done, when the user may go there. */
  open?: (patient: TaskPatient) => LinkProps
  /** The whole list behind the task, when there is one the user may open. */
  list?: LinkProps
  detail?: (patient: TaskPatient) => ReactNode
}) {
  const { t } = useLingui()
  const more = patients.length - NAMED
  return (
    <li className="dashboard-task">
      <p className="dashboard-task__title">
        <span>{title}</span> <strong>{patients.length}</strong>
      </p>
      {patients.length > 0 && (
        <ul className="dashboard-task__patients">
          {patients.slice(0, NAMED).map((patient) => (
            <li key={`${patient.id}-${patient.end_date ?? ''}`}>
              {open ? <Link {...open(patient)}>{patient.name}</Link> : patient.name}
              {detail?.(patient)}
            </li>
          ))}
          {more > 0 && (
            <li>{list ? <Link {...list}>{t`y ${more} más`}</Link> : <span>{t`y ${more} más`}</span>}</li>
          )}
        </ul>
      )}
    </li>
  )
}

/**
 * SPEC §2 "tasks": what is due today for this professional over the patients in their care —
 * periodic exams expired or due within 10 days, doses overdue, COVID follow-ups not yet seen today,
 * disabilities ending within a week — each patient opening where the task is done.
 */
export function TasksCard({ tasks, access }: { tasks: TasksView; access: ListAccess }) {
  const { t } = useLingui()
  const { can } = access
  return (
    <DashboardCard title={t`Tareas de hoy`} wide>
      <ul className="dashboard-tasks">
        <TaskGroup
          title={t`Exámenes periódicos vencidos o por vencer`}
          patients={tasks.periodic_exams_due}
          {...(can('periodic-exams-create') && {
            open: (patient) => ({
              to: '/digital-record/periodic-exams/create/$patientId',
              params: { patientId: patient.id },
            }),
          })}
          // The list puts the expired first, then those due soon.
          {...(can('periodic-exams-index') && { list: { to: '/digital-record/periodic-exams' } })}
        />
        <TaskGroup
          title={t`Vacunas vencidas`}
          patients={tasks.vaccinations_overdue}
          {...(can('vaccinations-card') && {
            open: (patient) => ({ to: '/vaccinations/card/$id', params: { id: patient.id } }),
          })}
          {...(can('vaccinations-index') && { list: { to: '/vaccinations', search: { overdue: 'yes' } } })}
        />
        <TaskGroup
          title={t`Seguimientos COVID pendientes`}
          patients={tasks.covid_follow_ups}
          {...(can('covid-create') && {
            open: (patient) => ({ to: '/covid/create/$id', params: { id: patient.id } }),
          })}
          {...(can('covid-index') && { list: { to: '/covid' } })}
        />
        <TaskGroup
          title={t`Incapacidades por terminar esta semana`}
          patients={tasks.disabilities_ending}
          {...(can('patients-index') && {
            open: (patient) => ({ to: '/patients/record/$id', params: { id: patient.id } }),
          })}
          detail={(patient) =>
            patient.end_date ? (
              <span className="dashboard-task__detail">
                {' '}
                <Trans>termina el {formatDate(patient.end_date)}</Trans>
              </span>
            ) : null
          }
        />
      </ul>
    </DashboardCard>
  )
}
