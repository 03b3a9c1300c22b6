import { createFileRoute } from '@tanstack/react-router'
import { HomeEmptyPage } from '../../../features/dashboard/HomeEmptyPage'

/** SPEC §2 home-empty: any signed-in user (the lighter guard). */
export const Route = createFileRoute('/_app/dashboard/home-empty')({
  staticData: { permission: 'authenticated' },
  component: HomeEmptyPage,
})
