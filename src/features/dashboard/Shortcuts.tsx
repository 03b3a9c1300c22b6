import { useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'

interface Shortcut {
  key: string
  permission: string
  to: LinkProps['to']
  label: string
}

/** SPEC §2 "shortcuts": the screens a user opens most, those their profile allows. */
export function Shortcuts({ can }: { can: (permission: string) => boolean }) {
  const { t } = useLingui()
  const shortcuts: Shortcut[] = [
    { key: 'patients', permission: 'patients-index', to: '/patients', label: t`Pacientes` },
    { key: 'new-patient', permission: 'patients-create', to: '/patients/create', label: t`Nuevo paciente` },
    { key: 'covid', permission: 'covid-index', to: '/covid', label: t`COVID` },
    { key: 'vaccinations', permission: 'vaccinations-index', to: '/vaccinations', label: t`Vacunación` },
    {
      key: 'periodic-exams',
      permission: 'periodic-exams-index',
      to: '/digital-record/periodic-exams',
      label: t`Exámenes periódicos`,
    },
    {
      key: 'assignments',
      permission: 'assignments-concentrated-index',
      to: '/assignments-concentrated',
      label: t`Asignaciones concentradas`,
    },
    { key: 'users', permission: 'users-index', to: '/users', label: t`Usuarios` },
  ]
  const allowed = shortcuts.filter((shortcut) => can(shortcut.permission))
  if (allowed.length === 0) return null
  return (
    <nav className="dashboard-shortcuts" aria-label={t`Accesos directos`}>
      {allowed.map((shortcut) => (
        <Link key={shortcut.key} to={shortcut.to} className="button" data-variant="secondary">
          {shortcut.label}
        </Link>
      ))}
    </nav>
  )
}
