import { createFileRoute } from '@tanstack/react-router'
import { MedicinesPage } from '../../../features/medicines/MedicinesPage'

/** SPEC §2 medicines-index. */
export const Route = createFileRoute('/_app/medicines/')({
  staticData: { permission: 'medicines-index' },
  component: MedicinesPage,
})
